import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import { useAnswerFocus } from '../answer-focus';
import { LinkRefused } from '../link-refused';
import { formatWhen } from '../time';
import { waitlistJoinPath, type WaitlistOfferAnswer, type WaitlistOfferData } from '../waitlist';
import '../booking.css';

/** An offer's link, /waitlist/offer/:token: the time that came free, until when it is yours to take, and the one button. */
export default function WaitlistOfferPage() {
  const page = useLoaderData() as WaitlistOfferData;
  const echo = useActionData() as WaitlistOfferAnswer | Extract<WaitlistOfferData, { ok: false }> | undefined;
  const busy = useNavigation().state !== 'idle';
  const alertRef = useAnswerFocus(echo);
  const { practitioners, services } = useClinicFacts();
  if (!page.ok) {
    return (
      <LinkRefused title="This link does not open an offer" crumb="Waitlist" message={page.message}>
        Call us on <PhoneLink />, or <Link to={waitlistJoinPath}>join the waitlist</Link>.
      </LinkRefused>
    );
  }
  const { offer, entry } = page;
  const who = practitioners.find((p) => p.id === offer.practitionerId)?.name ?? '';
  const service = services.find((s) => s.id === entry.serviceId)?.name ?? 'Your visit';
  const state = echo && 'state' in echo ? echo.state : page.state;
  const open = state === 'open';
  const title = open ? 'A time has come free for you' : state === 'taken' ? 'You took this time' : 'This time is no longer offered';
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Waitlist' }]} />
      <Section headingId="offer-heading" className="booking" containerClassName="booking__inner">
        <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
          {echo && <p className="form-error">{echo.message}</p>}
        </div>
        <h2 id="offer-heading" className="booking__step-title">
          {formatWhen(new Date(offer.startsAt))}
        </h2>
        <p>
          {service} with {who}, at the clinic. Abuja time.
        </p>
        {open && (
          <Form method="post" className="booking-step" aria-label="Take this time" preventScrollReset>
            <input type="hidden" name="intent" value="take" />
            <p>
              It is yours if you take it first, until <strong>{formatWhen(new Date(offer.expiresAt))}</strong>. We offered it to a few people waiting; the first to press the button gets it.
            </p>
            <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={busy || undefined}>
              {busy ? 'Taking it…' : 'Take this time'}
            </button>
          </Form>
        )}
        {!echo && state === 'expired' && <p>This offer has expired. You are still on the waitlist, and we will offer you the next time that suits.</p>}
        {!echo && state === 'gone' && <p>Another patient took this time first. You are still on the waitlist, and we will offer you the next time that suits.</p>}
        {state === 'taken' && page.manageLink && (
          <p>
            It is booked. <Link to={page.manageLink}>See or change your visit</Link>.
          </p>
        )}
        <p>
          <Link to={page.entryLink}>Your waitlist entry</Link> · <Link to="/book">Free times</Link> · Call us on <PhoneLink />
        </p>
      </Section>
    </>
  );
}
