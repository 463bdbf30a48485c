import { data, type LoaderFunctionArgs } from 'react-router';
import { addDays, weekdayOf } from '../../../shared/booking/time';
import { parseDay } from '../../../shared/platform/parse';
import type { CalendarData, CalendarView } from '../../../shared/booking/staff/types';
import { clinicContext } from '../../clinic/context';
import { bookingContext } from '../context';
import { staffOf, today } from '../staff/page-data';
import { depositsContext } from '../deposits';
import { depositMark } from '../../../shared/booking/staff/deposit-card';
import { visitFormsContext } from '../visit-forms';

/** What a day that is not one is told. */
const DAY_MESSAGE = 'Please choose a day like 2026-12-01.';

/** The Monday of a date's week. */
const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

/**
 * /staff/calendar?view=day|week&date=YYYY-MM-DD&practitioner=<id>: the visits of a day or a
 * week (Monday to Sunday), one practitioner's or the whole clinic's, with the closures and
 * exceptions of those days. Plain GET parameters, so the previous/next links work without JS.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { header, user } = staffOf(context, request);
  const booking = context.get(bookingContext);
  const facts = await context.get(clinicContext).facts();
  const params = new URL(request.url).searchParams;
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'day';
  const now = today(booking.now());
  const asked = (params.get('date') ?? '').slice(0, 40);
  const date = parseDay(asked) ?? now;
  // A day that is not one is said at its field (400), with today's calendar below it.
  const refused = asked !== '' && date !== asked;
  const wanted = params.get('practitioner') ?? '';
  const practitionerId = facts.practitioners.some((p) => p.id === wanted) ? wanted : '';
  const fromDate = view === 'week' ? mondayOf(date) : date;
  const toDate = view === 'week' ? addDays(fromDate, 6) : date;
  const [appointments, closures, exceptions] = await Promise.all([
    booking.appointmentsBetween({ fromDate, toDate, practitionerId: practitionerId || null }),
    booking.closuresBetween({ fromDate, toDate }),
    booking.exceptionsBetween({ fromDate, toDate, ...(practitionerId ? { practitionerId } : {}) }),
  ]);
  const page: CalendarData = {
    ...header,
    forms: await context.get(visitFormsContext).forStaff(appointments, user),
    deposits: Object.fromEntries([...(await context.get(depositsContext).paymentsOf(appointments.map((a) => a.id)))].map(([id, p]) => [id, depositMark(p)])),
    view,
    date,
    fromDate,
    toDate,
    today: now,
    practitionerId,
    appointments,
    closures: closures.map((c) => ({ date: c.onDate, starts: c.starts?.slice(0, 5) ?? null, ends: c.ends?.slice(0, 5) ?? null, name: c.name, locationId: c.locationId })),
    exceptions: exceptions.map((e) => ({ date: e.onDate, practitionerId: e.practitionerId, kind: e.kind, starts: e.starts?.slice(0, 5) ?? null, ends: e.ends?.slice(0, 5) ?? null })),
    ...(refused ? { errors: { date: DAY_MESSAGE }, values: { date: asked } } : {}),
  };
  return refused ? data(page, { status: 400 }) : page;
}
