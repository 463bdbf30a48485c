import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { appointments } from '../booking/schema';
import type { Db, Tx } from '../platform/db/db';
import { intakeForms, intakeReads } from './schema';

/**
 * The data rights and the records policy for new-patient forms (NDPA 2023): what a person's
 * export says of their forms (never the answers: the front desk exports, and only those treating
 * read them; the patient downloads their own from their link), their erasure, and retention.
 */

function visitsOf(person: { emails: readonly string[]; phone: string | null }): SQL | null {
  const by: SQL[] = [];
  if (person.emails.length) by.push(inArray(sql`lower(${appointments.patientEmail})`, [...person.emails]));
  if (person.phone) by.push(eq(appointments.patientPhone, person.phone));
  return by.length ? or(...by)! : null;
}

/** A person's forms, gone with their read log (in the erasure's transaction, before their visits). */
export async function eraseFormsOf(tx: Tx, person: { emails: readonly string[]; phone: string | null }): Promise<number> {
  const theirs = visitsOf(person);
  if (!theirs) return 0;
  const gone = await tx
    .delete(intakeForms)
    .where(inArray(intakeForms.appointmentId, tx.select({ id: appointments.id }).from(appointments).where(theirs)))
    .returning({ id: intakeForms.id });
  return gone.length;
}

export interface FormRecord {
  visit: string;
  visitAt: string;
  status: string;
  startedAt: string;
  submittedAt: string | null;
  lastChangedAt: string;
  consentVersion: number | null;
  treatmentConsentWithdrawnAt: string | null;
  dataConsentWithdrawnAt: string | null;
  /** Every time a member of staff read the answers. */
  reads: { at: string; by: string; role: string }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the person's export lists of their new-patient forms: the record of each, and who read it when. */
export async function exportFormsOf(db: Db, person: { emails: readonly string[]; phone: string | null }): Promise<FormRecord[]> {
  const theirs = visitsOf(person);
  if (!theirs) return [];
  const forms = await db
    .select({ form: intakeForms, reference: appointments.reference, startsAt: appointments.startsAt })
    .from(intakeForms)
    .innerJoin(appointments, eq(appointments.id, intakeForms.appointmentId))
    .where(theirs)
    .orderBy(asc(appointments.startsAt));
  if (!forms.length) return [];
  const reads = await db
    .select()
    .from(intakeReads)
    .where(inArray(intakeReads.formId, forms.map((f) => f.form.id)))
    .orderBy(asc(intakeReads.at), asc(intakeReads.id));
  return forms.map(({ form, reference, startsAt }) => ({
    visit: reference,
    visitAt: startsAt.toISOString(),
    status: form.status,
    startedAt: form.createdAt.toISOString(),
    submittedAt: iso(form.submittedAt),
    lastChangedAt: form.updatedAt.toISOString(),
    consentVersion: form.consentVersion,
    treatmentConsentWithdrawnAt: iso(form.treatmentWithdrawnAt),
    dataConsentWithdrawnAt: iso(form.dataWithdrawnAt),
    reads: reads.filter((r) => r.formId === form.id).map((r) => ({ at: r.at.toISOString(), by: r.readerName, role: r.readerRole })),
  }));
}

/**
 * The clinic's records policy (INTAKE_RETENTION_MONTHS): a form goes, with its read log, that many
 * months after its visit's time. Idempotent (every instance may run it).
 */
export async function runIntakeRetention(db: Db, months: number, now: Date = new Date()): Promise<number> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(months => ${months})`;
  const gone = await db
    .delete(intakeForms)
    .where(inArray(intakeForms.appointmentId, db.select({ id: appointments.id }).from(appointments).where(sql`${appointments.startsAt} < ${cutoff}`)))
    .returning({ id: intakeForms.id });
  return gone.length;
}
