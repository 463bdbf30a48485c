import type { Cents } from '../content/products';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** The one money format of the shop: 16500 → "$165.00". */
export function formatMoney(amount: Cents): string {
  return usd.format(amount / 100);
}

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** A typed quantity as a number the totals can use: whole, between 1 and 99; anything else counts as 0 until corrected. */
export function parseQuantity(raw: string | number | undefined): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw ?? '', 10);
  if (!Number.isFinite(n) || n < MIN_QUANTITY) return 0;
  return Math.min(MAX_QUANTITY, Math.floor(n));
}
