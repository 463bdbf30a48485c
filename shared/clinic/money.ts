/** Whole naira as the clinic writes prices: `₦25,000` (by hand, so server and browser print the same). */
export function formatNaira(amount: number): string {
  return `₦${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
