import { useEffect, useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import type { ManageActionData, ManagePageData } from '../page-data';
import { bookHref } from '../page-data';
import { managePath } from '../results';
import { coursePlanPath } from '../course';
import { waitlistJoinPath } from '../waitlist';
import { DayForm, daysProps, daysWithTimes, NothingFree, TimeRadios, useShownDay, WeekTimes } from '../steps';
import { formatDay, formatWhen } from '../time';
import { VisitDetails, WHAT_TO_BRING } from '../visit-details';
import { DepositNote } from '../deposit-views';
import { FormStateContext } from '../../ui/fields';
import { ReminderFields } from '../reminder-fields';
import { reminderChannel } from '../types';
import { PatientFormCard } from '../visit-form-card';
import '../booking.css';

/** The manage link's page, /booking/manage/:token: the booking (and its confirmation just after booking), moving it, cancelling it. */
export default function ManagePage() {
  const page = useLoaderData() as ManagePageData;
  const echo = useActionData() as ManageActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // The moving step's day whose times are shown (the week's times are all in the page).
  const [day, showDay] = useShownDay(page.move);

  useEffect(() => {
    if (echo) alertRef.current?.focus();
  }, [echo]);

  if (!page.result.ok) {
    return (
      <>
        <PageHeader title="This link does not open a booking" crumbs={[{ label: 'Home', to: '/' }, { label: 'Your booking' }]} />
        <Section headingId="manage-refused" className="booking" containerClassName="booking__inner">
          <h2 id="manage-refused" className="visually-hidden">
            Why
          </h2>
          <p className="form-error" role="alert">
            {page.result.message}
          </p>
          <p>
            To change a visit, call us on <PhoneLink />. Or <Link to="/book">book a new visit</Link>.
          </p>
        </Section>
      </>
    );
  }

  const { appointment: visit, manageToken, changeable, cancelNoticeHours } = page.result;
  const here = managePath(manageToken);
  const cancelled = visit.status === 'cancelled' || echo?.status === 'cancelled';
  const emailConfirmed = echo?.status === 'email-confirmed';
  const shown = cancelled ? { ...visit, status: 'cancelled' as const } : visit;
  const title = cancelled ? 'Your visit is cancelled' : page.notice === 'booked' ? 'Your visit is booked' : page.notice === 'moved' ? 'Your visit has moved' : 'Your booking';
  const move = page.move;
  const refused = echo?.status === 'refused' || echo?.status === 'unavailable' ? echo : null;
  const alternatives = echo?.status === 'refused' ? echo.alternatives : undefined;
  const moveHidden = { move: '1' };
  const moveDays = move ? daysWithTimes(move) : [];

  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Your booking' }]} />
      <Section headingId="visit-heading" className="booking" containerClassName="booking__inner">
        <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
          {refused && <p className="form-error">{refused.message}</p>}
        </div>
        <article className={`visit-card${cancelled ? ' visit-card--cancelled' : ''}`}>
          <h2 id="visit-heading" ref={headingRef} tabIndex={-1} className="booking-confirmed">
            {cancelled ? 'Cancelled: ' : ''}
            {formatWhen(new Date(visit.startsAt))}
          </h2>
          {page.notice === 'booked' && !cancelled && <p role="status">Thank you. We look forward to seeing you. Keep this page’s address: it is your link to move or cancel the visit{visit.patientEmail ? ', and we have e-mailed it to you' : ''}.</p>}
          {cancelled && (
            <p role="status">
              The time is free again for someone else. <Link to={bookHref({ service: visit.serviceId })}>Book another visit</Link>.
            </p>
          )}
          <VisitDetails visit={shown} />
          <DepositNote deposit={page.deposit} cancelled={cancelled} changeable={changeable} cancelNoticeHours={cancelNoticeHours} refundKobo={echo?.status === 'cancelled' ? echo.refundKobo : undefined} />
          {visit.courseSeq !== null && (
            <p>
              This is visit {visit.courseSeq} of {visit.courseSize} of your course.{' '}
              {page.courseLink && <Link to={page.courseLink}>See the whole course</Link>}
            </p>
          )}
          {!cancelled && page.form && <PatientFormCard form={page.form} />}
          {!cancelled && (
            <>
              <div className="visit-card__actions">
                <a href={`${here}/visit.ics`} className="btn btn--outline btn--sm" download>
                  Add to calendar (.ics)
                </a>
                {changeable && !move && (
                  <Link to={`${here}?move=1`} className="btn btn--ghost btn--sm" preventScrollReset>
                    Move to another time
                  </Link>
                )}
              </div>
              {changeable && (
                <p>
                  Would an earlier time suit you better? <Link to={`${waitlistJoinPath}?holding=${encodeURIComponent(manageToken)}`}>Join the waitlist for an earlier time</Link>: we tell you when one comes free, and keep this visit until you take it.
                </p>
              )}
              {visit.courseId === null && (
                <p>
                  Coming back for a course of care? <Link to={coursePlanPath(manageToken)}>Book your follow-up visits at once</Link> with the same practitioner.
                </p>
              )}
              <p>
                Your manage link: <a href={here}>{`${here.slice(0, 40)}…`}</a>
                <span className="visually-hidden"> (this page)</span>
              </p>
              <h3>What to bring</h3>
              <ul>
                {WHAT_TO_BRING.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          )}
        </article>

        {!cancelled && changeable && move && (
          <>
            <h2 id="move-heading" className="booking__step-title">
              Move to another time
            </h2>
            {page.moveError && (
              <p className="form-error" role="alert">
                {page.moveError}
              </p>
            )}
            <DayForm times={move} hidden={moveHidden} action={here} legend="New day" onShow={showDay} />
            {!alternatives && <NothingFree times={move} shown={day} hidden={moveHidden} action={here} requestHref="/appoinment#book-heading" waitlist={() => `${waitlistJoinPath}?holding=${encodeURIComponent(manageToken)}`} />}
            {(alternatives ? alternatives.length > 0 : moveDays.length > 0) && (
              <Form method="post" className="booking-step" aria-labelledby="move-heading" preventScrollReset {...(alternatives ? {} : daysProps(moveDays, day))}>
                <input type="hidden" name="intent" value="move" />
                {/* The visit's practitioner goes with the new time: a move never changes who the patient sees. */}
                <input type="hidden" name="practitioner" value={visit.practitionerId} />
                {alternatives ? (
                  <TimeRadios slots={alternatives} legend="The nearest free times" withDay error={echo?.status === 'refused' ? echo.errors?.start : undefined} />
                ) : (
                  <WeekTimes times={move} shown={day} legend={(date) => `New time on ${formatDay(date)}`} error={echo?.status === 'refused' ? echo.errors?.start : undefined} />
                )}
                <p className="field__hint">Your present time is freed when the new one is booked.</p>
                <button type="submit" className="btn btn--primary" disabled={busy}>
                  Move my visit
                </button>
              </Form>
            )}
          </>
        )}

        {visit.patientEmail && (page.confirmEmail || emailConfirmed) && (
          <Form method="post" className="booking-step" aria-labelledby="email-heading" preventScrollReset>
            <h2 id="email-heading" className="booking__step-title">
              Your e-mail address
            </h2>
            {emailConfirmed ? (
              <p role="status">Thank you: {visit.patientEmail} is confirmed. Reminders by e-mail, and word of any change to this visit, can now go there.</p>
            ) : (
              <>
                <p>
                  Is <strong>{visit.patientEmail}</strong> yours? We send nothing more to it until you confirm it; then reminders by e-mail, if you chose them, and word of any change to this visit go
                  there too.
                </p>
                <input type="hidden" name="intent" value="confirm-email" />
                <input type="hidden" name="proof" value={page.confirmEmail} />
                <button type="submit" className="btn btn--primary" disabled={busy}>
                  Confirm my e-mail address
                </button>
              </>
            )}
          </Form>
        )}

        {!cancelled && visit.status === 'booked' && (
          <Form method="post" className="booking-step" aria-labelledby="reminders-heading" preventScrollReset key={visit.reminderChannel}>
            <h2 id="reminders-heading" className="booking__step-title">
              Reminders
            </h2>
            <input type="hidden" name="intent" value="reminders" />
            {echo?.status === 'reminders' && (
              <p role="status">{echo.channel === 'none' ? 'Saved: we will not send you reminders for this visit.' : `Saved: we will remind you by ${reminderChannel.label(echo.channel)}.`}</p>
            )}
            <p>
              {visit.reminderChannel === 'none' ? 'You get no reminders for this visit.' : `We remind you by ${reminderChannel.label(visit.reminderChannel)}.`} You can change this or stop them at any time.
              {visit.reminderChannel === 'email' && !visit.emailProven && !emailConfirmed && ' Reminders by e-mail start once you confirm your address with the link in your confirmation e-mail.'}
            </p>
            <FormStateContext.Provider value={{ values: { reminders: visit.reminderChannel, consent: visit.reminderChannel === 'none' ? '' : 'yes' } }}>
              <ReminderFields echo={undefined} chosen={visit.reminderChannel} hasEmail={Boolean(visit.patientEmail)} plan={page.reminders} />
            </FormStateContext.Provider>
            <button type="submit" className="btn btn--outline" disabled={busy}>
              Save reminders
            </button>
          </Form>
        )}

        {!cancelled && changeable && (
          <Form method="post" className="booking-step" aria-label="Cancel the visit" preventScrollReset>
            <input type="hidden" name="intent" value="cancel" />
            <p>Can’t come? Cancelling frees the time for someone else{page.deposit?.status === 'paid' ? ' and refunds your deposit' : ''}.</p>
            <button type="submit" className="btn btn--ghost" disabled={busy}>
              Cancel my visit
            </button>
          </Form>
        )}
        {!cancelled && !changeable && visit.status === 'booked' && (
          <p className="form-notice">
            Less than {cancelNoticeHours} hours before the visit it can only be changed by phone: please call <PhoneLink />.
          </p>
        )}
      </Section>
    </>
  );
}
