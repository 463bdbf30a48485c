import type { LoaderFunctionArgs } from 'react-router';
import type { StaffListData } from '../../../shared/requests/staff/types';
import { lagosDate } from '../../../shared/booking/time';
import { bookingContext } from '../../booking/context';
import { platformContext, requireStaff } from '../../platform/render/route-context';
import { countNew, listRequests, PAGE_SIZE } from '../staff/repo';
import { filtersOf, pageOf, toRow } from '../staff/page-data';

/** /staff: decided here before anything renders; signed out → sign in and back, no role → 403. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<StaffListData> {
  const user = requireStaff(context, request);
  const { store } = context.get(platformContext);
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const page = pageOf(params);
  const staffName = user.displayName || user.email || 'Staff';
  const booking = context.get(bookingContext);
  const today = lagosDate(booking.now());
  const [{ rows, total }, newCount, visitsToday] = await Promise.all([
    listRequests(store.db, filters, page),
    countNew(store.db),
    booking.appointmentsBetween({ fromDate: today, toDate: today, statuses: ['booked', 'arrived', 'completed', 'no_show'] }),
  ]);
  return {
    staffName,
    newCount,
    filters: { ...(filters.kind ? { kind: filters.kind } : {}), ...(filters.status ? { status: filters.status } : {}), ...(filters.q ? { q: filters.q } : {}) },
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    rows: rows.map(toRow),
    visitsToday: visitsToday.length,
  };
}
