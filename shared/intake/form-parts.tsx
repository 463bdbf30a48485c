import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { formatWhen } from '../booking/time';
import { FieldMessage } from '../ui/fields';
import { Icon } from '../ui/icons';
import { Link } from '../ui/link';
import { PhoneLink } from '../ui/phone-link';
import type { SectionId } from './definition';
import type { FormVisit, Step } from './page-data';
import type { Posted } from './schemas';

/** Which visit the form is for, in one line. */
export function VisitLine({ visit }: { visit: FormVisit }) {
  return (
    <p className="intake-visit">
      For your first visit on <strong>{formatWhen(Date.parse(visit.startsAt))}</strong> (Abuja time), reference <span className="intake-visit__ref">{visit.reference}</span>.{' '}
      <Link to={visit.manageHref}>Your booking</Link>
    </p>
  );
}

/**
 * The form's sections as a list of steps: where the patient is (aria-current), which are saved,
 * and a link to each (a health section before the consent to keep it shows why it waits).
 */
export function Steps({ steps, current, formHref }: { steps: readonly Step[]; current: SectionId | 'review'; formHref: string }) {
  const done = steps.filter((s) => s.done).length;
  const at = steps.findIndex((s) => s.id === current);
  return (
    <nav className="intake-steps" aria-label="Form sections">
      <p className="intake-steps__count">
        {at >= 0 ? `Section ${at + 1} of ${steps.length}` : 'Your answers'} · {done === steps.length ? 'all saved' : `${done} of ${steps.length} saved`}
      </p>
      <div className="intake-steps__bar" aria-hidden="true">
        <span style={{ width: `${Math.round((done / steps.length) * 100)}%` }} />
      </div>
      <ol className="intake-steps__list">
        {steps.map((s, i) => (
          <li key={s.id} className={`intake-steps__item${s.done ? ' is-done' : ''}`}>
            <Link to={`${formHref}?section=${s.id}`} aria-current={s.id === current ? 'step' : undefined} preventScrollReset={false}>
              <span className="intake-steps__number" aria-hidden="true">
                {s.done ? <Icon name="check" size={16} /> : i + 1}
              </span>
              <span>{s.title}</span>
              <span className="visually-hidden">{s.done ? ' (saved)' : ' (not saved yet)'}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The plain words a red-flag answer calls for: call the clinic now, or 112. */
export function UrgentNotice({ live = true, children }: { live?: boolean; children?: ReactNode }) {
  return (
    <div className="intake-urgent" role={live ? 'alert' : undefined}>
      <p className="intake-urgent__title">Please call us now, before your visit</p>
      <p>
        One of your answers means a practitioner should speak to you soon. Call the clinic on <PhoneLink />. If you feel very unwell, or it is an emergency, call <a href="tel:112">112</a> now.
      </p>
      {children}
    </div>
  );
}

/**
 * Day, month and year as three number fields (faster on a phone than a calendar that opens at
 * today), with the message of each at its field. `pending`: a section typed before the form
 * closed on this device, carried through the gate and saved once it opens.
 */
export function BirthDateForm({
  action,
  values,
  errors,
  submit,
  pending,
  disabled,
}: {
  action: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  submit: string;
  pending?: { section: SectionId; values: Posted } | null;
  disabled?: boolean;
}) {
  const described = (name: string) => (errors[name] ? `${name}-error` : 'dob-hint');
  const part = (name: 'dobDay' | 'dobMonth' | 'dobYear', label: string, width: string, autoComplete: string, max: number) => (
    <div className={`field intake-dob__${width}`}>
      <label className="field__label" htmlFor={name}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        className="input"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={max}
        autoComplete={autoComplete}
        required
        defaultValue={values[name] ?? ''}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name)}
        disabled={disabled}
      />
    </div>
  );
  return (
    <Form method="post" action={action} className="intake-gate">
      <input type="hidden" name="intent" value="gate" />
      {pending && (
        <>
          <input type="hidden" name="pending.section" value={pending.section} />
          {Object.entries(pending.values).flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((x, i) => <input key={`${name}-${i}`} type="hidden" name={`pending.${name}`} value={x} />))}
        </>
      )}
      <fieldset className="intake-dob" aria-describedby="dob-hint">
        <legend>Your date of birth</legend>
        <p className="field__hint" id="dob-hint">
          For example 27 3 1985.
        </p>
        <FieldMessage name="dobDay" id="dobDay-error" />
        <FieldMessage name="dobMonth" id="dobMonth-error" />
        <FieldMessage name="dobYear" id="dobYear-error" />
        <div className="intake-dob__fields">
          {part('dobDay', 'Day', 'day', 'bday-day', 2)}
          {part('dobMonth', 'Month', 'month', 'bday-month', 2)}
          {part('dobYear', 'Year', 'year', 'bday-year', 4)}
        </div>
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={disabled}>
        {submit}
      </button>
    </Form>
  );
}
