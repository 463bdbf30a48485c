import { useState, type ChangeEvent } from 'react';
import { FieldMessage, SelectField, TextAreaField, TextField } from '../ui/fields';
import { PhoneLink } from '../ui/phone-link';
import { formatDay } from '../booking/time';
import { BodyMap } from './body-map';
import type { IntakeDefinition, SectionId } from './definition';
import { UrgentNotice } from './form-parts';
import { DURATIONS, SEVERITIES, type Posted } from './choices';

/**
 * The fields of each section of the new-patient form. They read what to show from the form's
 * state (FormStateContext: the saved section, or what was just typed with the messages), and the
 * boxes of a list from `values`.
 */
export interface SectionFieldsProps {
  values: Posted;
  errors: Record<string, string>;
  definition: IntakeDefinition;
  about: { fullName: string; email: string | null } | null;
  today: string;
  /** How long the answers are kept, in words ("10 years"). */
  retention: string;
}

const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

export function SectionFields({ section, ...props }: SectionFieldsProps & { section: SectionId }) {
  switch (section) {
    case 'about':
      return <About />;
    case 'privacy':
      return <Privacy {...props} />;
    case 'visit':
      return <Visit {...props} />;
    case 'history':
      return <History {...props} />;
    case 'safety':
      return <Safety {...props} />;
    case 'consent':
      return <Consent {...props} />;
  }
}

function About() {
  return (
    <>
      <div className="form-grid form-grid--2">
        <TextField label="Full name" name="fullName" autoComplete="name" required maxLength={120} className="field--full" />
        <TextField label="Phone number" name="phone" type="tel" autoComplete="tel" inputMode="tel" required hint="For example 0803 123 4567." />
        <TextField label="E-mail (optional)" name="email" type="email" autoComplete="email" />
        <TextAreaField label="Home address (optional)" name="address" autoComplete="street-address" rows={2} maxLength={300} className="field--full" />
      </div>
      <fieldset className="intake-group">
        <legend>Who should we call in an emergency?</legend>
        <div className="form-grid form-grid--2">
          <TextField label="Their name" name="emergencyName" autoComplete="off" required maxLength={120} />
          <TextField label="Who they are to you (optional)" name="emergencyRelation" autoComplete="off" maxLength={60} hint="For example: husband, sister, friend." />
          <TextField label="Their phone number" name="emergencyPhone" type="tel" autoComplete="off" inputMode="tel" required />
        </div>
      </fieldset>
    </>
  );
}

function Privacy({ definition, retention, values, errors }: SectionFieldsProps) {
  return (
    <>
      <div className="intake-text">
        <p>{definition.consent.data}</p>
        <p>
          We keep your answers for {retention} after your visit, as part of your clinic record, and then delete them. They are stored encrypted; the clinic’s e-mails and messages never contain
          them.
        </p>
      </div>
      <Tick name="dataConsent" checked={values.dataConsent === 'yes'} error={errors.dataConsent} label="I agree that the clinic keeps and uses the health information I give on this form, as described above." />
      <p className="field__hint">You are not obliged to agree: you can fill in a paper form at the clinic instead, and your visit stays booked either way.</p>
    </>
  );
}

function Visit({ values, errors }: SectionFieldsProps) {
  return (
    <>
      <TextAreaField label="What brings you to us?" name="reason" required maxLength={2000} rows={4} hint="In your own words: what the problem is and how it started." />
      <BodyMap chosen={list(values.regions)} error={errors.regions} />
      <fieldset className="intake-radios" aria-describedby={errors.duration ? 'duration-error' : undefined}>
        <legend>
          How long have you had it? <span className="field__required" aria-hidden="true">*</span>
        </legend>
        <FieldMessage name="duration" id="duration-error" />
        {DURATIONS.map((d) => (
          <label key={d.value} className="intake-check">
            <input type="radio" name="duration" value={d.value} defaultChecked={values.duration === d.value} required />
            <span>{d.label}</span>
          </label>
        ))}
      </fieldset>
      <SelectField label="How strong is it today, from 0 to 10? (optional)" name="severity" options={SEVERITIES} placeholder="Choose a number" />
      <div className="form-grid form-grid--2">
        <TextAreaField label="What makes it better? (optional)" name="better" maxLength={2000} rows={3} hint="For example: rest, heat, a painkiller, a position." />
        <TextAreaField label="What makes it worse? (optional)" name="worse" maxLength={2000} rows={3} hint="For example: sitting, bending, lifting, mornings." />
      </div>
    </>
  );
}

