import { useEffect, useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { formatNaira } from '../../clinic/money';
import { FormStateContext, TextField } from '../../ui/fields';
import { validateInScript } from '../../ui/form-validation';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import type { BookActionData, BookPageData } from '../page-data';
import { BOOK_PATH, dayOfStart } from '../page-data';
import { ReminderFields } from '../reminder-fields';
import { callBackHref, CodeStepForm } from '../code-step';
import { ANY_PRACTITIONER } from '../schemas';
import { ChoiceFields, ChoiceForm, DayForm, daysProps, daysWithTimes, NothingFree, TimeRadios, useShownDay, WeekTimes } from '../steps';
import { formatDay, formatWhen } from '../time';
import { parseInstant } from '../../platform/parse';
import { waitlistJoinPath } from '../waitlist';
import { DepositStepForm } from '../deposit-views';
import { formatKobo } from '../deposits';

/** Book a visit, /book: the service and who (step 1), the day (2), the time and your details (3). */
export default function BookPage() {
  const page = useLoaderData() as BookPageData;
  const echo = useActionData() as BookActionData | undefined;
  const { practitioners, services } = useClinicFacts();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const alertRef = useRef<HTMLDivElement>(null);
  // Until hydration (and without JavaScript) the browser's own check answers an empty submit at
  // once; from then on the server's messages beside the fields (docs/first-view.md).
  const formRef = useRef<HTMLFormElement>(null);
  const { values, times } = page;
  const service = services.find((s) => s.id === values.service);
  const chosen = { service: values.service, visit: values.visit, practitioner: values.practitioner };
  const nameOf = (id: string) => practitioners.find((p) => p.id === id)?.name ?? '';
  const requestHref = callBackHref(values.service);

  // A refusal: move focus to its message, read at once (the code step places its own focus).
  useEffect(() => {
    if (echo && echo.status !== 'code' && echo.status !== 'deposit') alertRef.current?.focus();
  }, [echo]);

  const typed = echo?.values ?? {};
  // The phone's code is asked for (a first booking online from this phone and browser).
  const codeStep = echo?.status === 'code' ? echo : null;
  // The visit takes a deposit (issue 48): its amount and policy, then Paystack.
  const depositStep = echo?.status === 'deposit' ? echo : null;
  const deposit = page.deposit ?? null;
  const formState = { values: { name: page.prefill.name, phone: page.prefill.phone, email: page.prefill.email, ...typed }, errors: echo?.errors ?? {} };
  const conflict = echo?.status === 'conflict' ? echo.alternatives : null;
  // A refusal the week's times no longer show (the database down, the day gone): the chosen time stays as it was sent.
  // Only a real moment is shown back (`start=x` was refused at its field and is not one).
  const keptStart = echo && !conflict && typed.start && parseInstant(typed.start) && !(times && dayOfStart(times, typed.start)) ? typed.start : null;
  const confirmForm = Boolean(conflict?.length) || (times !== null && daysWithTimes(times).length > 0) || keptStart !== null;
  // The day whose times are shown: the server's, then the visitor's (the week's times are all in the page).
  const [day, showDay] = useShownDay(times, conflict ? null : typed.start);
  // The booking step belongs to the days with times, unless it shows the nearest times or the time sent.
  const stepDays = conflict || keptStart || !times ? {} : daysProps(daysWithTimes(times), day);

  return (
    <>
      <PageHeader title="Book a visit" crumbs={[{ label: 'Home', to: '/' }, { label: 'Appointment', to: '/appoinment' }, { label: 'Book a visit' }]} />
      <Section headingId="book-step-1" className="booking" containerClassName="booking__inner">
        <h2 id="book-step-1" className="booking__step-title">
          <span className="booking__step-number">1</span> What is the visit for?
        </h2>
        <ChoiceForm values={values} errors={page.errors} headingId="book-step-1" />
        {page.unavailable && (
          <p className="form-error" role="alert">
            We cannot show the free times just now. Please try again in a few minutes, or call us on <PhoneLink />.
          </p>
        )}

        {(times || keptStart) && service && (
          <>
            <h2 id="book-step-2" className="booking__step-title">
              <span className="booking__step-number">2</span> Choose a day
            </h2>
            <p className="booking__summary">
              {service.name}, {values.visit === 'first' ? 'first visit' : 'follow-up'}
              {times ? ` (${times.visitMinutes} minutes${service.priceNgn === null ? '' : `, ${formatNaira(service.priceNgn)}`})` : ''}, {values.practitioner === ANY_PRACTITIONER ? 'any available practitioner' : `with ${nameOf(values.practitioner)}`}. Times are Abuja time.
            </p>
            {times && <DayForm times={times} hidden={chosen} action={BOOK_PATH} legend="Day" onShow={showDay} />}
            {times && !conflict && !keptStart && <NothingFree times={times} shown={day} hidden={chosen} action={BOOK_PATH} requestHref={requestHref} waitlist={(d) => `${waitlistJoinPath}?${new URLSearchParams({ ...chosen, ...(d ? { date: d } : {}) }).toString()}`} />}

            {codeStep && <CodeStepForm step={codeStep.code} values={typed} message={codeStep.message} error={codeStep.errors.code} busy={busy} {...(deposit ? { submitLabel: 'Continue to the deposit' } : {})} />}
            {depositStep && <DepositStepForm step={depositStep.deposit} values={typed} message={depositStep.message} busy={busy} />}
            {confirmForm && !codeStep && !depositStep && (
              <div className="booking__panel" {...stepDays}>
                <h2 id="book-step-3" className="booking__step-title">
                  <span className="booking__step-number">3</span> Choose a time and confirm
                </h2>
                <FormStateContext.Provider value={formState}>
                  <Form method="post" className="booking-step booking-confirm" aria-labelledby="book-step-3" ref={validateInScript(formRef)} preventScrollReset>
                    <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
                      {echo?.message && <p className="form-error">{echo.message}</p>}
                      {(echo?.status === 'no-code' || echo?.status === 'capped') && (
                        <p>
                          <a href={callBackHref(values.service)}>Ask us to call you back</a> instead: we agree the visit with you on the phone.
                        </p>
                      )}
                    </div>
                    <ChoiceFields values={chosen} />
                    <input type="hidden" name="key" value={typed.key || page.key} />
                    {keptStart ? (
                      <p>
                        <input type="hidden" name="start" value={keptStart} />
                        Your time: <strong>{formatWhen(new Date(keptStart))}</strong> (Abuja time)
                      </p>
                    ) : conflict ? (
                      <TimeRadios slots={conflict} legend="The nearest free times" withDay error={echo?.errors.start} />
                    ) : (
                      times && <WeekTimes times={times} shown={day} legend={(date) => `Time on ${formatDay(date)}`} error={echo?.errors.start} checked={typed.start} />
                    )}
                    <div className="form-grid form-grid--2">
                      <TextField label="Your name" name="name" autoComplete="name" required maxLength={120} />
                      <TextField label="Phone number" name="phone" type="tel" autoComplete="tel" inputMode="tel" required hint="For example 0803 123 4567." />
                      {deposit ? (
                        <TextField label="E-mail" name="email" type="email" autoComplete="email" required hint="For the deposit’s receipt, the confirmation and a calendar file." className="field--full" />
                      ) : (
                        <TextField label="E-mail (optional)" name="email" type="email" autoComplete="email" hint="For the confirmation and a calendar file." className="field--full" />
                      )}
                    </div>
                    <ReminderFields echo={echo} plan={page.reminders} />
                    <p className="enquiry-form__privacy">
                      We use your details only for this visit. Please keep medical details for the visit itself. Not for emergencies: call 112.
                    </p>
                    {deposit && (
                      <p className="booking-deposit__amount">
                        This visit takes a deposit of <strong>{formatKobo(deposit.amountKobo)}</strong>, paid through Paystack at the next step.
                      </p>
                    )}
                    <button type="submit" className="btn btn--primary booking-confirm__submit" disabled={busy} aria-disabled={busy || undefined}>
                      {busy ? (deposit ? 'Checking…' : 'Booking…') : deposit ? 'Continue to the deposit' : 'Confirm booking'}
                    </button>
                  </Form>
                </FormStateContext.Provider>
              </div>
            )}
          </>
        )}
        <p className="booking__call">
          Prefer to talk to us? Call <PhoneLink /> or <a href="/appoinment#book-heading">ask for a call back</a>.
        </p>
      </Section>
    </>
  );
}
