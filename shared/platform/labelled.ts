/**
 * A closed set of words with their labels, said once (a status, a kind, a channel): the table
 * names each value and its label (and whatever else belongs to it); this gives the values in
 * order, a guard for what arrives from outside, each value's label, and a select's options.
 * The SQL CHECKs list the same values (tests compare them).
 */
export interface Labelled<K extends string> {
  /** The values, in the table's order. */
  readonly values: readonly K[];
  is(value: unknown): value is K;
  label(value: K): string;
  /** `{ value, label }` for each, for a select. */
  options(): { value: K; label: string }[];
}

export function labelled<const T extends Record<string, { readonly label: string }>>(table: T): Labelled<keyof T & string> {
  type K = keyof T & string;
  const values = Object.keys(table) as K[];
  const label = (value: K): string => (table[value] as { label: string }).label;
  return {
    values,
    is: (value: unknown): value is K => typeof value === 'string' && Object.hasOwn(table, value),
    label,
    options: () => values.map((value) => ({ value, label: label(value) })),
  };
}
