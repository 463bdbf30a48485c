import { useLoaderData } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { Link } from '../../ui/link';
import { FormStateContext, SelectField, TextField } from '../../ui/fields';
import { StaffFilters } from '../../ui/staff/staff-filters';
import { StaffBand, StatusBadge } from '../../ui/staff/staff-band';
import { formatE164Nigeria } from '../../platform/phone';
import { addDays, formatClock, formatDay } from '../time';
import { namesOf, practitionerOptions, timeOf, dateOf } from '../staff/format';
import { appointmentStatus } from '../types';
import type { CalendarData } from '../staff/types';
import { StaffFormLine } from '../visit-form-card';
import '../staff/staff-booking.css';

function href(view: string, date: string, practitioner: string) {
  const q = new URLSearchParams({ view, date });
  if (practitioner) q.set('practitioner', practitioner);
  return `/staff/calendar?${q}`;
}

/** The staff calendar: a day or a week of visits as a list (time, patient, service, status, practitioner). */
export default function StaffCalendarPage() {
  const d = useLoaderData() as CalendarData;
  const facts = useClinicFacts();
  const names = namesOf(facts);
  const step = d.view === 'week' ? 7 : 1;
  const days = d.view === 'week' ? Array.from({ length: 7 }, (_, i) => addDays(d.fromDate, i)) : [d.date];
  const who = d.practitionerId ? names.practitioner(d.practitionerId) : 'Whole clinic';
  const range = d.view === 'week' ? `Week of ${formatDay(d.fromDate)} ${d.fromDate.slice(0, 4)}` : `${formatDay(d.date)} ${d.date.slice(0, 4)}`;
  return (
    <>
      <StaffBand title="Calendar" staffName={d.staffName} newCount={d.newCount} />
      <div className="container staff-page">
        {/* A day that is not one is said at its field (the loader's 400). */}
        <FormStateContext.Provider value={{ values: d.values ?? {}, errors: d.errors ?? {} }}>
          <StaffFilters label="Choose the calendar" key={`${d.view}-${d.date}-${d.practitionerId}`}>
            <SelectField label="Practitioner" name="practitioner" defaultValue={d.practitionerId} options={[{ value: '', label: 'Whole clinic' }, ...practitionerOptions(facts)]} />
            <SelectField label="View" name="view" defaultValue={d.view} options={[{ value: 'day', label: 'Day' }, { value: 'week', label: 'Week' }]} />
            <TextField label="Day" name="date" type="date" defaultValue={d.date} />
          </StaffFilters>
        </FormStateContext.Provider>
        <div className="cal-toolbar">
          <nav className="cal-toolbar__nav" aria-label={d.view === 'week' ? 'Other weeks' : 'Other days'}>
            <Link to={href(d.view, addDays(d.date, -step), d.practitionerId)} className="btn btn--outline btn--sm" rel="prev">
              ← {d.view === 'week' ? 'Previous week' : 'Previous day'}
            </Link>
            <Link to={href(d.view, d.today, d.practitionerId)} className="btn btn--ghost btn--sm">
              Today
            </Link>
            <Link to={href(d.view, addDays(d.date, step), d.practitionerId)} className="btn btn--outline btn--sm" rel="next">
              {d.view === 'week' ? 'Next week' : 'Next day'} →
            </Link>
          </nav>
          <div className="cal-views">
            <Link to={href('day', d.date, d.practitionerId)} className="btn btn--outline btn--sm" aria-current={d.view === 'day' ? 'page' : undefined}>
              Day
            </Link>
            <Link to={href('week', d.date, d.practitionerId)} className="btn btn--outline btn--sm" aria-current={d.view === 'week' ? 'page' : undefined}>
              Week
            </Link>
          </div>
        </div>
        <div className="staff-summary">
          <p role="status">
            {who}: {range}. {d.appointments.length === 1 ? '1 visit' : `${d.appointments.length} visits`}
            {d.appointments.some((a) => a.status === 'cancelled') ? ' (cancelled ones included)' : ''}.
          </p>
          <Link to={`/staff/bookings/new?date=${d.date}${d.practitionerId ? `&practitioner=${d.practitionerId}` : ''}`} className="btn btn--primary btn--sm">
            Book by phone
          </Link>
        </div>
        {days.map((day) => {
          const visits = d.appointments.filter((a) => dateOf(a.startsAt) === day);
          const closed = d.closures.filter((c) => c.date === day);
          const off = d.exceptions.filter((e) => e.date === day);
          return (
            <section key={day} className="cal-day" aria-labelledby={`day-${day}`}>
              <h2 id={`day-${day}`}>
                {formatDay(day)}
                {day === d.today ? ' (today)' : ''}
              </h2>
              {closed.map((c, i) => (
                <p key={`c${i}`} className="cal-day__note">
                  Closed{c.starts && c.ends ? ` ${formatClock(c.starts)}–${formatClock(c.ends)}` : ''}: {c.name} ({names.location(c.locationId)})
                </p>
              ))}
              {off.map((e, i) => (
                <p key={`e${i}`} className="cal-day__note">
                  {names.practitioner(e.practitionerId)}: {e.kind === 'time_off' ? 'time off' : e.kind === 'extra_hours' ? 'extra hours' : 'a different plan'}
                  {e.starts && e.ends ? ` ${formatClock(e.starts)}–${formatClock(e.ends)}` : e.kind === 'time_off' ? ' all day' : ''}
                </p>
              ))}
              {visits.length === 0 ? (
                <p className="cal-empty">No visits.</p>
              ) : (
                <ul className="cal-list">
                  {visits.map((a) => (
                    <li key={a.id} className={`cal-item${a.status === 'cancelled' ? ' is-cancelled' : ''}`}>
                      <span className="cal-item__time">
                        <time dateTime={a.startsAt}>{formatClock(timeOf(a.startsAt))}</time>
                        <span className="visually-hidden"> to </span>
                        <span aria-hidden="true">–</span>
                        <time dateTime={a.endsAt}>{formatClock(timeOf(a.endsAt))}</time>
                      </span>
                      <span className="cal-item__who">
                        <Link to={`/staff/bookings/${a.reference}`}>{a.patientName ?? a.reference}</Link>
                        {a.patientPhone ? <span> · {formatE164Nigeria(a.patientPhone)}</span> : null}
                      </span>
                      <p className="cal-item__meta">
                        <StatusBadge status={a.status} label={appointmentStatus.label(a.status)} />
                        {a.confirmedAt && a.status === 'booked' && <span className="cal-item__confirmed">Confirmed by the patient</span>}
                        <span>{names.service(a.serviceId)}</span>
                        <span>{names.practitioner(a.practitionerId)}</span>
                        {a.courseSeq !== null && <span className="cal-item__course">Course: visit {a.courseSeq} of {a.courseSize}</span>}
                        {d.forms[a.id] && <StaffFormLine form={d.forms[a.id]!} />}
                        {d.deposits?.[a.id] && <span className="cal-item__deposit">{d.deposits[a.id]}</span>}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
