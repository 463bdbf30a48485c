import { asc, eq } from 'drizzle-orm';
import { coursePath } from '../../shared/booking/course';
import { seedDetails, site } from '../../shared/content/site';
import { mailContactOf } from '../clinic/details';
import { managePath, staffBookingPath } from '../../shared/booking/results';
import { BOOK_PATH } from '../../shared/clinic/book-link';
import { formatDay, formatVisit, lagosDate } from '../../shared/booking/time';
import { fullAddressOf } from '../../shared/clinic/site-facts';
import { locations, practitioners } from '../clinic/schema';
import type { Tx } from '../platform/db/db';
import { visitIcs } from '../platform/ics';
import { queueMail } from '../platform/mail/outbox';
import type { Mail, MailAttachment } from '../platform/mail/transport';
import { courseTokenOf, manageTokenOf } from './manage-token';
import { emailProof } from './phone-proof';
import { appointments, courses, type AppointmentRow } from './schema';
import type { VisitForms } from './visit-forms';

/**
 * The booking's e-mails, queued in the change's own transaction (server/platform/mail/outbox.ts
 * queueMail), so a booking never exists without them: the booking's own listener to every
 * change of time (time-changes.ts). None names the service or anything the patient wrote: a service's name can be
 * a health detail (NDPA 2023), and mail is not the place for it. The clinic's notice is as the
 * requests' one: the change, the reference and the staff link.
 */
export type BookingChange = 'booked' | 'moved' | 'cancelled';

const NOUN: Record<BookingChange, { subject: string; line: string }> = {
  booked: { subject: 'New booking', line: 'A visit has been booked on the website.' },
  moved: { subject: 'Booking moved', line: 'A patient has moved their visit on the website.' },
  cancelled: { subject: 'Booking cancelled', line: 'A patient has cancelled their visit on the website.' },
};

export function clinicBookingNotice(change: BookingChange, reference: string, publicOrigin: string, to: string): Mail {
  return {
    to,
    subject: `${NOUN[change].subject} ${reference}`,
    text: [
      NOUN[change].line,
      '',
      `Reference: ${reference}`,
      `Open it in the staff area: ${publicOrigin}${staffBookingPath(reference)}`,
      '',
      'The details are only in the staff area: e-mail is not a safe place for health information.',
      '',
    ].join('\n'),
  };
}

export interface PatientMailInput {
  to: string;
  name: string;
  reference: string;
  startsAt: Date;
  endsAt: Date;
  practitionerName: string;
  address: string;
  /** The clinic's number to call (its details, edited at /staff/content); the seed's when not given. */
  phone?: string;
  /** The clinic's e-mail address (its details), the calendar file's ORGANIZER; the seed's when not given. */
  email?: string;
  manageLink: string;
  /** A first visit's new-patient form (the booking's confirmation asks for it), or null. */
  formLink?: string | null;
  publicOrigin: string;
  /** The calendar entry's SEQUENCE: raised on each change, so calendars take the newest. */
  sequence: number;
  now: Date;
  /** The address is not proven yet: the confirmation says how (its link carries the proof). */
  confirmAddress?: boolean;
}

