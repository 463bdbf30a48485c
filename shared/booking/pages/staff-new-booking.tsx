import { Form, useActionData, useLoaderData } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { Link } from '../../ui/link';
import { FormStateContext, SelectField, TextField } from '../../ui/fields';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatKobo } from '../deposits';
import { formatDay } from '../time';
import { reminderChannel, visitKind } from '../types';
import { ANY_PRACTITIONER } from '../schemas';
import { namesOf } from '../staff/format';
import { SlotPicker } from '../staff/slot-picker';
import type { NewBookingData, StaffBookingAnswer } from '../staff/types';
import '../staff/staff-booking.css';

/** A phone booking: choose the service, practitioner and day, then a free time and the patient's details. */
export default function StaffNewBookingPage() {
  const d = useLoaderData() as NewBookingData;
  const echo = useActionData() as StaffBookingAnswer | undefined;
  const facts = useClinicFacts();
  const names = namesOf(facts);
  const values = echo?.values ?? {};
  const choice = { service: values.service ?? d.choice.service, visit: values.visit ?? d.choice.visit, practitioner: values.practitioner ?? d.choice.practitioner, date: d.choice.date };
  const slots = echo?.alternatives?.length ? echo.alternatives : d.slots;
  const bookable = facts.practitioners.filter((p) => p.bookable && p.visible);
  const state = echo ? { values, ...(echo.errors ? { errors: echo.errors } : {}) } : {};
  return (
    <>
      <StaffBand title="Book by phone" staffName={d.staffName} newCount={d.newCount} />
      <div className="container staff-page">
        <Link to={d.request ? `/staff/requests/${d.request.reference}` : `/staff/calendar?view=day&date=${d.choice.date}`} className="staff-back">
          {d.request ? `← Request ${d.request.reference}` : '← Calendar'}
        </Link>
        {d.request && (
          <p className="staff-alert staff-alert--ok">
            Booking the call-back request {d.request.reference}: it will be marked booked with this visit.
          </p>
        )}
        {echo && (
          <div className="staff-alert staff-alert--error" role="alert">
            {echo.message}
          </div>
        )}
        <section className="staff-card" aria-labelledby="choice-heading">
          <h2 id="choice-heading">1. Service, practitioner and day</h2>
          <Form method="get" className="staff-form" key={JSON.stringify(choice)}>
            {d.request && <input type="hidden" name="request" value={d.request.reference} />}
            <SelectField label="Service" name="service" required defaultValue={choice.service} options={[{ value: '', label: 'Choose a service' }, ...facts.services.map((s) => ({ value: s.id, label: s.name }))]} />
            <div className="staff-form__row">
              <SelectField label="Visit" name="visit" defaultValue={choice.visit} options={visitKind.options()} />
              <SelectField
                label="Practitioner"
                name="practitioner"
                required
                defaultValue={choice.practitioner}
                options={[{ value: '', label: 'Choose' }, { value: ANY_PRACTITIONER, label: 'Any available' }, ...bookable.map((p) => ({ value: p.id, label: p.name }))]}
              />
            </div>
            <FormStateContext.Provider value={{ errors: d.errors ?? {} }}>
              <TextField label="Day" name="date" type="date" required defaultValue={choice.date} />
            </FormStateContext.Provider>
            <button type="submit" className="btn btn--outline">
              Show free times
            </button>
          </Form>
        </section>
        {slots && (
          <section className="staff-card" aria-labelledby="book-heading">
            <h2 id="book-heading">2. Time and patient</h2>
            {d.deposit && (
              <p className="form-notice">
                This service takes a deposit of {formatKobo(d.deposit.amountKobo)} when patients book online. A booking made here waives it: the patient pays nothing through Paystack.
              </p>
            )}
            {slots.length === 0 ? (
              <p role="status">No free times on {formatDay(d.choice.date)} for this choice. Try another day or “Any available”.</p>
            ) : (
              <FormStateContext.Provider value={state}>
                <Form method="post" className="staff-form" key={`${d.idempotencyKey}-${JSON.stringify(values)}`}>
                  <input type="hidden" name="service" value={choice.service} />
                  <input type="hidden" name="visit" value={choice.visit} />
                  <input type="hidden" name="practitioner" value={choice.practitioner} />
                  <input type="hidden" name="key" value={values.key ?? d.idempotencyKey} />
                  {d.request && <input type="hidden" name="request" value={d.request.reference} />}
                  <SlotPicker
                    slots={slots}
                    legend={`Free times on ${formatDay(slots[0]!.date)}${choice.practitioner === ANY_PRACTITIONER ? '' : ` with ${names.practitioner(choice.practitioner)}`}`}
                    error={echo?.errors?.start}
                    {...(choice.practitioner === ANY_PRACTITIONER ? { names: names.practitioner } : {})}
                  />
                  <TextField label="Patient’s name" name="name" required autoComplete="off" maxLength={120} defaultValue={d.request?.name ?? ''} />
                  <div className="staff-form__row">
                    <TextField label="Phone" name="phone" type="tel" required autoComplete="off" defaultValue={d.request?.phone ?? ''} hint="e.g. 0803 123 4567" />
                    <TextField label="E-mail (optional)" name="email" type="email" autoComplete="off" defaultValue={d.request?.email ?? ''} />
                  </div>
                  <SelectField label="Reminders" name="reminders" defaultValue="none" options={reminderChannel.options()} />
                  <label className="check">
                    <input type="checkbox" name="consent" value="yes" aria-invalid={echo?.errors?.consent ? true : undefined} aria-describedby={echo?.errors?.consent ? 'consent-error' : undefined} />
                    The patient agreed to reminders
                  </label>
                  {echo?.errors?.consent && (
                    <p className="field__error" id="consent-error">
                      {echo.errors.consent}
                    </p>
                  )}
                  <button type="submit" className="btn btn--primary">
                    Book the visit
                  </button>
                </Form>
              </FormStateContext.Provider>
            )}
          </section>
        )}
      </div>
    </>
  );
}
