/** The SQLSTATE of a driver error, through Drizzle's wrapping ("Failed query: …", cause: the driver's error). */
export function sqlState(error: unknown): string | null {
  let e = error as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/** exclusion_violation: the time overlaps an active appointment of the practitioner (appointments_no_overlap). */
export const isExclusionViolation = (error: unknown) => sqlState(error) === '23P01';
/** unique_violation (a reference drawn twice). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
/** deadlock_detected: PostgreSQL broke a cycle of waits by failing this transaction's statement. */
export const isDeadlock = (error: unknown) => sqlState(error) === '40P01';
