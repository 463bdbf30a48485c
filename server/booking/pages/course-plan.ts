import { randomUUID } from 'node:crypto';
import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { coursePath, coursePlanPath, type CoursePlanActionData, type CoursePlanData } from '../../../shared/booking/course';
import { FAILURES, failureMessage, type BookingFailureReason, managePath, unavailableMessage } from '../../../shared/booking/results';
import { lagosDate, lagosTime } from '../../../shared/booking/time';
import { clinicContext } from '../../clinic/context';
import { clinicPhone } from '../../clinic/details';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';
import type { CourseBooker, CourseFailure } from '../course';
import { courseDefaults, readCourseAsk, type Getter } from '../course-form';
import { toView } from '../deps';
import { depositsContext } from '../deposits';

/** A course's page is for whoever holds the visit's link: never cached, never indexed (the route is private). */
const NO_STORE = { 'Cache-Control': 'private, no-store' };
type Args = LoaderFunctionArgs | ActionFunctionArgs;
/** The answers that say to call: the clinic's number as edited (its details in the content store). */
const unavailable = async (args: Args) => unavailableMessage(await clinicPhone(args.context.get(clinicContext)));
const refusal = async (reason: BookingFailureReason, args: Args) => failureMessage(reason, await clinicPhone(args.context.get(clinicContext)));

export interface CoursePlanPlace {
  booker: CourseBooker;
  action: string;
  back: string;
  staff: boolean;
}

/** The patient's planning page: after a visit, by its manage link. */
const patientPlace = (args: LoaderFunctionArgs | ActionFunctionArgs): CoursePlanPlace => {
  const token = args.params.token ?? '';
  return { booker: { as: 'patient', token }, action: coursePlanPath(token), back: managePath(token), staff: false };
};

/** The planning page's data for a place (the patient's here; staff's in the composition's page). */
export async function coursePlanLoader(args: LoaderFunctionArgs, place: CoursePlanPlace) {
  const booking = args.context.get(bookingContext);
  const now = booking.now();
  try {
    const found = await booking.courseAnchor(place.booker);
    if (!found.ok) return data({ ok: false, message: await refusal(found.reason, args) } satisfies CoursePlanData, { status: FAILURES[found.reason].status, headers: NO_STORE });
    const anchor = found.appointment;
    const q = new URL(args.request.url).searchParams;
    const { values, ask, error, field } = readCourseAsk((n) => q.get(n), courseDefaults(anchor, now), now);
    const proposal = ask ? await booking.proposeCourse(anchor, ask, place.staff) : null;
    // A course booked by the patient takes one deposit for all its visits when the service's rule covers follow-ups (staff waive it).
    const rule = place.staff ? null : await args.context.get(depositsContext).courseRule(anchor.serviceId);
    const deposit = rule ? { amountKobo: rule.amountKobo, policy: rule.policy, holdMinutes: booking.rules.holdMinutes, cancelNoticeHours: Math.round(booking.rules.cancellationNoticeMinutes / 60) } : null;
    const page: CoursePlanData = { ok: true, anchor: toView(anchor), values, proposal, error, errorField: field, key: randomUUID(), action: place.action, back: place.back, staff: place.staff, deposit };
    return data(page, { status: error ? 400 : 200, headers: NO_STORE });
  } catch (err) {
    args.context.get(platformContext).logger.error('course page failed', errorFields(err));
    return data({ ok: false, message: await unavailable(args) } satisfies CoursePlanData, { status: 503, headers: NO_STORE });
  }
}

const answer = (body: CoursePlanActionData, status: number) => data(body, { status, headers: NO_STORE });

/**
 * "Book these visits": the times the page showed (at-1…at-N), booked all at once. A visit taken
 * meanwhile books nothing and answers 409 with the course proposed again, that visit moved to
 * the nearest free time of its day; a day changed on the page but not yet shown is shown first.
 */
