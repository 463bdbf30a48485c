import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { CourseActionData, CoursePageData } from '../../../shared/booking/course';
import { FAILURES } from '../../../shared/booking/results';
import { site } from '../../../shared/content/site';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
const unavailable = () => `Our booking system is not answering just now. Please try again in a few minutes, or call us on ${site.phones[0].display}.`;

/** The course's own link, `/booking/course/<token>`: every visit with its own link, and "cancel the remaining visits". */
export async function loader(args: LoaderFunctionArgs) {
  const booking = args.context.get(bookingContext);
  try {
    const found = await booking.courseByToken(args.params.token ?? '');
    if (!found.ok) return data({ ok: false, message: FAILURES[found.reason].message } satisfies CoursePageData, { status: FAILURES[found.reason].status, headers: NO_STORE });
    const notice = new URL(args.request.url).searchParams.get('booked') ? 'booked' : null;
    return data({ ok: true, course: found.course, token: found.token, notice, cancelNoticeHours: Math.round(booking.rules.cancellationNoticeMinutes / 60) } satisfies CoursePageData, { headers: NO_STORE });
  } catch (err) {
    args.context.get(platformContext).logger.error('course page failed', errorFields(err));
    return data({ ok: false, message: unavailable() } satisfies CoursePageData, { status: 503, headers: NO_STORE });
  }
}

/** `intent=cancel-remaining`: the visits still outside the notice, cancelled in one transaction. */
export async function action(args: ActionFunctionArgs) {
  const booking = args.context.get(bookingContext);
  try {
    const body = await args.request.formData();
    if (body.get('intent') !== 'cancel-remaining') return data({ status: 'refused', message: 'Please use the buttons on this page.' } satisfies CourseActionData, { status: 400, headers: NO_STORE });
    const result = await booking.cancelRemaining(args.params.token ?? '');
    if (!result.ok) return data({ status: 'refused', message: FAILURES[result.reason].message } satisfies CourseActionData, { status: FAILURES[result.reason].status, headers: NO_STORE });
    return data({ status: 'cancelled', cancelled: result.cancelled, insideNotice: result.insideNotice } satisfies CourseActionData, { headers: NO_STORE });
  } catch (err) {
    args.context.get(platformContext).logger.error('course cancel failed', errorFields(err));
    return data({ status: 'refused', message: unavailable() } satisfies CourseActionData, { status: 503, headers: NO_STORE });
  }
}