function History({ definition, values, errors }: SectionFieldsProps) {
  const ticked = list(values.conditions);
  return (
    <>
      <fieldset className="intake-checks" aria-describedby={errors.conditions ? 'conditions-error' : undefined}>
        <legend>Have you ever had any of these? (tick all that apply)</legend>
        <FieldMessage name="conditions" id="conditions-error" />
        {definition.conditions.map((c) => (
          <label key={c.id} className="intake-check">
            <input type="checkbox" name="conditions" value={c.id} defaultChecked={ticked.includes(c.id)} />
            <span>{c.text}</span>
          </label>
        ))}
      </fieldset>
      <TextAreaField label="Anything else about your health we should know? (optional)" name="conditionsOther" maxLength={2000} rows={3} />
      <TextAreaField label="Medicines you take (optional)" name="medications" maxLength={2000} rows={3} hint="Names and doses, including herbal remedies and supplements. Leave empty if none." />
      <TextAreaField label="Allergies (optional)" name="allergies" maxLength={2000} rows={2} hint="To medicines, plasters, creams, foods. Leave empty if none." />
      <TextAreaField label="Operations and broken bones (optional)" name="surgeries" maxLength={2000} rows={2} hint="What and roughly when. Leave empty if none." />
    </>
  );
}

/**
 * The red-flag questions: yes or no each. A yes shows the call-now notice at once, from CSS
 * (intake.css, `:has`), before and without the page's scripts; the server says it again after saving.
 */
function Safety({ definition, values }: SectionFieldsProps) {
  // Once the page's scripts run, a yes is also said to screen readers (the CSS shows it to the eye).
  const [yes, setYes] = useState(() => Object.values(values).includes('yes'));
  const onChange = (event: ChangeEvent<HTMLDivElement>) => setYes(Boolean(event.currentTarget.querySelector('input[value="yes"]:checked')));
  return (
    <div className="intake-safety" onChange={onChange}>
      <p className="visually-hidden" role="status">
        {yes ? 'You answered yes: please call the clinic now, or 112 in an emergency. Please still save your answers.' : ''}
      </p>
      <p className="intake-text">These questions help us see whether you should be seen sooner. There are no wrong answers.</p>
      {definition.redFlags.map((q, i) => {
        const name = `rf-${q.id}`;
        return (
          <fieldset key={q.id} className="intake-yesno" aria-describedby={`${name}-error`}>
            <legend>
              <span className="visually-hidden">Question {i + 1}: </span>
              {q.text}
            </legend>
            <FieldMessage name={name} id={`${name}-error`} />
            <div className="intake-yesno__options">
              {(['yes', 'no'] as const).map((a) => (
                <label key={a} className="intake-check">
                  <input type="radio" name={name} value={a} defaultChecked={values[name] === a} required />
                  <span>{a === 'yes' ? 'Yes' : 'No'}</span>
                </label>
              ))}
            </div>
            <p className="intake-yesno__urgent">
              Please call us now on <PhoneLink />, or <a href="tel:112">112</a> in an emergency.
            </p>
          </fieldset>
        );
      })}
      <div className="intake-safety__urgent">
        <UrgentNotice live={false}>
          <p>Please still save your answers, so that your practitioner sees them.</p>
        </UrgentNotice>
      </div>
    </div>
  );
}

function Consent({ definition, values, errors, about, today }: SectionFieldsProps) {
  return (
    <>
      <div className="intake-text intake-consent">
        <h3>Consent to assessment and treatment</h3>
        <p>{definition.consent.treatment}</p>
      </div>
      <Tick name="treatment" checked={values.treatment === 'yes'} error={errors.treatment} label="I agree to be assessed and treated as described above." />
      <TextField label="Your full name, as your signature" name="signature" autoComplete="name" required maxLength={120} hint={about ? `Type it as you gave it in “About you”: ${about.fullName}.` : undefined} />
      <p className="intake-date">
        Date: <strong>{`${formatDay(today)} ${today.slice(0, 4)}`}</strong>
      </p>
      <fieldset className="intake-group">
        <legend>News from the clinic (optional)</legend>
        <Tick
          name="news"
          checked={values.news === 'yes'}
          error={errors.news}
          label={definition.consent.news}
          hint={about?.email ? `We would write to ${about.email}.` : 'To get our news, first add your e-mail address in “About you”.'}
        />
      </fieldset>
    </>
  );
}

/** One box to tick, never ticked unless the patient ticked it. */
function Tick({ name, label, checked, error, hint }: { name: string; label: string; checked: boolean; error?: string | undefined; hint?: string }) {
  const ids = [error ? `${name}-error` : '', hint ? `${name}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="field field--check intake-tick">
      <label className="check">
        <input type="checkbox" name={name} value="yes" defaultChecked={checked} aria-invalid={error ? true : undefined} aria-describedby={ids || undefined} required={name !== 'news'} />
        <span>{label}</span>
      </label>
      {error && (
        <p className="field__error" id={`${name}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
