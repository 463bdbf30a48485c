import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { FormStateContext, SelectField, TextField } from '../../ui/fields';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { StaffFilters } from '../../ui/staff/staff-filters';
import { formatAbuja } from '../../ui/staff/format';
import { formatE164Nigeria } from '../../platform/phone';
import { practitionerOptions } from '../staff/format';
import { formatDay } from '../time';
import { visitKind } from '../types';
import { daysInWords, offerStatus, partsInWords, waitlistChannel, type StaffWaitlistAnswer, type StaffWaitlistData } from '../waitlist';
import '../staff/staff-booking.css';

const ENDED = { taken: 'Took a time', left: 'Left the list', staff: 'Taken off by staff', lapsed: 'Last day passed' } as const;

/**
 * The waitlist for one practitioner (issue 46): who waits (for them, or for anyone), what suits,
 * since when, each offer sent and its state, who took what (the visit's reference); beside each
 * open entry, a time offered by hand (sent on the patient's channel, like a round's offer).
 */
export default function StaffWaitlistPage() {
  const d = useLoaderData() as StaffWaitlistData;
  const echo = useActionData() as StaffWaitlistAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  const facts = useClinicFacts();
  const serviceName = (id: string) => facts.services.find((s) => s.id === id)?.name ?? id;
  const nameOf = (id: string) => facts.practitioners.find((p) => p.id === id)?.name ?? id;
  const open = d.entries.filter((e) => !e.entry.endedAt);
  const ended = d.entries.filter((e) => e.entry.endedAt);
  return (
    <>
      <StaffBand title="Waitlist" staffName={d.staffName} newCount={d.newCount} />
      <div className="container staff-page">
        <FormStateContext.Provider value={{}}>
          <StaffFilters label="Choose the practitioner" key={d.practitionerId}>
            <SelectField label="Practitioner" name="practitioner" defaultValue={d.practitionerId} options={practitionerOptions(facts)} />
          </StaffFilters>
        </FormStateContext.Provider>
        <p className="staff-waitlist__rules">
          A freed time goes to the first {d.settings.offersPerTime} entries it suits, in join order; each offer is open for {d.settings.offerMinutes} minutes from when its message may go (never {d.settings.quietHours.from}–{d.settings.quietHours.to}). One
          phone may hold {d.settings.entriesPerPhone} entries.
        </p>
        {echo && (
          <div className={`staff-alert ${echo.status === 'offered' ? 'staff-alert--ok' : 'staff-alert--error'}`} role={echo.status === 'offered' ? 'status' : 'alert'}>
            {echo.message}
          </div>
        )}
        <h2 id="open-heading">{open.length === 0 ? `Nobody is waiting for ${nameOf(d.practitionerId)}` : `${open.length} waiting for ${nameOf(d.practitionerId)} or anyone`}</h2>
        {open.length > 0 && (
          <table className="staff-table" aria-labelledby="open-heading">
            <thead>
              <tr>
                <th scope="col">Since</th>
                <th scope="col">Who</th>
                <th scope="col">What suits</th>
                <th scope="col">Offers</th>
                <th scope="col">Offer a time</th>
              </tr>
            </thead>
            <tbody>
              {open.map((e) => (
                <tr key={e.id}>
                  <td data-label="Since">
                    <time dateTime={e.entry.createdAt}>{formatAbuja(e.entry.createdAt)}</time>
                  </td>
                  <td data-label="Who">
                    {/* One block: at phone width the cell is a grid (its label, then its content), which would spread loose pieces over both columns. */}
                    <div>
                      {e.name}
                      <br />
                      <Link to={`/staff/people?phone=${encodeURIComponent(e.phone)}`} className="staff-waitlist__phone">
                        {formatE164Nigeria(e.phone)}
                      </Link> ({waitlistChannel.is(e.entry.channel) ? waitlistChannel.label(e.entry.channel) : 'E-mail'})
                    </div>
                  </td>
                  <td data-label="What suits">
                    {serviceName(e.entry.serviceId)}, {visitKind.label(e.entry.visitKind).toLowerCase()}, {e.entry.practitionerId ? nameOf(e.entry.practitionerId) : 'anyone'}; {daysInWords(e.entry.days)}; {partsInWords(e.entry.parts)}; until {formatDay(e.entry.untilDate)}
                  </td>
                  <td data-label="Offers">
                    <OfferList offers={e.offers} nameOf={nameOf} />
                  </td>
                  <td data-label="Offer a time">
                    <FormStateContext.Provider value={echo?.status === 'refused' && echo.entryId === e.id ? { values: echo.values } : {}}>
                      <Form method="post" className="staff-form" aria-label={`Offer a time to ${e.name}`}>
                        <input type="hidden" name="intent" value="offer" />
                        <input type="hidden" name="entry" value={e.id} />
                        <input type="hidden" name="practitioner" value={d.practitionerId} />
                        <TextField label="Day" name="date" type="date" required min={d.today} defaultValue={d.today} />
                        <TextField label="Time" name="time" type="time" required step={300} />
                        <button type="submit" className="btn btn--outline btn--sm" disabled={busy}>
                          Offer
                        </button>
                      </Form>
                    </FormStateContext.Provider>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h2 id="ended-heading">{ended.length === 0 ? 'No entry has ended yet' : 'Ended lately: who took what'}</h2>
        {ended.length > 0 && (
          <table className="staff-table" aria-labelledby="ended-heading">
            <thead>
              <tr>
                <th scope="col">Ended</th>
                <th scope="col">Who</th>
                <th scope="col">How</th>
                <th scope="col">Offers</th>
              </tr>
            </thead>
            <tbody>
              {ended.map((e) => (
                <tr key={e.id}>
                  <td data-label="Ended">
                    <time dateTime={e.entry.endedAt!}>{formatAbuja(e.entry.endedAt)}</time>
                  </td>
                  <td data-label="Who">
                    {e.name}, {formatE164Nigeria(e.phone)}
                  </td>
                  <td data-label="How">{e.entry.endedReason ? ENDED[e.entry.endedReason] : ''}</td>
                  <td data-label="Offers">
                    <OfferList offers={e.offers} nameOf={nameOf} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}

function OfferList({ offers, nameOf }: { offers: StaffWaitlistData['entries'][number]['offers']; nameOf: (id: string) => string }) {
  if (!offers.length) return <>None yet</>;
  return (
    <ul className="staff-list">
      {offers.map((o) => (
        <li key={o.id}>
          {formatAbuja(o.startsAt)} with {nameOf(o.practitionerId)}: {o.open ? 'open' : offerStatus.label(o.status).toLowerCase()}
          {o.offeredBy !== 'system' ? ` (by ${o.offeredBy})` : ''}
          {o.reference && (
            <>
              {' '}
              → <Link to={`/staff/bookings/${o.reference}`}>{o.reference}</Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
