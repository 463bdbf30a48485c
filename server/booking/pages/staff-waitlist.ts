import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { isDate, lagosDate, lagosMoment } from '../../../shared/booking/time';
import type { StaffWaitlistAnswer, StaffWaitlistData } from '../../../shared/booking/waitlist';
import { clinicContext } from '../../clinic/context';
import { bookingContext } from '../context';
import { formFields, staffOf } from '../staff/page-data';
import { entrySummary, offerSummary } from '../waitlist';

/** The practitioner the page is about: `?practitioner=`, else the first who takes bookings. */
async function practitionerOf(args: LoaderFunctionArgs | ActionFunctionArgs, wanted: string | null): Promise<string> {
  const facts = await args.context.get(clinicContext).facts();
  const bookable = facts.practitioners.filter((p) => p.bookable);
  return bookable.find((p) => p.id === wanted)?.id ?? bookable[0]?.id ?? '';
}

/** /staff/waitlist?practitioner=: that practitioner's list (theirs and "anyone"), open first in join order, each entry's offers and who took what. */
export async function loader(args: LoaderFunctionArgs): Promise<StaffWaitlistData> {
  const { header } = staffOf(args.context, args.request);
  const booking = args.context.get(bookingContext);
  const practitionerId = await practitionerOf(args, new URL(args.request.url).searchParams.get('practitioner'));
  const now = booking.now();
  const list = practitionerId ? await booking.waitlistFor(practitionerId) : [];
  return {
    ...header,
    practitionerId,
    settings: booking.waitlistSettings,
    today: lagosDate(now),
    entries: list.map(({ entry, offers, references }) => ({
      id: entry.id,
      name: entry.patientName,
      phone: entry.patientPhone,
      entry: entrySummary(entry),
      offers: offers.map((o) => offerSummary(o, now, null, references[o.id] ?? null)),
    })),
  };
}

const REFUSALS = {
  'not-found': 'There is no such entry on the waitlist.',
  ended: 'This entry has left the waitlist.',
  'has-offer': 'This patient has an offer open already: wait for it to be taken or to expire.',
  'not-free': 'That time is not free for this patient’s service with this practitioner. Please choose a free time (the calendar shows them).',
} as const;

/** `intent=offer` with `entry`, `date`, `time`: a time offered by hand, on the patient's channel, like a round's offer. */
export async function action(args: ActionFunctionArgs) {
  const { actor } = staffOf(args.context, args.request);
  const booking = args.context.get(bookingContext);
  const fields = await formFields(args.request);
  const entryId = /^[1-9]\d{0,14}$/.test(fields.entry ?? '') ? Number(fields.entry) : null;
  const refuse = (message: string, status: number) => data({ status: 'refused', entryId, message, values: fields } satisfies StaffWaitlistAnswer, { status });
  if (fields.intent !== 'offer' || entryId === null) return refuse('Please use the form beside an entry.', 400);
  if (!isDate(fields.date ?? '') || !/^([01]\d|2[0-3]):[0-5]\d$/.test(fields.time ?? '')) return refuse('Please give the day (like 2026-12-01) and the time (like 09:30).', 400);
  const practitionerId = await practitionerOf(args, fields.practitioner ?? null);
  const startsAt = new Date(lagosMoment(fields.date!, fields.time!));
  const result = await booking.offerByHand({ entryId, practitionerId, startsAt, staffName: actor.name });
  if (!result.ok) return refuse(REFUSALS[result.reason], result.reason === 'not-found' ? 404 : 409);
  return data({ status: 'offered', entryId, message: `Offered. The patient has ${booking.waitlistSettings.offerMinutes} minutes to take it from the link we sent them.` } satisfies StaffWaitlistAnswer);
}