export async function coursePlanAction(args: ActionFunctionArgs, place: CoursePlanPlace, done: (token: string, reference: string) => string) {
  const booking = args.context.get(bookingContext);
  const now = booking.now();
  try {
    const body = await args.request.formData();
    const get: Getter = (n) => {
      const v = body.get(n);
      return typeof v === 'string' ? v : null;
    };
    const found = await booking.courseAnchor(place.booker);
    if (!found.ok) return answer({ message: await refusal(found.reason, args) }, FAILURES[found.reason].status);
    const anchor = found.appointment;
    const { ask, error } = readCourseAsk(get, courseDefaults(anchor, now), now);
    if (!ask) return answer({ message: error ?? 'Please check the course.' }, 400);
    const starts: Date[] = [];
    let unshown = false;
    for (let seq = 1; seq <= ask.visits; seq++) {
      const at = ask.chosen?.[seq];
      if (!at) break;
      starts.push(new Date(at));
      const day = ask.days?.[seq];
      if (day && day !== lagosDate(new Date(at))) unshown = true;
    }
    const again = async (message: string, status: number, seq?: number) => {
      const chosen = { ...ask.chosen };
      if (seq) delete chosen[seq];
      const proposal = await booking.proposeCourse(anchor, { ...ask, chosen }, place.staff);
      return answer({ message, proposal, ...(seq ? { seq } : {}) }, status);
    };
    if (unshown) return again('You changed a visit’s day: here are the times for it. Nothing is booked yet: check the visits and press “Book” again.', 409);
    if (starts.length !== ask.visits) return again('Every visit needs a time. Please choose another day for the visits that have none.', 400);
    const idempotencyKey = String(body.get('key') ?? '') || randomUUID();
    const deposits = args.context.get(depositsContext);
    if (place.booker.as === 'patient' && (await deposits.courseRule(anchor.serviceId))) {
      // One deposit for the course: every visit held together, then Paystack's checkout.
      const started = await deposits.startCourse(place.booker.token, { rhythm: ask.rhythm, starts, idempotencyKey }, { visits: String(ask.visits) });
      if (started.ok === true) return redirectDocument(started.authorizationUrl, { headers: NO_STORE });
      if (started.ok === 'booked') return redirectDocument(`${managePath(started.manageToken)}?booked=1`, { headers: NO_STORE });
      if (started.reason === 'paystack-down') return again(`We could not reach Paystack, who take our payments, just now. Nothing was charged. Your visits are held for you until ${lagosTime(new Date(started.holdExpiresAt))}: please press “Pay” again in a minute.`, 503);
      if (started.reason === 'email-needed') return answer({ message: `The course’s deposit needs an e-mail address for its receipt, and this visit has none. Please call us on ${await clinicPhone(args.context.get(clinicContext))} to book the course.` }, 400);
      // 'no-deposit': the rule went meanwhile; the course is booked as before.
      if (started.reason !== 'no-deposit') return courseRefused(started as CourseFailure, again, args);
    }
    const result = await booking.bookCourse(place.booker, { rhythm: ask.rhythm, starts, idempotencyKey });
    if (result.ok) return redirect(done(result.token, result.course.reference), { headers: NO_STORE });
    return courseRefused(result, again, args);
  } catch (err) {
    args.context.get(platformContext).logger.error('course booking failed', errorFields(err));
    return answer({ message: await unavailable(args) }, 503);
  }
}

/** A course not booked (nor held): the visit taken meanwhile moved, or why not. */
async function courseRefused(result: CourseFailure, again: (message: string, status: number, seq?: number) => Promise<ReturnType<typeof answer>>, args: ActionFunctionArgs) {
  if (result.seq && (result.reason === 'conflict' || result.reason === 'not-free' || result.reason === 'too-soon' || result.reason === 'past')) {
    return again(`Visit ${result.seq}’s time was taken a moment ago, so nothing is booked yet. We have moved it to the nearest free time that day: please check the visits and press “Book” again.`, 409, result.seq);
  }
  const message = result.reason === 'too-far' ? 'A visit is beyond the furthest day we book online. Please choose fewer visits or an earlier first day.' : await refusal(result.reason, args);
  return result.seq ? again(message, FAILURES[result.reason].status) : answer({ message }, FAILURES[result.reason].status);
}

export const loader = (args: LoaderFunctionArgs) => coursePlanLoader(args, patientPlace(args));
export const action = (args: ActionFunctionArgs) => coursePlanAction(args, patientPlace(args), (token) => `${coursePath(token)}?booked=1`);
