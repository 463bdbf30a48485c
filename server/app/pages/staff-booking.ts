import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { FAILURES, type ChangeResult } from '../../../shared/booking/results';
import { parseDay, parseId, parseInstant } from '../../../shared/platform/parse';
import { STAFF_TRANSITIONS, type AppointmentStatus } from '../../../shared/booking/types';
import type { StaffBookingData } from '../../../shared/app/pages/staff-booking';
import { bookingContext } from '../../booking/context';
import type { BookingService } from '../../booking/service';
import { answer, formFields, notFound, staffOf, today } from '../../booking/staff/page-data';
import { visitFormsContext } from '../../booking/visit-forms';
import { clinicContext } from '../../clinic/context';
import { messagesOf } from '../../messages/staff';
import { platformContext } from '../../platform/render/route-context';
import { depositsContext } from '../../booking/deposits';
import { koboOf } from '../../../shared/booking/deposits';
import { randomBytes } from 'node:crypto';

const referenceOf = (params: Record<string, string | undefined>) => String(params.reference ?? '').toUpperCase();

/**
 * /staff/bookings/:reference: the booking, its history, its patient messages (the messages
 * domain's: so this page is the composition's), and (with `?moveDate=`, optionally
 * `&movePractitioner=`) the free times to move it to, its own time counting as free.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { header, user } = staffOf(context, request);
  const booking = context.get(bookingContext);
  const reference = referenceOf(params);
  const found = await booking.appointmentByReference(reference);
  if (!found) throw notFound();
  const { appointment, events } = found;
  const forms = await context.get(visitFormsContext).forStaff([appointment], user);
  const query = new URL(request.url).searchParams;
  const asked = (query.get('moveDate') ?? '').slice(0, 40);
  const moveDate = parseDay(asked);
  const facts = await context.get(clinicContext).facts();
  const wanted = query.get('movePractitioner') ?? '';
  const movePractitioner = facts.practitioners.some((p) => p.id === wanted && p.bookable) ? wanted : appointment.practitionerId;
  let move: StaffBookingData['move'] = null;
  if (appointment.status === 'booked' && moveDate) {
    const free = await booking.freeTimes({
      serviceId: appointment.serviceId,
      visitKind: appointment.visitKind,
      practitionerId: movePractitioner,
      fromDate: moveDate,
      toDate: moveDate,
      asStaff: true,
      exceptAppointmentId: appointment.id,
    });
    move = { date: moveDate, practitionerId: movePractitioner, slots: free.ok ? free.days.flatMap((d) => [...d.slots]) : [] };
  }
  const page: StaffBookingData = {
    ...header,
    appointment,
    events: events.map((e) => ({ at: e.at, by: typeof e.detail.by === 'string' ? e.detail.by : e.actor === 'visitor' ? 'the patient' : e.actor, action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus, detail: e.detail })),
    messages: await messagesOf(context.get(platformContext).store.db, appointment.id),
    form: forms[appointment.id] ?? null,
    course: await courseLines(booking, appointment.courseId),
    deposit: await context.get(depositsContext).paymentOf(appointment.id),
    refundKey: randomBytes(12).toString('base64url'),
    move,
    today: today(booking.now()),
    meta: { title: `Booking ${appointment.reference}`, description: 'A booked visit and its history, for the clinic’s staff.' },
  };
  // A move day that is not one: said at its field (400).
  return asked && !moveDate ? data({ ...page, moveError: 'Please choose a day like 2026-12-01.' }, { status: 400 }) : page;
}

/** The visit's course, as its page lists it (issue 46). */
async function courseLines(booking: BookingService, courseId: number | null): Promise<StaffBookingData['course']> {
  if (courseId === null) return null;
  const found = await booking.courseOfVisit(courseId);
  if (!found) return null;
  return { reference: found.course.reference, size: found.course.size, visits: found.course.visits.map((v) => ({ reference: v.reference, seq: v.courseSeq ?? 0, startsAt: v.startsAt, status: v.status })) };
}

const DONE: Record<string, string> = { status: 'status', cancel: 'cancelled', move: 'moved', revoke: 'revoked', refund: 'refunded' };

/** Status, move, cancel and revoking the manage links: POST forms naming the version seen; each redirects back (303) with a confirmation. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor } = staffOf(context, request);
  const booking = context.get(bookingContext);
  const reference = referenceOf(params);
  const fields = await formFields(request);
  const intent = fields.intent ?? '';
  const found = await booking.appointmentByReference(reference);
  if (!found) throw notFound();
  if (intent === 'refund') {
    // A deposit refunded by hand (issue 48): once per form shown (its key), never more than was paid.
    const kobo = koboOf(fields.amount ?? '');
    const key = /^[\w-]{8,40}$/.test(fields.refundKey ?? '') ? fields.refundKey! : null;
    if (kobo === null || kobo <= 0 || !key) return answer({ intent, outcome: 'invalid', message: 'Please give the refund in naira, like 5,000 or 2,500.50.', errors: { amount: 'Please give an amount in naira.' }, values: fields }, 422);
    const refunded = await context.get(depositsContext).refundByHand({ appointmentId: found.appointment.id, amountKobo: kobo, key, by: actor.uid, name: actor.name });
    if (!refunded.ok) return answer({ intent, outcome: 'invalid', message: refunded.message, errors: { amount: refunded.message }, values: fields }, 422);
    throw redirect(`/staff/bookings/${reference}?done=refunded`, 303);
  }
  const version = parseId(fields.version);
  if (version === null) return answer({ intent, outcome: 'invalid', message: 'This form is out of date: reload the page.', values: fields }, 422);
  const changer = { as: 'staff' as const, appointmentId: found.appointment.id, version, uid: actor.uid, name: actor.name };
  let result: ChangeResult;
  switch (intent) {
    case 'status': {
      const status = fields.status as AppointmentStatus;
      if (status === 'cancelled' || status === 'held' || !STAFF_TRANSITIONS[found.appointment.status].includes(status)) {
        return answer({ intent, outcome: 'invalid', message: 'That status cannot be set on this visit.', values: fields }, 422);
      }
      result = await booking.setStatus(changer, status);
      break;
    }
    case 'cancel':
      if (fields.confirm !== 'yes') return answer({ intent, outcome: 'invalid', message: 'Tick the box to confirm the cancellation.', errors: { confirm: 'Please confirm.' }, values: fields }, 422);
      result = await booking.cancel(changer);
      break;
    case 'move': {
      const startsAt = parseInstant(fields.start);
      if (!startsAt) return answer({ intent, outcome: 'invalid', message: 'Please choose a free time.', errors: { start: 'Please choose a free time.' }, values: fields }, 422);
      result = await booking.reschedule(changer, { startsAt, practitionerId: fields.practitioner || null });
      break;
    }
    case 'revoke':
      result = await booking.revokeManageLinks(changer);
      break;
    default:
      return answer({ intent, outcome: 'invalid', message: 'Unknown action.', values: fields }, 422);
  }
  if (!result.ok) {
    const failure = FAILURES[result.reason];
    return answer(
      { intent, outcome: failure.status === 409 ? 'conflict' : 'invalid', message: failure.message, values: fields, ...(intent === 'move' ? { errors: { start: failure.message } } : {}), ...(result.alternatives ? { alternatives: [...result.alternatives] } : {}) },
      failure.status === 404 ? 404 : failure.status,
    );
  }
  throw redirect(`/staff/bookings/${reference}?done=${DONE[intent]}${intent === 'status' ? `&status=${result.appointment.status}` : ''}`, 303);
}
