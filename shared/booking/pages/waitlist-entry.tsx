import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import { useAnswerFocus } from '../answer-focus';
import { LinkRefused } from '../link-refused';
import { formatWhen } from '../time';
import { offerStatus, waitlistJoinPath, type WaitlistEntryAnswer, type WaitlistEntryData } from '../waitlist';
import { EntryFacts } from '../waitlist-view';
import '../booking.css';

const ENDED = { taken: 'You took a time we offered: this entry is done.', left: 'You left the waitlist.', staff: 'The clinic took this entry off the waitlist.', lapsed: 'Its last day has passed.' } as const;

/** An entry's own link, /waitlist/entry/:token: what it asked for, its place in line, the times offered, and "leave the list". */
export default function WaitlistEntryPage() {
  const page = useLoaderData() as WaitlistEntryData;
  const echo = useActionData() as WaitlistEntryAnswer | undefined;
  const busy = useNavigation().state !== 'idle';
  const alertRef = useAnswerFocus(echo);
  const { practitioners } = useClinicFacts();
  if (!page.ok) {
    return (
      <LinkRefused title="This link does not open a waitlist entry" crumb="Waitlist" message={page.message}>
        Call us on <PhoneLink />, or <Link to={waitlistJoinPath}>join the waitlist</Link>.
      </LinkRefused>
    );
  }
  const { entry } = page;
  const left = echo?.status === 'left' || echo?.status === 'already';
  const ended = left ? 'left' : entry.endedReason;
  const nameOf = (id: string) => practitioners.find((p) => p.id === id)?.name ?? '';
  return (
    <>
      <PageHeader title={ended ? 'Your waitlist entry' : 'You are on the waitlist'} crumbs={[{ label: 'Home', to: '/' }, { label: 'Waitlist' }]} />
      <Section headingId="entry-heading" className="booking" containerClassName="booking__inner">
        <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
          {echo?.status === 'refused' && <p className="form-error">{echo.message}</p>}
        </div>
        {page.notice === 'joined' && !echo && (
          <p role="status">
            Thank you. We will send you the first free time that suits you. Keep this page’s address: it is your link to see this entry or leave the list.
          </p>
        )}
        {left && <p role="status">You have left the waitlist. We will not send you any more times for this entry.</p>}
        <h2 id="entry-heading" className="booking__step-title">
          What you asked for
        </h2>
        <EntryFacts entry={entry} />
        {ended ? <p>{ENDED[ended]}</p> : page.position !== null && <p>{page.position === 1 ? 'You are first in line for this service.' : `You are number ${page.position} in line for this service.`}</p>}
        <h2 className="booking__step-title">Times offered to you</h2>
        {page.offers.length === 0 ? (
          <p>
            None yet. When one comes free, we send it to you at once (or at {page.quietHours.to} if it comes free between {page.quietHours.from} and {page.quietHours.to}).
          </p>
        ) : (
          <ul className="waitlist-offers">
            {page.offers.map((o) => (
              <li key={o.id}>
                <strong>{formatWhen(new Date(o.startsAt))}</strong> with {nameOf(o.practitionerId)}: {o.open ? `yours to take until ${formatWhen(new Date(o.expiresAt))}` : offerStatus.label(o.status).toLowerCase()}
                {o.open && o.link && (
                  <>
                    {' '}
                    <Link to={o.link}>Take this time</Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {!ended && (
          <Form method="post" className="booking-step" aria-label="Leave the waitlist" preventScrollReset>
            <input type="hidden" name="intent" value="leave" />
            <p>No longer need a time? Leaving frees your place for the next person.</p>
            <button type="submit" className="btn btn--ghost" disabled={busy}>
              Leave the waitlist
            </button>
          </Form>
        )}
        <p>
          Or <Link to="/book">look at the free times</Link> now, or call us on <PhoneLink />.
        </p>
      </Section>
    </>
  );
}
