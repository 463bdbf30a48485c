import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { ManageActionData, ManagePageData } from '../../../shared/booking/page-data';
import { FAILURES, failureMessage, managePath, unavailableMessage } from '../../../shared/booking/results';
import { coursePath } from '../../../shared/booking/course';
import { checkBookingForm, rescheduleSchema } from '../../../shared/booking/schemas';
import { isDate, MINUTE_MS } from '../../../shared/booking/time';
import { reminderChannel } from '../../../shared/booking/types';
import { clinicContext } from '../../clinic/context';
import { clinicPhone } from '../../clinic/details';
import { platformContext } from '../../platform/render/route-context';
import { errorFields } from '../../platform/http/error-fields';
import { bookingContext } from '../context';
import { freeTimesView } from '../page-times';
import { visitFormsContext } from '../visit-forms';
import { depositsContext } from '../deposits';

/** A booking's page is for whoever holds its link: never cached, never indexed (the route is private). */
const NO_STORE = { 'Cache-Control': 'private, no-store' };


/**
 * The manage link's page, `/booking/manage/<token>`: the booking, its calendar file, and (up to
 * the cancellation notice) moving it (`?move=1&date=&from=`, the same day and time choice as
 * booking) or cancelling it. A forged, expired or revoked link is a 403 page that says so.
 */
export async function loader(args: LoaderFunctionArgs) {
  const now = args.context.get(bookingContext).now();
  const url = new URL(args.request.url);
  const q = url.searchParams;
  const booking = args.context.get(bookingContext);
  const notice = q.get('booked') ? 'booked' : q.get('moved') ? 'moved' : null;
  const base: ManagePageData = { result: { ok: false, message: FAILURES['bad-token'].message }, move: null, notice, unavailable: false, form: null, reminders: booking.reminderPlan };
  try {
    const found = await booking.byManageToken(args.params.token ?? '');
    if (!found.ok) return data(base, { status: FAILURES[found.reason].status, headers: NO_STORE });
    const visit = found.appointment;
    const changeable = visit.status === 'booked' && new Date(visit.startsAt).getTime() - now.getTime() >= booking.rules.cancellationNoticeMinutes * MINUTE_MS;
    const manageToken = found.manageToken ?? args.params.token ?? '';
    const page: ManagePageData = {
      ...base,
      result: { ok: true, appointment: visit, manageToken, changeable, cancelNoticeHours: Math.round(booking.rules.cancellationNoticeMinutes / 60) },
      form: await args.context.get(visitFormsContext).forPatient(visit, manageToken),
      deposit: await args.context.get(depositsContext).paymentOf(visit.id),
    };
    if (visit.courseId !== null) {
      const course = await booking.courseOfVisit(visit.courseId);
      if (course) page.courseLink = coursePath(course.token);
    }
    // Opened from the confirmation's link (`?proof=`): the page offers to confirm the address.
    const proof = q.get('proof') ?? '';
    if (proof && !visit.emailProven && booking.emailProofMatches(visit.id, visit.patientEmail, proof)) page.confirmEmail = proof;
    if (q.get('move') && changeable) {
      const date = q.get('date') ?? '';
      const from = q.get('from') ?? '';
      // A day that is not one is said above the move's days (400), which show from today.
      if ((date && !isDate(date)) || (from && !isDate(from))) page.moveError = 'Please choose a day like 2026-12-01.';
      const times = await freeTimesView(
        booking,
        { serviceId: visit.serviceId, visitKind: visit.visitKind, practitionerId: visit.practitionerId, date: isDate(date) ? date : null, from: isDate(from) ? from : null, exceptAppointmentId: visit.id },
        now,
      );
      if (!('ok' in times)) page.move = times;
    }
    return data(page, { status: page.moveError ? 400 : 200, headers: NO_STORE });
  } catch (error) {
    args.context.get(platformContext).logger.error('manage page failed', errorFields(error));
    return data({ ...base, result: { ok: false, message: unavailableMessage(await clinicPhone(args.context.get(clinicContext))) }, unavailable: true }, { status: 503, headers: NO_STORE });
  }
}

