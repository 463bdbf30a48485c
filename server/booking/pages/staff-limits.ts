import type { LoaderFunctionArgs } from 'react-router';
import type { BookingLimitsData } from '../../../shared/booking/staff/types';
import { bookingContext } from '../context';
import { staffOf } from '../staff/page-data';

/** Days of refusals the page lists. */
const DAYS = 30;

/** /staff/booking-limits: who hit a limit of online booking over the last 30 days, newest first, and the limits in force. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<BookingLimitsData> {
  const { header } = staffOf(context, request);
  const booking = context.get(bookingContext);
  return { ...header, refusals: await booking.recentRefusals(DAYS), limits: booking.limits, days: DAYS };
}
