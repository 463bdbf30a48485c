import { useLoaderData } from 'react-router';
import '../../booking/booking.css';
import type { AccountPageData } from '../../booking/page-data';
import { bookHref } from '../../booking/page-data';
import { formatWhen } from '../../booking/time';
import { appointmentStatus, visitKind } from '../../booking/types';
import { useClinicFacts } from '../../clinic/facts-context';
import { useSessionUser } from '../../platform/session';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import type { AppointmentView } from '../../booking/results';

function VisitList({ visits, empty }: { visits: readonly AppointmentView[]; empty: string }) {
  const { services, practitioners } = useClinicFacts();
  if (visits.length === 0) return <p>{empty}</p>;
  return (
    <ul className="visit-list">
      {visits.map((v) => (
        <li key={v.id} className={`visit-card${v.status === 'cancelled' ? ' visit-card--cancelled' : ''}`}>
          <p>
            <strong>{formatWhen(new Date(v.startsAt))}</strong> (Abuja time)
          </p>
          <p>
            {`${services.find((s) => s.id === v.serviceId)?.name ?? 'Visit'}, ${visitKind.label(v.visitKind).toLowerCase()}, with ${practitioners.find((p) => p.id === v.practitionerId)?.name ?? 'our team'}`}
          </p>
          <p>
            <span className="visit-card__reference">{v.reference}</span> · {appointmentStatus.label(v.status)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in patient's account, /account: their upcoming and past visits. */
export default function AccountPage() {
  const { upcoming, past, unavailable } = useLoaderData() as AccountPageData;
  const user = useSessionUser();
  return (
    <>
      <PageHeader title="Your account" intro={user ? `Signed in as ${user.displayName}` : undefined} crumbs={[{ label: 'Home', to: '/' }, { label: 'Your account' }]} />
      <Section headingId="upcoming-heading" className="booking" containerClassName="booking__inner">
        {unavailable && (
          <p className="form-error" role="alert">
            We cannot show your visits just now. Please try again in a few minutes, or call us on <PhoneLink />.
          </p>
        )}
        <h2 id="upcoming-heading">Upcoming visits</h2>
        <VisitList visits={upcoming} empty="You have no upcoming visits." />
        <p>
          To move or cancel a visit, use the link in its confirmation, or call us on <PhoneLink />.
        </p>
        <p>
          <Link to={bookHref()} className="btn btn--primary">
            Book a visit
          </Link>
        </p>
        <h2 id="past-heading">Past visits</h2>
        <VisitList visits={past} empty="No past visits yet." />
      </Section>
    </>
  );
}
