/**
 * A value read from the database once and kept in memory until `invalidate()` (called when the
 * content version moves: server/platform/db/content-version.ts). A failed read is not kept: the
 * next caller tries again.
 */
export function memoized<T>(load: () => Promise<T>): { get(): Promise<T>; invalidate(): void } {
  let current: Promise<T> | null = null;
  return {
    get() {
      current ??= load().catch((error: unknown) => {
        current = null;
        throw error;
      });
      return current;
    },
    invalidate() {
      current = null;
    },
  };
}
