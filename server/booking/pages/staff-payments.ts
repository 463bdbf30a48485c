import { data, type LoaderFunctionArgs } from 'react-router';
import type { StaffPaymentsData } from '../../../shared/booking/staff/types';
import { lagosDate, lagosMoment } from '../../../shared/booking/time';
import { parseDay } from '../../../shared/platform/parse';
import { depositsContext } from '../deposits';
import { bookingContext } from '../context';
import { staffOf } from '../staff/page-data';

/** The month `?month=2026-12` (Abuja), or this one: its first day and the next month's. */
export function monthRange(asked: string | null, now: Date): { month: string; from: Date; to: Date } {
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) && parseDay(`${asked}-01`) ? asked : lagosDate(now).slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { month, from: new Date(lagosMoment(`${month}-01`, '00:00')), to: new Date(lagosMoment(`${next}-01`, '00:00')) };
}

/** /staff/payments?month=: the month's deposits (newest first), the reconciliation as it is now, and the CSV's link. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { header } = staffOf(context, request);
  const deposits = context.get(depositsContext);
  const asked = new URL(request.url).searchParams.get('month');
  const range = monthRange(asked, context.get(bookingContext).now());
  const [payments, reconciliation] = await Promise.all([deposits.payments(range), deposits.reconcile()]);
  const page: StaffPaymentsData = { ...header, month: range.month, payments, reconciliation, provider: deposits.provider };
  // A month that is not one: said beside the field (400), the page showing this month.
  return asked && asked !== range.month ? data({ ...page, monthError: 'Please choose a month like 2026-12.' }, { status: 400 }) : page;
}
