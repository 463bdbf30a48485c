import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { FormStateContext, SelectField, TextField } from '../../ui/fields';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import { COURSE_MAX_VISITS, COURSE_MIN_VISITS, courseRhythm, type CoursePlanActionData, type CoursePlanData, type CourseProposal, type ProposedVisit } from '../course';
import { formatKobo } from '../deposits';
import { formatClock, formatDay, formatWhen } from '../time';
import { reminderChannel } from '../types';
import { LinkRefused } from '../link-refused';
import { useAnswerFocus } from '../answer-focus';
import '../booking.css';

const VISIT_OPTIONS = Array.from({ length: COURSE_MAX_VISITS - COURSE_MIN_VISITS + 1 }, (_, i) => ({ value: String(i + COURSE_MIN_VISITS), label: `${i + COURSE_MIN_VISITS} visits` }));

/** Why a visit of the proposal has no time, or that its time is not the one asked for. */
function visitNote(v: ProposedVisit, proposal: CourseProposal, taken: boolean): string | null {
  if (v.problem === 'too-far') return `This day is after ${proposal.lastDate ? formatDay(proposal.lastDate) : 'the furthest day we book'}, the furthest we book online: choose fewer visits or an earlier first day.`;
  if (v.problem === 'none-free') return 'Nothing is free that day: choose another day for this visit.';
  if (taken) return `The time you had was taken a moment ago: this is the nearest free time that day.`;
  if (v.moved) return `${formatClock(proposal.time)} is taken that day: this is the nearest free time.`;
  return null;
}

