/**
 * Nigerian phone numbers as people type them — `0803 123 4567`, `+234 803 123 4567`,
 * `2348031234567`, `+234 (0) 803…` — to E.164 (`+2348031234567`); null when it is not one.
 * Mobile and non-geographic numbers: 10 national digits starting 70, 71, 80, 81, 90, 91.
 */
export function toE164Nigeria(input: string): string | null {
  const compact = input.replace(/[\s().\-–]/g, '');
  const match = /^(?:\+?234(?:0)?|0)([789][01]\d{8})$/.exec(compact);
  return match ? `+234${match[1]}` : null;
}

/** +2348031234567 → +234 803 123 4567, for showing a stored number. */
export function formatE164Nigeria(e164: string): string {
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `+234 ${m[1]} ${m[2]} ${m[3]}` : e164;
}
