import type { LoaderFunctionArgs } from 'react-router';
import type { StaffListData } from '../../../shared/requests/staff/types';
import { requestsContext } from '../context';
import { platformContext, requireStaff } from '../../platform/render/route-context';
import { countNew, formatCursor, listRequests } from '../staff/repo';
import { filtersOf, listQuery, pageAtOf, toRow } from '../staff/page-data';

/** /staff: decided here before anything renders; signed out → sign in and back, no role → 403. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<StaffListData> {
  const user = requireStaff(context, request);
  const { store } = context.get(platformContext);
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const at = pageAtOf(params);
  const staffName = user.displayName || user.email || 'Staff';
  const [{ rows, count, hasNewer, hasOlder }, newCount, visitsToday] = await Promise.all([listRequests(store.db, filters, at), countNew(store.db), context.get(requestsContext).todayVisits()]);
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Links as query strings of /staff (plain links: paging works without JavaScript); null where there is nothing.
  const lost = rows.length === 0 && at.at !== 'first'; // a cursor past every row: back to the start
  return {
    staffName,
    newCount,
    filters: { ...(filters.kind ? { kind: filters.kind } : {}), ...(filters.status ? { status: filters.status } : {}), ...(filters.q ? { q: filters.q } : {}) },
    count,
    paging: {
      newest: hasNewer || lost ? listQuery(filters) : null,
      newer: hasNewer && first ? listQuery(filters, { before: formatCursor(first) }) : null,
      older: hasOlder && last ? listQuery(filters, { after: formatCursor(last) }) : null,
      oldest: hasOlder ? listQuery(filters, { last: '1' }) : null,
    },
    rows: rows.map(toRow),
    visitsToday: visitsToday.length,
    visits: [...visitsToday].sort((a, b) => a.startsAt.localeCompare(b.startsAt)).slice(0, 12),
  };
}
