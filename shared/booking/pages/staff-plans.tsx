import { Form, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { FormStateContext, SelectField, TextField } from '../../ui/fields';
import { Link } from '../../ui/link';
import { StaffFilters } from '../../ui/staff/staff-filters';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import { formatClock, formatDay } from '../time';
import { namesOf, practitionerOptions } from '../staff/format';
import { exceptionKind, WEEK_ORDER, WEEKDAYS, type PlanRow, type PlansData, type StaffBookingAnswer } from '../staff/types';
import '../staff/staff-booking.css';

const DONE: Record<string, string> = {
  week: 'The new week is saved. Free times follow it from its first day.',
  'exception-added': 'The exception is saved.',
  'exception-removed': 'The exception is removed.',
  'closure-added': 'The closure is saved: nobody can book in it.',
  'closure-removed': 'The closure is removed.',
  'feed-revoked': 'The calendar feed is revoked: its address no longer works.',
  'feed-none': 'There was no calendar feed to revoke.',
};

const span = (starts: string | null, ends: string | null) => (starts && ends ? `${formatClock(starts)}–${formatClock(ends)}` : 'all day');
const interval = (r: Pick<PlanRow, 'starts' | 'ends' | 'breaks'>) =>
  `${formatClock(r.starts)}–${formatClock(r.ends)}${r.breaks.length ? ` (break ${r.breaks.map((b) => `${formatClock(b.start)}–${formatClock(b.end)}`).join(', ')})` : ''}`;

/** Working plans per practitioner and location, exceptions, the clinic's closures and the practitioner's calendar feed. */
export default function StaffPlansPage() {
  const d = useLoaderData() as PlansData;
  const echo = useActionData() as StaffBookingAnswer | undefined;
  const [params] = useSearchParams();
  const facts = useClinicFacts();
  const names = namesOf(facts);
  const doneKey = params.get('done');
  const done = echo ? null : doneKey ? DONE[doneKey] : null;
  const outside = !echo && doneKey === 'week' ? (params.get('outside') ?? '').split(',').filter(Boolean) : [];
  const state = (intent: string) => (echo && echo.intent === intent && echo.outcome !== 'done' ? { values: echo.values ?? {}, ...(echo.errors ? { errors: echo.errors } : {}) } : {});
  const errorFor = (intent: string) => (echo && echo.intent === intent && echo.outcome !== 'done' ? echo.message : null);
  const openLocations = facts.locations.filter((l) => l.status === 'open');
  const locations = openLocations.length ? openLocations : facts.locations;
  const first = (weekday: number) => d.week.find((r) => r.weekday === weekday && r.locationId === (locations[0]?.id ?? 'abuja'));
  const hidden = <input type="hidden" name="practitioner" value={d.practitionerId} />;
  const history = [...new Map(d.history.map((r) => [`${r.createdAt}|${r.locationId}|${r.validFrom}`, r])).keys()].map((key) => d.history.filter((r) => `${r.createdAt}|${r.locationId}|${r.validFrom}` === key));
  return (
    <>
      <StaffBand title="Working plans" staffName={d.staffName} newCount={d.newCount} />
      <div className="container staff-page">
        <StaffFilters label="Choose a practitioner" key={d.practitionerId}>
          <SelectField label="Practitioner" name="practitioner" defaultValue={d.practitionerId} options={practitionerOptions(facts)} />
        </StaffFilters>
        {done && (
          <div className="staff-alert staff-alert--ok" role="status">
            <p>{done}</p>
            {outside.length > 0 && (
              <p>
                Booked visits the new week no longer covers (move or cancel them):{' '}
                {outside.map((ref, i) => (
                  <span key={ref}>
                    {i ? ', ' : ''}
                    <Link to={`/staff/bookings/${ref}`}>{ref}</Link>
                  </span>
                ))}
              </p>
            )}
          </div>
        )}
        {echo && (
          <div className={`staff-alert ${echo.outcome === 'done' ? 'staff-alert--ok' : 'staff-alert--error'}`} role={echo.outcome === 'done' ? 'status' : 'alert'}>
            {echo.message}
          </div>
        )}
        <div className="staff-detail">
          <div>
            <section className="staff-card" aria-labelledby="week-heading">
              <h2 id="week-heading">{names.practitioner(d.practitionerId)}: the week in force</h2>
              {d.week.length === 0 ? (
                <p>No working week today: nobody can book this practitioner.</p>
              ) : (
                <ul className="plan-list">
                  {WEEK_ORDER.flatMap((wd) =>
                    d.week
                      .filter((r) => r.weekday === wd)
                      .map((r) => (
                        <li key={r.id}>
                          <span>
                            <strong>{WEEKDAYS[wd]}</strong> {interval(r)}
                          </span>
                          <span>
                            {names.location(r.locationId)}, since {formatDay(r.validFrom)} {r.validFrom.slice(0, 4)}
                          </span>
                        </li>
                      )),
                  )}
                </ul>
              )}
            </section>
            <section className="staff-card" aria-labelledby="set-heading" id="week">
              <h2 id="set-heading">Set a new week</h2>
              <p>From the day you choose, these hours replace the week at that location. Leave a day empty for a day off. Times are Abuja time, inside the opening hours.</p>
              <FormStateContext.Provider value={state('week')}>
                <Form method="post" className="staff-form" key={`week-${JSON.stringify(echo?.values ?? {})}-${d.week.length}`}>
                  <input type="hidden" name="intent" value="week" />
                  {hidden}
                  {errorFor('week') && (
                    <p className="field__error" role="alert">
                      {errorFor('week')}
                    </p>
                  )}
                  <div className="staff-form__row">
                    <TextField label="From" name="validFrom" type="date" required min={d.today} defaultValue={d.today} />
                    <SelectField label="Location" name="location" defaultValue={locations[0]?.id ?? 'abuja'} options={locations.map((l) => ({ value: l.id, label: l.name }))} />
                  </div>
                  <div className="plan-week">
                    {WEEK_ORDER.map((wd) => {
                      const row = first(wd);
                      return (
                        <fieldset key={wd} className="plan-day">
                          <legend>{WEEKDAYS[wd]}</legend>
                          <TextField label="Start" name={`d${wd}_start`} type="time" step={900} defaultValue={row?.starts ?? ''} />
                          <TextField label="End" name={`d${wd}_end`} type="time" step={900} defaultValue={row?.ends ?? ''} />
                          <TextField label="Break from" name={`d${wd}_break_start`} type="time" step={900} defaultValue={row?.breaks[0]?.start ?? ''} />
                          <TextField label="Break to" name={`d${wd}_break_end`} type="time" step={900} defaultValue={row?.breaks[0]?.end ?? ''} />
                        </fieldset>
                      );
                    })}
                  </div>
                  <button type="submit" className="btn btn--primary">
                    Save the new week
                  </button>
                </Form>
              </FormStateContext.Provider>
            </section>
            <section className="staff-card" aria-labelledby="history-heading">
              <h2 id="history-heading">History of the week</h2>
              {history.length === 0 ? (
                <p>No weeks yet.</p>
              ) : (
                <ol className="staff-history">
                  {history.map((rows) => {
                    const r = rows[0]!;
                    return (
                      <li key={`${r.createdAt}-${r.locationId}-${r.validFrom}`}>
                        <time dateTime={r.createdAt}>Set {formatAbuja(r.createdAt)}</time>
                        {names.location(r.locationId)}, from {r.validFrom}
                        {r.validTo ? ` to ${r.validTo}` : ' (in force)'}: {rows.map((x) => `${(WEEKDAYS[x.weekday] ?? "").slice(0, 3)} ${interval(x)}`).join('; ')}
                        {r.closedBy ? <span> Replaced {formatAbuja(r.closedAt)}</span> : null}
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
          </div>
          <div>
            <section className="staff-card" aria-labelledby="exceptions-heading" id="exception">
              <h2 id="exceptions-heading">Days off and extra hours</h2>
              {d.exceptions.length === 0 ? (
                <p>None coming.</p>
              ) : (
                <ul className="plan-list">
                  {d.exceptions.map((e) => (
                    <li key={e.id}>
                      <span>
                        <strong>{formatDay(e.date)}</strong> {exceptionKind.is(e.kind) ? exceptionKind.label(e.kind) : e.kind}, {span(e.starts, e.ends)}
                        {e.locationId ? `, ${names.location(e.locationId)}` : ''}
                        {e.note ? ` (${e.note})` : ''}
                      </span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="exception-remove" />
                        <input type="hidden" name="id" value={e.id} />
                        {hidden}
                        <button type="submit" className="btn btn--ghost btn--sm">
                          Remove<span className="visually-hidden"> the exception on {formatDay(e.date)}</span>
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              )}
              <h3>Add one</h3>
              <FormStateContext.Provider value={state('exception-add')}>
                <Form method="post" className="staff-form" key={`exc-${JSON.stringify(echo?.values ?? {})}-${d.exceptions.length}`}>
                  <input type="hidden" name="intent" value="exception-add" />
                  {hidden}
                  <div className="staff-form__row">
                    <TextField label="Day" name="date" type="date" required min={d.today} />
                    <SelectField label="Kind" name="kind" defaultValue="time_off" options={exceptionKind.options()} />
                  </div>
                  <div className="staff-form__row">
                    <TextField label="Start" name="starts" type="time" step={900} hint="Empty: the whole day" />
                    <TextField label="End" name="ends" type="time" step={900} />
                  </div>
                  <SelectField label="Location (extra hours, different plan)" name="location" defaultValue={locations[0]?.id ?? 'abuja'} options={locations.map((l) => ({ value: l.id, label: l.name }))} />
                  <TextField label="Note (staff only)" name="note" maxLength={200} autoComplete="off" />
                  <button type="submit" className="btn btn--primary">
                    Add the exception
                  </button>
                </Form>
              </FormStateContext.Provider>
            </section>
            <section className="staff-card" aria-labelledby="closures-heading" id="closure">
              <h2 id="closures-heading">Closures (the whole clinic)</h2>
              {d.closures.length === 0 ? (
                <p>None coming.</p>
              ) : (
                <ul className="plan-list">
                  {d.closures.map((c) => (
                    <li key={c.id}>
                      <span>
                        <strong>{formatDay(c.date)}</strong> {c.date.slice(0, 4)}: {c.name}, {span(c.starts, c.ends)} ({names.location(c.locationId)})
                      </span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="closure-remove" />
                        <input type="hidden" name="id" value={c.id} />
                        {hidden}
                        <button type="submit" className="btn btn--ghost btn--sm">
                          Remove<span className="visually-hidden"> the closure on {formatDay(c.date)}</span>
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              )}
              <h3>Add one</h3>
              <FormStateContext.Provider value={state('closure-add')}>
                <Form method="post" className="staff-form" key={`clo-${JSON.stringify(echo?.values ?? {})}-${d.closures.length}`}>
                  <input type="hidden" name="intent" value="closure-add" />
                  {hidden}
                  <div className="staff-form__row">
                    <TextField label="Day" name="date" type="date" required min={d.today} />
                    <TextField label="Name" name="name" required maxLength={120} autoComplete="off" hint="e.g. Eid al-Fitr" />
                  </div>
                  <div className="staff-form__row">
                    <TextField label="Start" name="starts" type="time" step={900} hint="Empty: the whole day" />
                    <TextField label="End" name="ends" type="time" step={900} />
                  </div>
                  <SelectField label="Where" name="location" defaultValue="" options={[{ value: '', label: 'All locations' }, ...locations.map((l) => ({ value: l.id, label: l.name }))]} />
                  <button type="submit" className="btn btn--primary">
                    Add the closure
                  </button>
                </Form>
              </FormStateContext.Provider>
            </section>
            <section className="staff-card" aria-labelledby="feed-heading" id="feed">
              <h2 id="feed-heading">Calendar feed</h2>
              <p>
                A private address for {names.practitioner(d.practitionerId)}’s phone or Google Calendar (“From URL”) or Outlook (“Subscribe from web”). It shows visit times and
                references only, no names or services.
              </p>
              {echo?.feedUrl && (
                <p>
                  <span className="visually-hidden">The feed address: </span>
                  <code className="feed-url" data-testid="feed-url">
                    {echo.feedUrl}
                  </code>
                </p>
              )}
              <p role="status">
                {d.feed.active ? `A feed is live since ${formatAbuja(d.feed.createdAt)}${d.feed.lastUsedAt ? `, last fetched ${formatAbuja(d.feed.lastUsedAt)}` : ', not fetched yet'}.` : 'No live feed.'}
              </p>
              <div className="staff-actions">
                <Form method="post">
                  <input type="hidden" name="intent" value="feed-create" />
                  {hidden}
                  <button type="submit" className="btn btn--primary">
                    {d.feed.active ? 'Make a new address' : 'Make a feed address'}
                  </button>
                </Form>
                {d.feed.active && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="feed-revoke" />
                    {hidden}
                    <button type="submit" className="btn btn--outline">
                      Revoke the feed
                    </button>
                  </Form>
                )}
              </div>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
