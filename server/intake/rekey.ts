import { asc, count, eq, gt, ne, and } from 'drizzle-orm';
import type { Db } from '../platform/db/db';
import { rewrap, UndecryptableError, type IntakeKeyring } from './crypto';
import { intakeForms } from './schema';

/**
 * Key rotation (ADR 0044): every form's data key wrapped again by the current KEK. The answers
 * are not touched (their data keys stay the same), so a rotation is one small write per form and
 * the servers keep working throughout, reading old and new wrappings alike (the old KEK in
 * INTAKE_KEK_PREVIOUS until this has run).
 */
export async function rekeyForms(db: Db, ring: IntakeKeyring, batch = 200): Promise<{ rewrapped: number; unreadable: number }> {
  let rewrapped = 0;
  let unreadable = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: intakeForms.id, appointmentId: intakeForms.appointmentId, kekId: intakeForms.kekId, wrappedKey: intakeForms.wrappedKey })
      .from(intakeForms)
      .where(and(ne(intakeForms.kekId, ring.current.id), gt(intakeForms.id, after)))
      .orderBy(asc(intakeForms.id))
      .limit(batch);
    if (!rows.length) return { rewrapped, unreadable };
    for (const row of rows) {
      after = row.id;
      try {
        const next = rewrap(ring, row.appointmentId, { kekId: row.kekId, wrapped: row.wrappedKey });
        // Only if nobody rewrapped it meanwhile (another run): the row names the key it was read under.
        const done = await db
          .update(intakeForms)
          .set({ kekId: next.kekId, wrappedKey: next.wrapped })
          .where(and(eq(intakeForms.id, row.id), eq(intakeForms.kekId, row.kekId)))
          .returning({ id: intakeForms.id });
        rewrapped += done.length;
      } catch (error) {
        if (!(error instanceof UndecryptableError)) throw error;
        unreadable++;
      }
    }
  }
}

/** Forms wrapped by a key this server does not hold, by key id (at start: production refuses to run with any). */
export async function missingKeys(db: Db, ring: IntakeKeyring): Promise<{ kekId: string; forms: number }[]> {
  const rows = await db.select({ kekId: intakeForms.kekId, forms: count() }).from(intakeForms).groupBy(intakeForms.kekId);
  return rows.filter((r) => !ring.byId.has(r.kekId)).map((r) => ({ kekId: r.kekId, forms: Number(r.forms) }));
}
