import { eq, inArray } from 'drizzle-orm';
import { hasRedFlag, type IntakeDocument } from '../../shared/intake/answers';
import { SECTION_IDS, type SectionId } from '../../shared/intake/definition';
import type { Db, Tx } from '../platform/db/db';
import { dobCheck, newDataKey, openJson, sealJson, unwrapDataKey, type IntakeKeyring } from './crypto';
import { intakeForms, type IntakeFormRow } from './schema';

/** A form's rows as the service reads them: one per visit, the answers sealed (crypto.ts). */

export async function formOfVisit(db: Db | Tx, appointmentId: number, lock = false): Promise<IntakeFormRow | undefined> {
  const query = db.select().from(intakeForms).where(eq(intakeForms.appointmentId, appointmentId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function formsOfVisits(db: Db, appointmentIds: readonly number[]): Promise<IntakeFormRow[]> {
  if (!appointmentIds.length) return [];
  return db.select().from(intakeForms).where(inArray(intakeForms.appointmentId, [...appointmentIds]));
}

/**
 * The form of a visit, made the first time its patient gives their date of birth: a new data
 * key, wrapped by the current KEK, and the keyed hash of the date. A second, concurrent first
 * time makes nothing (the unique visit) and the caller reads the first one's row.
 */
export async function createForm(tx: Tx, ring: IntakeKeyring, appointmentId: number, dob: string, now: Date): Promise<{ row: IntakeFormRow; dataKey: Buffer } | null> {
  const { dataKey, kekId, wrapped } = newDataKey(ring, appointmentId);
  const doc: IntakeDocument = { dob, sections: {} };
  const [row] = await tx
    .insert(intakeForms)
    .values({ appointmentId, kekId, wrappedKey: wrapped, dobCheck: dobCheck(dataKey, appointmentId, dob), answers: sealJson(dataKey, appointmentId, 'answers', doc), flag: sealJson(dataKey, appointmentId, 'flag', false), createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: intakeForms.appointmentId })
    .returning();
  return row ? { row, dataKey } : null;
}

/** The form's data key (throws UndecryptableError when this server lacks the KEK, or the row was tampered with). */
export const dataKeyOf = (ring: IntakeKeyring, row: IntakeFormRow) => unwrapDataKey(ring, row.appointmentId, { kekId: row.kekId, wrapped: row.wrappedKey });

/** The date of birth and the sections saved (none once the consent to keep them is withdrawn). */
export function documentOf(dataKey: Buffer, row: IntakeFormRow): IntakeDocument {
  return openJson<IntakeDocument>(dataKey, row.appointmentId, 'answers', row.answers);
}

export function redFlagOf(dataKey: Buffer, row: IntakeFormRow): boolean {
  return openJson<boolean>(dataKey, row.appointmentId, 'flag', row.flag) === true;
}

/** The sections saved, one bit each in the form's order. */
export function sectionBits(doc: IntakeDocument): number {
  return SECTION_IDS.reduce((bits, id, i) => (doc.sections[id] ? bits | (1 << i) : bits), 0);
}

export const savedSections = (bits: number): SectionId[] => SECTION_IDS.filter((_, i) => (bits & (1 << i)) !== 0);

/** The columns that hold the document, sealed again (a new IV each time). */
export function sealed(dataKey: Buffer, appointmentId: number, doc: IntakeDocument) {
  return { answers: sealJson(dataKey, appointmentId, 'answers', doc), flag: sealJson(dataKey, appointmentId, 'flag', hasRedFlag(doc)), sections: sectionBits(doc) };
}