/** The patient's confirmation, move or cancellation, with a calendar file that adds, moves or removes the entry. */
export function patientBookingMail(change: BookingChange, input: PatientMailInput): Mail & { attachments: MailAttachment[] } {
  const when = formatVisit(input.startsAt, input.endsAt);
  const firstName = input.name.trim().split(/\s+/)[0] ?? input.name;
  const phone = input.phone ?? seedDetails.phones[0].display;
  const bookLink = `${input.publicOrigin}${BOOK_PATH}`;
  const ics = visitIcs({
    reference: input.reference,
    visitAt: input.startsAt,
    endsAt: input.endsAt,
    host: new URL(input.publicOrigin).hostname,
    address: input.address,
    phone,
    ...(input.email ? { email: input.email } : {}),
    now: input.now,
    manageLink: input.manageLink,
    cancelled: change === 'cancelled',
    sequence: input.sequence,
    patient: { email: input.to },
    bookLink,
  });
  const opening = {
    booked: [`Your visit to ${site.name} is booked:`, ''],
    moved: [`Your visit to ${site.name} has moved. The new time is:`, ''],
    cancelled: [`Your visit to ${site.name} has been cancelled. It was:`, ''],
  }[change];
  const subject = {
    booked: `Your visit on ${when} (${input.reference})`,
    moved: `Your visit has moved to ${when} (${input.reference})`,
    cancelled: `Your visit on ${when} is cancelled (${input.reference})`,
  }[change];
  const next =
    change === 'cancelled'
      ? ['We would be glad to see you another time. To book a new visit, open:', bookLink, `Or call us: ${phone}`]
      : [
          ...(input.formLink ? ['Before your first visit, please fill in our new-patient form (about 10 minutes; it saves as you go):', input.formLink, ''] : []),
          'The attached calendar file adds the visit to your calendar.',
          `To move or cancel it, open your booking: ${input.manageLink}`,
          `Or call us: ${phone}`,
          ...(input.confirmAddress ? ['', 'We send nothing more to this address until you confirm it is yours: open the link above and press “Confirm my e-mail address”. Then any reminders by e-mail, and word of any change, come here too.'] : []),
        ];
  return {
    to: input.to,
    subject,
    text: [
      `Dear ${firstName},`,
      '',
      ...opening,
      `When: ${when} (Abuja time)`,
      `With: ${input.practitionerName}`,
      `Where: ${input.address}`,
      `Reference: ${input.reference}`,
      '',
      ...next,
      '',
    ].join('\n'),
    attachments: [
      {
        filename: `visit-${input.reference}.ics`,
        contentType: `text/calendar; charset=utf-8; method=${change === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
        content: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ],
  };
}

/**
 * What the booking's mails need: the signing key (manage links), the site's origin, the clinic's
 * inbox (null: none) and the new-patient forms' addresses (BookingDeps.forms; none: no form link).
 */
export interface MailDeps {
  secret: string;
  publicOrigin: string;
  clinicInbox: string | null;
  forms?: Pick<VisitForms, 'pathFor'> | undefined;
}

const absolute = (deps: MailDeps, path: string | null | undefined) => (path ? `${deps.publicOrigin}${path}` : null);

/**
 * Queues the patient's mail (when they gave an address) and, for a change the patient made,
 * the clinic's notice, in the caller's transaction (the booking's listener, time-changes.ts).
 */
export async function queueVisitMails(tx: Tx, deps: MailDeps, change: BookingChange, row: AppointmentRow, byPatient: boolean, now: Date) {
  if (byPatient && deps.clinicInbox) await queueMail(tx, clinicBookingNotice(change, row.reference, deps.publicOrigin, deps.clinicInbox), { requestId: row.requestId });
  if (!row.patientEmail || !row.patientName) return;
  // To an address nobody proved, the booking's own confirmation only (issue 44): it carries the proof.
  if (change !== 'booked' && !row.emailProvenAt) return;
  const confirmAddress = change === 'booked' && !row.emailProvenAt;
  const [facts] = await tx
    .select({ practitioner: practitioners.name, street: locations.street, area: locations.area, city: locations.city, region: locations.region, countryCode: locations.countryCode, mapHref: locations.mapHref, name: locations.name, id: locations.id })
    .from(practitioners)
    .innerJoin(locations, eq(locations.id, row.locationId))
    .where(eq(practitioners.id, row.practitionerId));
  const token = manageTokenOf(deps.secret, row);
  await queueMail(
    tx,
    patientBookingMail(change, {
      to: row.patientEmail,
      name: row.patientName,
      reference: row.reference,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      practitionerName: facts?.practitioner ?? '',
      address: facts ? fullAddressOf(facts) : '',
      ...(await mailContactOf(tx)),
      manageLink: `${deps.publicOrigin}${managePath(token)}${confirmAddress ? `?proof=${emailProof(deps.secret, row.id, row.patientEmail)}` : ''}`,
      formLink: change === 'booked' ? absolute(deps, deps.forms?.pathFor(row, token)) : null,
      publicOrigin: deps.publicOrigin,
      sequence: row.version,
      now,
      confirmAddress,
    }),
    { requestId: row.requestId },
  );
}

/**
 * A course booked (or its remaining visits cancelled) at once: ONE mail listing every date, each
 * visit's own link and the course's, with a calendar file per visit; and one notice to the
 * clinic. Queued with the course's first visit (time-changes.ts), in the course's transaction.
 */
export async function queueCourseMails(tx: Tx, deps: MailDeps, change: 'booked' | 'cancelled', courseId: number, byPatient: boolean, now: Date) {
  const [course] = await tx.select().from(courses).where(eq(courses.id, courseId));
  if (!course) return;
  const all = await tx.select().from(appointments).where(eq(appointments.courseId, courseId)).orderBy(asc(appointments.courseSeq));
  const visits = change === 'booked' ? all.filter((v) => v.status === 'booked') : all.filter((v) => v.status === 'cancelled' && v.cancelledAt?.getTime() === now.getTime());
  const first = visits[0];
  if (!first) return;
  const contact = await mailContactOf(tx);
  if (byPatient && deps.clinicInbox) {
    const notice = clinicBookingNotice(change, first.reference, deps.publicOrigin, deps.clinicInbox);
    await queueMail(tx, { ...notice, subject: `${change === 'booked' ? 'New course' : 'Course cancelled'} ${course.reference} (${visits.length} visits)` }, { requestId: null });
  }
  if (!first.patientEmail || !first.patientName) return;
  if (change !== 'booked' && !first.emailProvenAt) return;
  const [facts] = await tx
    .select({ practitioner: practitioners.name, street: locations.street, area: locations.area, city: locations.city, region: locations.region, countryCode: locations.countryCode, mapHref: locations.mapHref, name: locations.name, id: locations.id })
    .from(practitioners)
    .innerJoin(locations, eq(locations.id, first.locationId))
    .where(eq(practitioners.id, first.practitionerId));
  const address = facts ? fullAddressOf(facts) : '';
  const last = all.reduce((max, v) => (v.startsAt > max ? v.startsAt : max), first.startsAt);
  const courseLink = `${deps.publicOrigin}${coursePath(courseTokenOf(deps.secret, course, last))}`;
  const firstName = first.patientName.trim().split(/\s+/)[0] ?? first.patientName;
  const lines = visits.map((v) => `${v.courseSeq}. ${formatVisit(v.startsAt, v.endsAt)} (${v.reference})${change === 'booked' ? `\n   To move or cancel this one: ${deps.publicOrigin}${managePath(manageTokenOf(deps.secret, v))}` : ''}`);
  const host = new URL(deps.publicOrigin).hostname;
  await queueMail(tx, {
    to: first.patientEmail,
    subject: change === 'booked' ? `Your ${visits.length} visits from ${formatDay(lagosDate(first.startsAt))} (${course.reference})` : `${visits.length} visits of your course are cancelled (${course.reference})`,
    text: [
      `Dear ${firstName},`,
      '',
      change === 'booked' ? `Your course of ${visits.length} visits to ${site.name} is booked (Abuja time):` : `These visits of your course at ${site.name} have been cancelled:`,
      '',
      ...lines,
      '',
      `With: ${facts?.practitioner ?? ''}`,
      `Where: ${address}`,
      `Course reference: ${course.reference}`,
      '',
      ...(change === 'booked'
        ? ['The attached calendar files add each visit to your calendar. We remind you before each visit as you chose.', `To see the whole course, or cancel the remaining visits: ${courseLink}`]
        : ['We would be glad to see you another time.']),
      `Or call us: ${contact.phone}`,
      '',
    ].join('\n'),
    attachments: visits.map((v) => ({
      filename: `visit-${v.reference}.ics`,
      contentType: `text/calendar; charset=utf-8; method=${change === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
      content: Buffer.from(
        visitIcs({ reference: v.reference, visitAt: v.startsAt, endsAt: v.endsAt, host, address, ...contact, now, manageLink: `${deps.publicOrigin}${managePath(manageTokenOf(deps.secret, v))}`, cancelled: change === 'cancelled', sequence: v.version, patient: { email: v.patientEmail }, bookLink: `${deps.publicOrigin}${BOOK_PATH}` }),
        'utf8',
      ).toString('base64'),
    })),
  }, { requestId: null });
}
