import { memo, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { Form } from 'react-router';
import { useClinicFacts } from '../clinic/facts-context';
import { onlineBookingFacts } from '../clinic/team';
import { FormStateContext, SelectField } from '../ui/fields';
import { Link } from '../ui/link';
import { dayOfStart, daySlots, type ChoiceValues, type DayChoice, type DaySlot, type FreeTimesView } from './page-data';
import { BOOK_PATH } from './page-data';
import { ANY_PRACTITIONER } from './schemas';
import { formatDay } from './time';
import { visitKind, type FreeSlot, type VisitKind } from './types';
import './booking.css';

/**
 * The booking steps' pieces: plain forms (GET for the choices, so each step is an address that
 * works without JavaScript; the pages' POST books). With JavaScript the same forms navigate in
 * place (React Router), and choosing a day shows its times at once (the week's are in the page).
 */

/** Step 1: the service, first visit or follow-up, and a practitioner ("Any available" by default). */
export function ChoiceForm({ values, errors, action = BOOK_PATH, headingId }: { values: Partial<ChoiceValues>; errors?: Record<string, string>; action?: string; headingId?: string }) {
  const { services, practitioners } = onlineBookingFacts(useClinicFacts());
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
          {visitKind.values.map((kind) => (
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
 * The day whose times are shown, and the setter a day's radio calls. The server's choice first
 * (the day asked for, else the week's first with free times; `pinned`, a time sent back with a
 * refusal, shows its own day); a new week or a new answer from the server starts from its choice
 * again.
 */
export function useShownDay(times: FreeTimesView | null, pinned?: string | null): [string | null, (date: string) => void] {
  const key = times ? `${times.from} ${times.date ?? ''}` : '';
  const pinnedDay = pinned && times ? dayOfStart(times, pinned) : null;
  const first = pinnedDay ?? times?.date ?? null;
  const [picked, setPicked] = useState<{ key: string; day: string | null }>({ key, day: first });
  const day = picked.key === key ? picked.day : first;
  return [day, (date) => setPicked({ key, day: date })];
}

/**
 * What belongs to some days of the week only (a day's times, its "nothing free", the step that
 * books one of them): `data-days` lists them, and the page shows it only while one of them is the
 * chosen day. Before hydration the loader shows and hides these on the day radios' change
 * (`showDay`, client/early.ts) as React does after it; a fieldset hidden is also disabled, so a
 * time chosen on another day is neither checked by the browser nor sent.
 */
export function daysProps(days: readonly string[], shown: string | null) {
  const on = shown !== null && days.includes(shown);
  return { 'data-days': days.join(' '), hidden: !on };
}

/**
 * Step 2: the day, a radio group of the week with each day's number of free times. Choosing a
 * day shows its times at once, in the page (they are all in it): before hydration by the loader,
 * after it by React. Without JavaScript the button sends the form and the page comes back with
 * that day's times.
 */
export function DayForm({ times, hidden, action, legend = 'Choose a day', onShow }: { times: FreeTimesView; hidden: Record<string, string>; action: string; legend?: string; onShow: (date: string) => void }) {
  const link = (from: string) => `${action}${action.includes('?') ? '&' : '?'}${new URLSearchParams({ ...hidden, from }).toString()}`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.currentTarget.checked) onShow(event.currentTarget.value);
  };
  return (
    <Form method="get" action={action} className="booking-step booking-days" preventScrollReset replace data-show-day="">
      {Object.entries(hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <input type="hidden" name="from" value={times.from} />
      <fieldset className="booking-radios booking-radios--days">
        <legend>{legend}</legend>
        {times.days.map((d) => (
          <label key={d.date} className={`booking-radio booking-day${d.times.length === 0 ? ' booking-day--full' : ''}`}>
            <input type="radio" name="date" value={d.date} defaultChecked={d.date === times.date} onChange={onChange} />
            <span className="booking-day__name">{formatDay(d.date)}</span>
            <span className="booking-day__free">{freeWords(d.times.length)}</span>
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

/** The week's days that have free times. */
export const daysWithTimes = (times: FreeTimesView) => times.days.filter((d) => d.times.length > 0).map((d) => d.date);

/** Each day's times (step 3): one radio group per day with free times, only the chosen day's shown. */
export function WeekTimes({ times, shown, legend, error, checked }: { times: FreeTimesView; shown: string | null; legend: (date: string) => string; error?: string; checked?: string }) {
  return (
    <>
      {times.days
        .filter((d) => d.times.length > 0)
        .map((d) => (
          <DayTimes key={d.date} day={d} legend={legend(d.date)} error={d.date === shown ? error : undefined} checked={checked} on={d.date === shown} />
        ))}
    </>
  );
}

/** One day's radio group; choosing another day re-renders only the two whose state changes (a week holds a few hundred times). */
const DayTimes = memo(function DayTimes({ day, legend, error, checked, on }: { day: DayChoice; legend: string; error?: string; checked?: string; on: boolean }) {
  const slots = useMemo(() => daySlots(day), [day]);
  return <TimeRadios slots={slots} legend={legend} error={error} checked={checked} day={day.date} shown={on ? day.date : null} />;
});

/** Step 3's times: a radio group, each labelled with the time as read in Abuja (`10:30`). */
export function TimeRadios<S extends DaySlot & Partial<FreeSlot>>({
  slots,
  legend,
  error,
  checked,
  withDay = false,
  describe,
  day,
  shown = null,
}: {
  slots: readonly S[];
  legend: ReactNode;
  error?: string;
  checked?: string;
  withDay?: boolean;
  describe?: (slot: S) => string;
  /** One day's times among the week's: shown (and enabled) only while that day is `shown`. */
  day?: string;
  shown?: string | null;
}) {
  const panel = day ? { ...daysProps([day], shown), disabled: day !== shown } : {};
  return (
    <fieldset className="booking-radios booking-radios--times" aria-describedby={error ? 'start-error' : undefined} aria-invalid={error ? true : undefined} {...panel}>
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
              {withDay && s.date && <span className="booking-time__day">{formatDay(s.date)}, </span>}
              {s.time}
              {describe && <span className="booking-time__who"> {describe(s)}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Nothing free: on the whole week (said once), or on a day of it (said for each such day, shown
 * while it is the chosen day), with the next free day, the waitlist, and the call-back form when there is none.
 */
export function NothingFree({
  times,
  shown,
  hidden,
  action,
  requestHref,
  waitlist,
}: {
  times: FreeTimesView;
  shown: string | null;
  hidden: Record<string, string>;
  action: string;
  requestHref: string;
  /** The waitlist's join link for a full day (or the whole week: null), issue 46. */
  waitlist?: (day: string | null) => string;
}) {
  const nextHref = (next: string) => `${action}${action.includes('?') ? '&' : '?'}${new URLSearchParams({ ...hidden, date: next, from: next }).toString()}`;
  const say = (day: string | null, next: string | null) => (
    <>
      <p>{day ? `There is nothing free on ${formatDay(day)}.` : 'There is nothing free on these days.'}</p>
      {next && (
        <p>
          The next free day is{' '}
          <Link to={nextHref(next)} preventScrollReset>
            {formatDay(next)}
          </Link>
          .
        </p>
      )}
      {waitlist && (
        <p>
          Nothing that suits? <Link to={waitlist(day)}>Join the waitlist</Link> and we will offer you the first time that comes free.
        </p>
      )}
      {(!day || !next) && (
        <p>
          Or <Link to={requestHref}>ask us to call you back</Link> to agree a time.
        </p>
      )}
    </>
  );
  if (times.days.every((d) => d.times.length === 0)) {
    return (
      <div className="form-notice booking-nothing" role="status">
        {say(null, times.nextFreeDay)}
      </div>
    );
  }
  return (
    <>
      {times.days.map((d, i) =>
        d.times.length > 0 ? null : (
          <div key={d.date} className="form-notice booking-nothing" role="status" {...daysProps([d.date], shown)}>
            {say(d.date, times.days.slice(i + 1).find((later) => later.times.length > 0)?.date ?? times.nextFreeDay)}
          </div>
        ),
      )}
    </>
  );
}