/** One visit of the proposal: its day (changeable) and its time among that day's free times. */
function ProposedRow({ v, proposal, taken }: { v: ProposedVisit; proposal: CourseProposal; taken: boolean }) {
  const note = visitNote(v, proposal, taken);
  const noteId = `visit-${v.seq}-note`;
  return (
    <li className={`course-visit${v.problem ? ' course-visit--problem' : ''}${v.moved || taken ? ' course-visit--moved' : ''}`}>
      <h3 className="course-visit__title">
        Visit {v.seq}: {formatDay(v.date)}
      </h3>
      <div className="course-visit__fields">
        {v.options.length > 0 && (
          <div className="field">
            <label htmlFor={`at-${v.seq}`} className="field__label">
              Time
            </label>
            <select id={`at-${v.seq}`} name={`at-${v.seq}`} className="input" defaultValue={v.startsAt ?? ''} aria-describedby={note ? noteId : undefined} key={`${v.date}-${v.startsAt}`}>
              {v.options.map((o) => (
                <option key={o.startsAt} value={o.startsAt}>
                  {formatClock(o.time)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`day-${v.seq}`} className="field__label">
            Day
          </label>
          <input id={`day-${v.seq}`} name={`day-${v.seq}`} type="date" className="input" defaultValue={v.date} key={v.date} {...(proposal.lastDate ? { max: proposal.lastDate } : {})} />
        </div>
      </div>
      {note && (
        <p id={noteId} className={v.problem ? 'field__error' : 'field__hint'}>
          {note}
        </p>
      )}
    </li>
  );
}

/**
 * /booking/manage/:token/course (and staff's /staff/bookings/:reference/course): after a visit,
 * a course of follow-ups with the same practitioner. The form asks how many and how often; the
 * whole course is shown, each visit changeable; "Book" takes them all at once or none.
 */
export default function CoursePlanPage() {
  const page = useLoaderData() as CoursePlanData;
  const echo = useActionData() as CoursePlanActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const alertRef = useAnswerFocus(echo);
  const { practitioners } = useClinicFacts();

  if (!page.ok) {
    return (
      <LinkRefused title="This link does not open a booking" crumb="Book a course of visits" message={page.message}>
        To book your visits, call us on <PhoneLink />.
      </LinkRefused>
    );
  }
  const { anchor } = page;
  const proposal = echo?.proposal ?? page.proposal;
  // After a refused "Book", the course as the action proposed it again (the page's address has no query).
  const values = echo?.proposal ? { visits: String(echo.proposal.visits), rhythm: echo.proposal.rhythm, first: echo.proposal.first, time: echo.proposal.time } : page.values;
  const practitioner = practitioners.find((p) => p.id === anchor.practitionerId);
  const withWhom = practitioner ? practitioner.name : 'the same practitioner';
  const ready = proposal ? proposal.proposed.every((v) => v.startsAt) : false;
  const crumbs = page.staff ? [{ label: 'Staff', to: '/staff' }, { label: anchor.reference, to: page.back }, { label: 'Course' }] : [{ label: 'Home', to: '/' }, { label: 'Your booking', to: page.back }, { label: 'Course' }];
  return (
    <>
      <PageHeader title="Book a course of visits" crumbs={crumbs} />
      <Section headingId="course-ask" className="booking" containerClassName="booking__inner">
        <p>
          {page.staff ? `For ${anchor.patientName}, after` : 'After'} the visit on {formatWhen(new Date(anchor.startsAt))}: follow-up visits with {withWhom}, booked at once. The same time each
          visit where it is free, else the nearest free time that day. Each visit is its own booking, with its own link to move or cancel it, and its own reminders
          {anchor.reminderChannel !== 'none' ? ` (by ${reminderChannel.label(anchor.reminderChannel)}, as you chose)` : ''}.
        </p>
        <h2 id="course-ask" className="booking__step-title">
          How many, how often
        </h2>
        <Form method="get" action={page.action} className="booking-step course-ask" aria-labelledby="course-ask" preventScrollReset key={JSON.stringify(values)}>
          <FormStateContext.Provider value={{ values: { ...values }, errors: page.error && page.errorField ? { [page.errorField]: page.error } : {} }}>
            <SelectField label="Visits" name="visits" options={VISIT_OPTIONS} />
            <fieldset className="booking-radios booking-radios--inline">
              <legend>How often</legend>
              {page.errorField === 'rhythm' && <p className="field__error">{page.error}</p>}
              {courseRhythm.options().map((o) => (
                <label key={o.value} className="booking-radio">
                  <input type="radio" name="rhythm" value={o.value} defaultChecked={values.rhythm === o.value} /> <span>{o.label}</span>
                </label>
              ))}
            </fieldset>
            <TextField label="First visit’s day" name="first" type="date" />
            <TextField label="Time of day" name="time" type="time" step={900} hint="We keep this time where it is free." />
          </FormStateContext.Provider>
          <button type="submit" className="btn btn--outline" disabled={busy}>
            Show the visits
          </button>
        </Form>

        <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
          {echo && <p className="form-error">{echo.message}</p>}
        </div>

        {proposal && (
          <Form method="post" action={page.action} className="booking-step course-plan" aria-labelledby="course-plan" preventScrollReset key={JSON.stringify(proposal.proposed.map((v) => v.startsAt))}>
            <h2 id="course-plan" className="booking__step-title">
              Your {proposal.visits} visits ({courseRhythm.label(proposal.rhythm).toLowerCase()})
            </h2>
            <input type="hidden" name="visits" value={values.visits} />
            <input type="hidden" name="rhythm" value={values.rhythm} />
            <input type="hidden" name="first" value={values.first} />
            <input type="hidden" name="time" value={values.time} />
            <input type="hidden" name="key" value={page.key} />
            <ol className="course-visits">
              {proposal.proposed.map((v) => (
                <ProposedRow key={v.seq} v={v} proposal={proposal} taken={echo?.seq === v.seq} />
              ))}
            </ol>
            <p className="field__hint">Changed a day? Press “Show times for the new days” first. Nothing is booked until you press “Book”.</p>
            {page.deposit && (
              <div className="course-plan__deposit">
                <p>
                  Deposit for the course: <strong>{formatKobo(page.deposit.amountKobo)}</strong>, once for all {proposal.visits} visits, paid on Paystack’s page (card, bank transfer or USSD). We hold the visits for {page.deposit.holdMinutes} minutes while you pay; they are booked together when the payment arrives.
                </p>
                <p>{page.deposit.policy}</p>
                <p>
                  Cancelling the remaining visits at least {page.deposit.cancelNoticeHours} hours before the next one refunds the deposit; cancelling one visit of several does not.
                </p>
              </div>
            )}
            <div className="course-plan__actions">
              <button type="submit" formMethod="get" className="btn btn--outline" disabled={busy}>
                Show times for the new days
              </button>
              <button type="submit" className="btn btn--primary" disabled={busy || !ready} aria-describedby={ready ? undefined : 'course-not-ready'}>
                {page.deposit ? `Pay ${formatKobo(page.deposit.amountKobo)} and book these ${proposal.visits} visits` : `Book these ${proposal.visits} visits`}
              </button>
            </div>
            {!ready && (
              <p id="course-not-ready" className="field__error">
                Some visits have no time yet: choose another day for them.
              </p>
            )}
          </Form>
        )}
        <p>
          <Link to={page.back}>Back to {page.staff ? 'the visit' : 'your booking'}</Link>. Questions? Call us on <PhoneLink />.
        </p>
      </Section>
    </>
  );
}
