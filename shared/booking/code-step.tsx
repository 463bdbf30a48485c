import { useEffect, useRef, type ReactNode } from 'react';
import { Form } from 'react-router';
import { FormStateContext, TextField } from '../ui/fields';
import { PhoneLink } from '../ui/phone-link';
import { parseInstant } from '../platform/parse';
import { CODE_DIGITS, CODE_MINUTES } from './limits';
import type { CodeStep } from './page-data';
import { formatWhen } from './time';

const CHANNEL_WORDS = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

/** Where to ask for a call back instead, with the service chosen. */
export const callBackHref = (service: string | undefined) => `/appoinment${service ? `?service=${encodeURIComponent(service)}` : ''}#book-heading`;

/**
 * /book's step 3 the first time a phone books online (issue 44): the six-digit code sent to it,
 * typed back to confirm the booking. A plain form (it works without JavaScript) that carries
 * everything the booking form held, so nothing typed is lost: a wrong code comes back here with
 * its message and the tries left; a new code can be sent by the other channel; the details can
 * be changed; and when no code can arrive, the call-back request and the clinic's number are
 * one tap away. The time is not held meanwhile (ADR 0042): if someone takes it, the nearest free
 * times are offered, the phone already proven.
 */
export function CodeStepForm({
  step,
  values,
  message,
  error,
  busy,
  number = '3',
  submitLabel = 'Confirm booking',
  summary,
}: {
  step: CodeStep;
  values: Record<string, string>;
  message: string;
  error?: string | undefined;
  busy: boolean;
  /** The step's number, its button, and what it confirms (the waitlist's join reuses it: issue 46). */
  number?: string;
  submitLabel?: string;
  summary?: ReactNode;
}) {
  const alertRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLDivElement>(null);
  // A message (a wrong code) is read at once; otherwise the code's field is where the patient goes next.
  useEffect(() => {
    if (message) alertRef.current?.focus();
    else codeRef.current?.querySelector('input')?.focus();
  }, [message, step.token]);
  const start = parseInstant(values.start);
  const other = step.channel === 'whatsapp' ? 'sms' : 'whatsapp';
  const usable = step.token !== '';
  return (
    <section className="booking-code" aria-labelledby="book-step-code">
      <h2 id="book-step-code" className="booking__step-title">
        <span className="booking__step-number">{number}</span> Confirm your phone number
      </h2>
      <FormStateContext.Provider value={{ values: {}, errors: error ? { code: error } : {} }}>
        <Form method="post" className="booking-step" aria-labelledby="book-step-code" preventScrollReset>
          <div ref={alertRef} tabIndex={-1} role="alert" className="booking__alert">
            {message && <p className="form-error">{message}</p>}
          </div>
          {summary}
          {!summary && start && (
            <p className="booking-code__visit">
              Your visit: <strong>{formatWhen(start)}</strong> (Abuja time), for {values.name}.
            </p>
          )}
          <p>
            We sent a {CODE_DIGITS}-digit code by {CHANNEL_WORDS[step.channel]} to <strong className="booking-code__phone">{step.phone}</strong>. It works for {CODE_MINUTES} minutes. We ask for it once: this
            browser remembers your number afterwards.
          </p>
          {Object.entries(values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="codeToken" value={step.token} />
          <input type="hidden" name="codeChannel" value={step.channel} />
          {usable && (
            <div ref={codeRef}>
              <TextField
                label="The code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern={`[0-9]{${CODE_DIGITS}}`}
                maxLength={CODE_DIGITS}
                required
                hint={`${CODE_DIGITS} digits, for example 482913.`}
                className="booking-code__field"
              />
            </div>
          )}
          <div className="booking-code__actions">
            {usable && (
              <button type="submit" name="intent" value="code" className="btn btn--primary booking-confirm__submit" disabled={busy} aria-disabled={busy || undefined}>
                {busy ? 'Checking…' : submitLabel}
              </button>
            )}
            <button type="submit" name="intent" value={`resend-${usable ? other : step.channel}`} className="btn btn--outline" formNoValidate disabled={busy}>
              {usable ? `Send the code by ${CHANNEL_WORDS[other]} instead` : `Send a new code by ${CHANNEL_WORDS[step.channel]}`}
            </button>
            <button type="submit" name="intent" value="edit" className="btn btn--ghost" formNoValidate disabled={busy}>
              Change my details
            </button>
          </div>
          <p className="booking__call">
            No code arriving? <a href={callBackHref(values.service)}>Ask us to call you back</a> to agree the visit, or call us on <PhoneLink />.
          </p>
        </Form>
      </FormStateContext.Provider>
    </section>
  );
}
