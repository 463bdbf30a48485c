import { seedDetails, type ClinicDetails } from '../../shared/content/site';
import type { Db, Tx } from '../platform/db/db';
import type { ClinicCatalog } from './context';
import { clinicDetails } from './schema';

/** How to reach the clinic, from the database (in the caller's transaction: a mail written with a booking). */
export async function loadClinicDetails(db: Db | Tx): Promise<ClinicDetails> {
  const [row] = await db.select({ data: clinicDetails.data }).from(clinicDetails);
  return row?.data ?? seedDetails;
}

/** The clinic's number to call and its e-mail address, as a mail and its calendar file give them (in the caller's transaction). */
export async function mailContactOf(db: Db | Tx): Promise<{ phone: string; email: string }> {
  const details = await loadClinicDetails(db);
  return { phone: details.phones[0].display, email: details.email };
}

/**
 * The clinic's main number as its details say now: the facts read again once they changed (from
 * memory otherwise, at no database cost); those last read when the database does not answer.
 */
export async function clinicPhone(clinic: ClinicCatalog): Promise<string> {
  try {
    return (await clinic.facts()).details.phones[0].display;
  } catch {
    return clinicPhoneNow(clinic);
  }
}

/**
 * The clinic's main number as printed, from the facts in memory without waiting: for messages that
 * must not depend on the database answering (the booking's "call us" when it does not).
 */
export function clinicPhoneNow(clinic: ClinicCatalog): string {
  return (clinic.current()?.facts.details ?? seedDetails).phones[0].display;
}
