import { useEffect, useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { CheckboxField, FieldMessage, FormStateContext, SelectField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import { CodeStepForm } from '../code-step';
import { ANY_PRACTITIONER } from '../schemas';
import { formatWhen } from '../time';
import { visitKind } from '../types';
import { DAY_PARTS, dayPart, waitlistChannel, WEEKDAYS, type WaitlistJoinAnswer, type WaitlistJoinData } from '../waitlist';
import '../booking.css';

const listOf = (v: string | undefined) => (v ? v.split(',') : []);

/**
 * Join the waitlist, /waitlist/join (issue 46): where nothing suits (a full day or week on /book),
 * or for an earlier time than the visit one holds (its manage page). What would suit, until when,
 * and how we tell of a time that comes free; then the phone proven with a code, as for a booking.
 */
export default function WaitlistJoinPage() {
  const page = useLoaderData() as WaitlistJoinData;
  const echo = useActionData() as WaitlistJoinAnswer | undefined;
  const { services, practitioners } = useClinicFacts();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (echo && echo.status !== 'code') alertRef.current?.focus();
  }, [echo]);
  const values = { ...page.values, ...(echo?.values ?? {}) };
  const errors = echo?.errors ?? {};
  const online = services.filter((s) => s.bookableOnline);
  const holder = page.holding ? practitioners.find((p) => p.id === page.holding!.practitionerId) : null;
  const days = new Set(listOf(values.days));
  const parts = new Set(listOf(values.parts));
  const { settings } = page;
  const title = page.holding ? 'An earlier time, if one comes free' : 'Join the waitlist';

  if (echo?.status === 'code') {
    return (
      <>
        <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Book a visit', to: '/book' }, { label: 'Waitlist' }]} />
        <Section headingId="book-step-code" className="booking" containerClassName="booking__inner">
          <CodeStepForm
            step={echo.code}
            values={echo.values}
            message={echo.message}
            error={echo.errors.code}
            busy={busy}
            number="2"
            submitLabel="Join the waitlist"
            summary={<p className="booking-code__visit">You are joining the waitlist as {echo.values.name}.</p>}
          />
        </Section>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Book a visit', to: '/book' }, { label: 'Waitlist' }]} />
      <Section headingId="waitlist-step-1" className="booking" containerClassName="booking__inner">
        <p>
          Tell us what would suit you. When a time like that comes free (someone cancels or moves, or a practitioner adds hours), we send it to the first {settings.offersPerTime} people waiting for it, in the order
          they joined. The first to take it from the link gets it; the link works for {settings.offerMinutes} minutes.
        </p>
        {page.holding && (
          <p className="form-notice">
            You hold a visit on <strong>{formatWhen(new Date(page.holding.when))}</strong>
            {holder ? ` with ${holder.name}` : ''}. We will only offer you earlier times; if you take one, your visit moves to it and its time is freed for someone else.
          </p>
        )}
        <FormStateContext.Provider value={{ values, errors }}>
          <Form method="post" className="booking-step" aria-labelledby="waitlist-step-1" noValidate preventScrollReset>
            <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
              {echo && echo.message && <p className="form-error">{echo.message}</p>}
            </div>
            <h2 id="waitlist-step-1" className="booking__step-title">
              <span className="booking__step-number">1</span> What would suit you
            </h2>
            {values.holding && <input type="hidden" name="holding" value={values.holding} />}
            <div className="waitlist-grid">
              <SelectField label="Service" name="service" required placeholder="Choose a service" options={online.map((s) => ({ value: s.id, label: s.name }))} />
              <SelectField label="Visit" name="visit" options={visitKind.options()} />
              <SelectField
                label="Practitioner"
                name="practitioner"
                options={[{ value: ANY_PRACTITIONER, label: 'Any available' }, ...practitioners.filter((p) => p.bookable && p.visible).map((p) => ({ value: p.id, label: p.name }))]}
              />
              <TextField label="Until" name="until" type="date" required min={page.today} max={page.lastDate} hint="The last day that would suit you." />
            </div>
            <fieldset className="booking-radios booking-radios--inline" aria-describedby={errors.days ? 'waitlist-days-error' : undefined}>
              <legend>Days that suit you</legend>
                {WEEKDAYS.map((d) => (
                  <label key={d.value} className="booking-radio">
                    <input type="checkbox" name="day" value={d.value} defaultChecked={days.size === 0 || days.has(String(d.value))} />
                    <span>{d.label}</span>
                  </label>
                ))}
              <FieldMessage name="days" id="waitlist-days-error" />
            </fieldset>
            <fieldset className="booking-radios booking-radios--inline" aria-describedby={errors.parts ? 'waitlist-parts-error' : undefined}>
              <legend>Times of day that suit you</legend>
                {dayPart.values.map((p) => (
                  <label key={p} className="booking-radio">
                    <input type="checkbox" name="part" value={p} defaultChecked={parts.size === 0 || parts.has(p)} />
                    <span>{DAY_PARTS[p].label}</span>
                  </label>
                ))}
              <FieldMessage name="parts" id="waitlist-parts-error" />
            </fieldset>
            <h2 className="booking__step-title">
              <span className="booking__step-number">2</span> Your details
            </h2>
            <div className="waitlist-grid">
              <TextField label="Your name" name="name" required autoComplete="name" maxLength={100} />
              <TextField label="Mobile number" name="phone" type="tel" required autoComplete="tel" inputMode="tel" hint="A Nigerian mobile number. We send a code to it once, to be sure it is yours." />
              <TextField label="E-mail (optional)" name="email" type="email" autoComplete="email" />
              <SelectField label="Tell me of a free time by" name="channel" options={waitlistChannel.options()} hint="Offers go to your mobile number: they need answering within minutes." />
            </div>
            <CheckboxField
              name="consent"
              required
              label={`Yes, send me the times that come free on this channel, until the day above (at most one offer at a time; never between ${page.settings.quietHours.from} and ${page.settings.quietHours.to}). Reply STOP to stop them.`}
            />
            <p className="form-notice">
              One phone number may be on the waitlist {settings.entriesPerPhone} times at most. Each entry has its own link to see it or leave the list.
            </p>
            <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={busy || undefined}>
              {busy ? 'Joining…' : 'Join the waitlist'}
            </button>
            <p className="booking__call">
              Rather talk to us? Call <PhoneLink />.
            </p>
          </Form>
        </FormStateContext.Provider>
      </Section>
    </>
  );
}
