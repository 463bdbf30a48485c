import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { useClinicFacts } from '../clinic/facts-context';
import { FormStateContext, SelectField } from '../ui/fields';
import { Link } from '../ui/link';
import type { ChoiceValues, FreeTimesView } from './page-data';
import { BOOK_PATH } from './page-data';
import { ANY_PRACTITIONER } from './schemas';
import { formatDay } from './time';
import { VISIT_KINDS, type FreeSlot, type VisitKind } from './types';
import './booking.css';

/**
 * The booking steps' pieces: plain forms (GET for the choices, so each step is an address that
 * works without JavaScript; the pages' POST books). With JavaScript the same forms navigate in
 * place (React Router), and choosing a day shows its times at once.
 */

/** Step 1: the service, first visit or follow-up, and a practitioner ("Any available" by default). */
export function ChoiceForm({ values, errors, action = BOOK_PATH, headingId }: { values: Partial<ChoiceValues>; errors?: Record<string, string>; action?: string; headingId?: string }) {
  const { services, practitioners } = useClinicFacts();
  const bookable = practitioners.filter((p) => p.bookable && (!values.service || p.serviceIds.includes(values.service)));
  const visit: VisitKind = values.visit ?? 'first';
  return (
    <FormStateContext.Provider value={{ values: values as Record<string, string>, errors: errors ?? {} }}>
      <Form method="get" action={action} className="booking-step booking-choice" aria-labelledby={headingId} preventScrollReset>
        <div className="form-grid form-grid--2">
          <SelectField label="Service" name="service" required options={services.map((s) => ({ value: s.id, label: s.name }))} placeholder="Choose a service" defaultValue={values.service} />
          <SelectField
            label="Practitioner"
            name="practitioner"
            options={[{ value: ANY_PRACTITIONER, label: 'Any available' }, ...bookable.map((p) => ({ value: p.id, label: `${p.name} (${p.title})` }))]}
            defaultValue={values.practitioner ?? ANY_PRACTITIONER}
          />
        </div>
        <fieldset className="booking-radios booking-radios--inline" aria-describedby={errors?.visit ? 'visit-error' : undefined}>
          <legend>Is this your first visit to the clinic?</legend>
          {(Object.keys(VISIT_KINDS) as VisitKind[]).map((kind) => (
            <label key={kind} className="booking-radio">
              <input type="radio" name="visit" value={kind} defaultChecked={visit === kind} />
              <span>{kind === 'first' ? 'Yes, my first visit' : 'No, a follow-up'}</span>
            </label>
          ))}
          {errors?.visit && (
            <p className="field__error" id="visit-error">
              {errors.visit}
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn btn--primary">
          Show free times
        </button>
      </Form>
    </FormStateContext.Provider>
  );
}

/** The choices the later steps carry along (hidden fields). */
export function ChoiceFields({ values, omit = [] }: { values: Pick<ChoiceValues, 'service' | 'visit' | 'practitioner'> & Partial<ChoiceValues>; omit?: readonly string[] }) {
  return (
    <>
      {Object.entries(values)
        .filter(([key, value]) => value && !omit.includes(key))
        .map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
    </>
  );
}

const freeWords = (n: number) => (n === 0 ? 'nothing free' : n === 1 ? '1 free time' : `${n} free times`);

/**
 * Step 2: the day, a radio group of the week with each day's number of free times. Without
 * JavaScript the button shows the chosen day's times; with it, choosing a day does: in place
 * once hydrated, and before that the loader sends the form itself, landing on `anchor` (the
 * step's heading) so the new page opens where the visitor was (`data-autosubmit`,
 * client/loader.ts).
 */
export function DayForm({ times, hidden, action, legend = 'Choose a day', anchor }: { times: FreeTimesView; hidden: Record<string, string>; action: string; legend?: string; anchor: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const link = (from: string) => `${action}${action.includes('?') ? '&' : '?'}${new URLSearchParams({ ...hidden, from }).toString()}`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.currentTarget.checked && formRef.current) void submit(formRef.current, { method: 'get', preventScrollReset: true, replace: true });
  };
  return (
    <Form method="get" action={action} className="booking-step booking-days" ref={formRef} preventScrollReset replace data-autosubmit={anchor}>
      {Object.entries(hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <input type="hidden" name="from" value={times.from} />
      <fieldset className="booking-radios booking-radios--days">
        <legend>{legend}</legend>
        {times.days.map((d) => (
          <label key={d.date} className={`booking-radio booking-day${d.free === 0 ? ' booking-day--full' : ''}`}>
            <input type="radio" name="date" value={d.date} defaultChecked={d.date === times.date} onChange={onChange} />
            <span className="booking-day__name">{formatDay(d.date)}</span>
            <span className="booking-day__free">{freeWords(d.free)}</span>
          </label>
        ))}
      </fieldset>
      <div className="booking-days__nav">
        <button type="submit" className="btn btn--outline btn--sm booking-days__show">
          Show times for this day
        </button>
        {times.earlier && (
          <Link to={link(times.earlier)} className="btn btn--ghost btn--sm" preventScrollReset>
            Earlier days
          </Link>
        )}
        {times.later && (
          <Link to={link(times.later)} className="btn btn--ghost btn--sm" preventScrollReset>
            Later days
          </Link>
        )}
      </div>
    </Form>
  );
}

/** Step 3's times: a radio group, each labelled with the time as read in Abuja (`10:30`). */
export function TimeRadios({ slots, legend, error, checked, withDay = false, describe }: { slots: readonly FreeSlot[]; legend: ReactNode; error?: string; checked?: string; withDay?: boolean; describe?: (slot: FreeSlot) => string }) {
  return (
    <fieldset className="booking-radios booking-radios--times" aria-describedby={error ? 'start-error' : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {error && (
        <p className="field__error" id="start-error">
          {error}
        </p>
      )}
      <div className="booking-times">
        {slots.map((s) => (
          <label key={s.startsAt} className="booking-radio booking-time">
            <input type="radio" name="start" value={s.startsAt} defaultChecked={checked === s.startsAt} required />
            <span>
              {withDay && <span className="booking-time__day">{formatDay(s.date)}, </span>}
              {s.time}
              {describe && <span className="booking-time__who"> {describe(s)}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the page says while a step loads with JavaScript (polite: read when it settles). */
export function useBusy(): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle';
}

/** Nothing free on the chosen day (or the week): say so, and offer the next free day. */
export function NothingFree({ times, hidden, action, requestHref }: { times: FreeTimesView; hidden: Record<string, string>; action: string; requestHref: string }) {
  const weekEmpty = times.days.every((d) => d.free === 0);
  const next = times.nextFreeDay;
  const nextHref = next ? `${action}${action.includes('?') ? '&' : '?'}${new URLSearchParams({ ...hidden, date: next, from: next }).toString()}` : null;
  return (
    <div className="form-notice booking-nothing" role="status">
      <p>{weekEmpty ? 'There is nothing free on these days.' : `There is nothing free on ${times.date ? formatDay(times.date) : 'this day'}.`}</p>
      {nextHref && next && (
        <p>
          The next free day is{' '}
          <Link to={nextHref} preventScrollReset>
            {formatDay(next)}
          </Link>
          .
        </p>
      )}
      {(weekEmpty || !next) && (
        <p>
          Or <Link to={requestHref}>ask us to call you back</Link> to agree a time.
        </p>
      )}
    </div>
  );
}

