/**
 * The fixed choices of the new-patient form and the shape of a posted form: kept apart from the
 * schemas (which bring zod) so the form's page in the browser carries only these few lines.
 */
export const DURATIONS = [
  { value: 'days', label: 'Less than a week' },
  { value: 'weeks', label: '1 to 6 weeks' },
  { value: 'months', label: '6 weeks to 3 months' },
  { value: 'long', label: '3 to 12 months' },
  { value: 'years', label: 'More than a year' },
] as const;

export const SEVERITIES = Array.from({ length: 11 }, (_, n) => ({ value: String(n), label: n === 0 ? '0 (no pain)' : n === 10 ? '10 (the worst imaginable)' : String(n) }));

/** A posted form: one string per field, several for the boxes of a list (regions, conditions). */
export type Posted = Record<string, string | string[]>;
