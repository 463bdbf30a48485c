import { desc, inArray, sql } from 'drizzle-orm';
import { DEFAULT_DEFINITION, type IntakeDefinition, type IntakeVersion } from '../../shared/intake/definition';
import type { Db } from '../platform/db/db';
import { intakeVersions } from './schema';

/**
 * The versions of the questions and consent texts. A version never changes once published, so
 * each is read once per process; which one is current is asked each time (another instance may
 * have published one). The first is the clinic's default, written on first use.
 */
export interface Versions {
  current(): Promise<IntakeVersion>;
  /** The definitions of these versions (each saved section names its own). */
  many(numbers: Iterable<number>): Promise<Map<number, IntakeDefinition>>;
  history(): Promise<Omit<IntakeVersion, 'definition'>[]>;
  /** Publishes a new version on top of `base` (the one the editor saw); 'stale' when another was published meanwhile. */
  publish(definition: IntakeDefinition, base: number, by: { uid: string; name: string }): Promise<{ ok: true; version: number } | { ok: false; reason: 'stale'; current: number }>;
}

/** Any 32-bit number no other code uses as the first advisory-lock key ("iv"): publishing a version. */
const PUBLISH_LOCK = 0x6976;

const toVersion = (r: typeof intakeVersions.$inferSelect): IntakeVersion => ({ version: r.version, definition: r.definition, createdAt: r.createdAt.toISOString(), createdByName: r.createdByName });

export function versionsOf(db: Db): Versions {
  const known = new Map<number, IntakeDefinition>();
  const ensureFirst = () => db.insert(intakeVersions).values({ version: 1, definition: DEFAULT_DEFINITION, createdBy: 'clinic', createdByName: 'The clinic' }).onConflictDoNothing();
  return {
    async current() {
      let [row] = await db.select().from(intakeVersions).orderBy(desc(intakeVersions.version)).limit(1);
      if (!row) {
        await ensureFirst();
        [row] = await db.select().from(intakeVersions).orderBy(desc(intakeVersions.version)).limit(1);
      }
      known.set(row!.version, row!.definition);
      return toVersion(row!);
    },
    async many(numbers) {
      const wanted = [...new Set(numbers)];
      const missing = wanted.filter((n) => !known.has(n));
      if (missing.length) for (const r of await db.select().from(intakeVersions).where(inArray(intakeVersions.version, missing))) known.set(r.version, r.definition);
      return new Map(wanted.filter((n) => known.has(n)).map((n) => [n, known.get(n)!]));
    },
    async history() {
      const rows = await db.select({ version: intakeVersions.version, createdAt: intakeVersions.createdAt, createdByName: intakeVersions.createdByName }).from(intakeVersions).orderBy(desc(intakeVersions.version));
      return rows.map((r) => ({ version: r.version, createdAt: r.createdAt.toISOString(), createdByName: r.createdByName }));
    },
    async publish(definition, base, by) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK})`);
        const [top] = await tx.select({ version: intakeVersions.version }).from(intakeVersions).orderBy(desc(intakeVersions.version)).limit(1);
        const current = top?.version ?? 0;
        if (current !== base) return { ok: false as const, reason: 'stale' as const, current };
        const version = current + 1;
        await tx.insert(intakeVersions).values({ version, definition, createdBy: by.uid, createdByName: by.name });
        return { ok: true as const, version };
      });
    },
  };
}
