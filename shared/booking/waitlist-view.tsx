import { useClinicFacts } from '../clinic/facts-context';
import { formatDay, formatWhen } from './time';
import { visitKind } from './types';
import { daysInWords, partsInWords, waitlistChannel, type EntrySummary } from './waitlist';

/** What an entry asked for, as the patient and staff read it. */
export function EntryFacts({ entry }: { entry: EntrySummary }) {
  const { services, practitioners } = useClinicFacts();
  const service = services.find((s) => s.id === entry.serviceId)?.name ?? 'A visit';
  const who = entry.practitionerId ? (practitioners.find((p) => p.id === entry.practitionerId)?.name ?? 'The practitioner') : 'Any available';
  return (
    <dl className="waitlist-facts">
      <dt>For</dt>
      <dd>
        {service} ({visitKind.label(entry.visitKind).toLowerCase()})
      </dd>
      <dt>With</dt>
      <dd>{who}</dd>
      <dt>Days</dt>
      <dd>{daysInWords(entry.days)}</dd>
      <dt>Times</dt>
      <dd>{partsInWords(entry.parts)}</dd>
      <dt>Until</dt>
      <dd>{formatDay(entry.untilDate)}</dd>
      <dt>Told by</dt>
      <dd>{entry.channel === 'email' ? 'E-mail' : waitlistChannel.label(entry.channel)}</dd>
      <dt>Since</dt>
      <dd>{formatWhen(new Date(entry.createdAt))}</dd>
    </dl>
  );
}
