import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { CourseActionData, CoursePageData } from '../../../shared/booking/course';
import { FAILURES, failureMessage, type BookingFailureReason, unavailableMessage } from '../../../shared/booking/results';
import { clinicContext } from '../../clinic/context';
import { clinicPhone } from '../../clinic/details';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';
import { depositsContext } from '../deposits';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
type Args = LoaderFunctionArgs | ActionFunctionArgs;
/** The answers that say to call: the clinic's number as edited (its details in the content store). */
const unavailable = async (args: Args) => unavailableMessage(await clinicPhone(args.context.get(clinicContext)));
const refusal = async (reason: BookingFailureReason, args: Args) => failureMessage(reason, await clinicPhone(args.context.get(clinicContext)));

/** The course's own link, `/booking/course/<token>`: every visit with its own link, and "cancel the remaining visits". */
export async function loader(args: LoaderFunctionArgs) {
  const booking = args.context.get(bookingContext);
  try {
    const found = await booking.courseByToken(args.params.token ?? '');
    if (!found.ok) return data({ ok: false, message: await refusal(found.reason, args) } satisfies CoursePageData, { status: FAILURES[found.reason].status, headers: NO_STORE });
    const notice = new URL(args.request.url).searchParams.get('booked') ? 'booked' : null;
    const first = found.course.visits[0];
    const deposit = first ? await args.context.get(depositsContext).paymentOf(first.id) : null;
    return data({ ok: true, course: found.course, token: found.token, notice, cancelNoticeHours: Math.round(booking.rules.cancellationNoticeMinutes / 60), deposit } satisfies CoursePageData, { headers: NO_STORE });
  } catch (err) {
    args.context.get(platformContext).logger.error('course page failed', errorFields(err));
    return data({ ok: false, message: await unavailable(args) } satisfies CoursePageData, { status: 503, headers: NO_STORE });
  }
}

/** `intent=cancel-remaining`: the visits still outside the notice, cancelled in one transaction. */
export async function action(args: ActionFunctionArgs) {
  const booking = args.context.get(bookingContext);
  try {
    const body = await args.request.formData();
    if (body.get('intent') !== 'cancel-remaining') return data({ status: 'refused', message: 'Please use the buttons on this page.' } satisfies CourseActionData, { status: 400, headers: NO_STORE });
    const result = await booking.cancelRemaining(args.params.token ?? '');
    if (!result.ok) return data({ status: 'refused', message: await refusal(result.reason, args) } satisfies CourseActionData, { status: FAILURES[result.reason].status, headers: NO_STORE });
    return data({ status: 'cancelled', cancelled: result.cancelled, insideNotice: result.insideNotice } satisfies CourseActionData, { headers: NO_STORE });
  } catch (err) {
    args.context.get(platformContext).logger.error('course cancel failed', errorFields(err));
    return data({ status: 'refused', message: await unavailable(args) } satisfies CourseActionData, { status: 503, headers: NO_STORE });
  }
}
