import { useClinicFacts } from '../clinic/facts-context';
import { fullAddressOf } from '../clinic/site-facts';
import type { AppointmentView } from './results';
import { formatVisit } from './time';
import { appointmentStatus, visitKind } from './types';

/** What to bring to a visit (the confirmation page and the manage page). */
export const WHAT_TO_BRING = [
  'Recent scans, X-rays or reports, and a letter from your doctor if you have one.',
  'A list of the medicines you take.',
  'Loose, comfortable clothes you can move in.',
  'On a first visit: the new-patient form, filled in online before you come (or come 10 minutes early to fill it in here).',
] as const;

/** A booking's facts as a description list: reference, when (in words, Abuja time), what, with whom, where. */
export function VisitDetails({ visit }: { visit: AppointmentView }) {
  const { practitioners, services, locations } = useClinicFacts();
  const practitioner = practitioners.find((p) => p.id === visit.practitionerId);
  const service = services.find((s) => s.id === visit.serviceId);
  const location = locations.find((l) => l.id === visit.locationId);
  return (
    <dl>
      <dt>Reference</dt>
      <dd className="visit-card__reference">{visit.reference}</dd>
      <dt>When</dt>
      <dd>{`${formatVisit(new Date(visit.startsAt), new Date(visit.endsAt))} (Abuja time)`}</dd>
      <dt>Visit</dt>
      <dd>
        {service?.name ?? 'Visit'}, {visitKind.label(visit.visitKind).toLowerCase()}
      </dd>
      <dt>With</dt>
      <dd>{practitioner ? `${practitioner.name} (${practitioner.title})` : 'One of our practitioners'}</dd>
      <dt>Where</dt>
      <dd>
        {location ? fullAddressOf(location) : ''}
        {location?.mapHref && (
          <>
            {' '}
            (
            <a href={location.mapHref} rel="noopener noreferrer" target="_blank">
              map<span className="visually-hidden">, opens in a new tab</span>
            </a>
            )
          </>
        )}
      </dd>
      <dt>Status</dt>
      <dd>{appointmentStatus.label(visit.status)}</dd>
    </dl>
  );
}
