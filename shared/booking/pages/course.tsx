import { formatKobo, REFUND_DAYS } from '../deposits';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import { courseRhythm, type CourseActionData, type CoursePageData } from '../course';
import { bookHref } from '../page-data';
import { managePath } from '../results';
import { formatVisit } from '../time';
import { appointmentStatus } from '../types';
import { LinkRefused } from '../link-refused';
import { useAnswerFocus } from '../answer-focus';
import '../booking.css';

/** A course's own link, /booking/course/:token: every visit with its own link, and "cancel the remaining visits". */
export default function CoursePage() {
  const page = useLoaderData() as CoursePageData;
  const echo = useActionData() as CourseActionData | undefined;
  const busy = useNavigation().state !== 'idle';
  const alertRef = useAnswerFocus(echo);
  const { practitioners } = useClinicFacts();
  if (!page.ok) {
    return (
      <LinkRefused title="This link does not open a course" crumb="Your course" message={page.message}>
        To change your visits, call us on <PhoneLink />. Or <Link to="/book">book a new visit</Link>.
      </LinkRefused>
    );
  }
  const { course } = page;
  const practitioner = practitioners.find((p) => p.id === course.practitionerId);
  const remaining = course.visits.filter((v) => v.changeable);
  const locked = course.visits.filter((v) => v.status === 'booked' && !v.changeable);
  // Just booked (`?booked=1`), until the patient changes something here.
  const justBooked = page.notice === 'booked' && !echo;
  const title = justBooked ? `Your ${course.size} visits are booked` : 'Your course of visits';
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Your course' }]} />
      <Section headingId="course-heading" className="booking" containerClassName="booking__inner">
        <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
          {echo?.status === 'refused' && <p className="form-error">{echo.message}</p>}
        </div>
        {echo?.status === 'cancelled' && (
          <p role="status">
            {echo.cancelled === 0 ? 'No visit was cancelled.' : `${echo.cancelled} ${echo.cancelled === 1 ? 'visit is' : 'visits are'} cancelled: the times are free again for someone else.`}
            {echo.insideNotice > 0 && (
              <>
                {' '}
                {echo.insideNotice === 1 ? 'One visit is' : `${echo.insideNotice} visits are`} too close to change online: please call us on <PhoneLink />.
              </>
            )}
          </p>
        )}
        {justBooked && <p role="status">Thank you. Keep this page’s address: it is your link to the whole course. Each visit also has its own link to move or cancel it.</p>}
        <h2 id="course-heading" className="booking__step-title">
          Course {course.reference}: {course.size} visits, {courseRhythm.label(course.rhythm).toLowerCase()}
          {practitioner ? `, with ${practitioner.name}` : ''}
        </h2>
        <ol className="course-visits">
          {course.visits.map((v) => (
            <li key={v.id} className={`course-visit${v.status === 'cancelled' ? ' course-visit--cancelled' : ''}`}>
              <p className="course-visit__title">
                <strong>
                  Visit {v.courseSeq} of {v.courseSize}:
                </strong>{' '}
                {formatVisit(new Date(v.startsAt), new Date(v.endsAt))}
              </p>
              <p>
                {appointmentStatus.label(v.status)} · {v.reference} ·{' '}
                <Link to={managePath(v.manageToken)}>
                  {v.status === 'booked' ? 'Move or cancel this visit' : 'Open this visit'}
                  <span className="visually-hidden"> ({v.reference})</span>
                </Link>
              </p>
            </li>
          ))}
        </ol>
        {remaining.length > 0 ? (
          <Form method="post" className="booking-step" aria-label="Cancel the remaining visits" preventScrollReset>
            <input type="hidden" name="intent" value="cancel-remaining" />
            <p>
              Stopping the course? This cancels the {remaining.length} remaining {remaining.length === 1 ? 'visit' : 'visits'} and frees their times for someone else.
            </p>
            {page.deposit && page.deposit.status === 'paid' && (
              <p>
                Your deposit for the course ({formatKobo(page.deposit.amountKobo)}) is refunded through Paystack when you cancel all the remaining visits at least {page.cancelNoticeHours} hours before the next one; expect it {REFUND_DAYS}. Cancelling one visit of several does not refund it.
              </p>
            )}
            <button type="submit" className="btn btn--ghost" disabled={busy}>
              Cancel the remaining visits
            </button>
          </Form>
        ) : (
          <p>
            <Link to={bookHref({ service: course.serviceId })}>Book another visit</Link>.
          </p>
        )}
        {locked.length > 0 && (
          <p className="form-notice">
            Less than {page.cancelNoticeHours} hours before a visit it can only be changed by phone: please call <PhoneLink />.
          </p>
        )}
      </Section>
    </>
  );
}