function answer(result: ManageActionData, status: number) {
  return data(result, { status, headers: NO_STORE });
}

/** `intent=cancel`, `intent=reminders` (channel and consent), or `intent=move` with a new `start`: the core refuses inside the cancellation notice ('too-late'). */
export async function action(args: ActionFunctionArgs) {
  const now = args.context.get(bookingContext).now();
  const token = args.params.token ?? '';
  const body = await args.request.formData();
  const intent = body.get('intent');
  const booking = args.context.get(bookingContext);
  try {
    if (intent === 'cancel') {
      const result = await booking.cancel({ as: 'patient', token });
      if (!result.ok) return answer({ status: 'refused', message: failureMessage(result.reason, await clinicPhone(args.context.get(clinicContext))) }, FAILURES[result.reason].status);
      // A deposit paid: cancelled in time, its refund was started in the cancellation (the deposits' listener).
      const deposit = await args.context.get(depositsContext).paymentOf(result.appointment.id);
      return answer({ status: 'cancelled', refundKobo: deposit?.refunds.filter((r) => r.reason === 'cancelled' && r.status !== 'failed').reduce((sum, r) => sum + r.amountKobo, 0) ?? 0 }, 200);
    }
    if (intent === 'reminders') {
      const channel = String(body.get('reminders') ?? 'none');
      if (!reminderChannel.is(channel)) return answer({ status: 'refused', message: 'Please choose how we remind you.' }, 400);
      const consent = body.get('consent') === 'yes';
      if (channel !== 'none' && !consent) return answer({ status: 'refused', message: 'Please tick the box to agree to reminders, or choose “No reminders”.', errors: { consent: 'Please tick the box to agree.' } }, 400);
      const result = await booking.setReminders({ as: 'patient', token }, { channel, consent });
      if (!result.ok) return answer({ status: 'refused', message: failureMessage(result.reason, await clinicPhone(args.context.get(clinicContext))) }, FAILURES[result.reason].status);
      return answer({ status: 'reminders', channel: result.appointment.reminderChannel }, 200);
    }
    if (intent === 'confirm-email') {
      const result = await booking.proveEmail(token, String(body.get('proof') ?? ''));
      if (!result.ok) return answer({ status: 'refused', message: result.reason === 'bad-token' ? 'This confirmation link is not for this booking’s address. Please use the link in your latest confirmation e-mail.' : failureMessage(result.reason, await clinicPhone(args.context.get(clinicContext))) }, FAILURES[result.reason].status);
      return answer({ status: 'email-confirmed' }, 200);
    }
    if (intent === 'move') {
      const facts = await args.context.get(clinicContext).facts();
      // The practitioner the form names (the visit's own, from its hidden field); one left out stays the visit's own.
      const checked = checkBookingForm(rescheduleSchema({ facts, now, rules: booking.rules }), { start: String(body.get('start') ?? ''), practitioner: String(body.get('practitioner') ?? '') });
      if (!checked.ok) return answer({ status: 'refused', message: 'Please choose a new time.', errors: checked.errors }, 400);
      const result = await booking.reschedule({ as: 'patient', token }, checked.data);
      if (!result.ok) {
        return answer({ status: 'refused', message: failureMessage(result.reason, await clinicPhone(args.context.get(clinicContext))), errors: { start: failureMessage(result.reason, await clinicPhone(args.context.get(clinicContext))) }, ...(result.alternatives ? { alternatives: [...result.alternatives] } : {}) }, FAILURES[result.reason].status);
      }
      return redirect(`${managePath(result.manageToken ?? token)}?moved=1`, { headers: NO_STORE });
    }
    return answer({ status: 'refused', message: 'Please use the buttons on this page.' }, 400);
  } catch (error) {
    args.context.get(platformContext).logger.error('manage change failed', errorFields(error));
    return answer({ status: 'unavailable', message: unavailableMessage(await clinicPhone(args.context.get(clinicContext))) }, 503);
  }
}
