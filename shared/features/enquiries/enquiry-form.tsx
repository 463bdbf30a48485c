import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { Link } from '../../ui/link';
import { FormStateContext } from '../../ui/demo-form';
import { PhoneLink } from '../../ui/phone-link';
import { useFormEcho } from '../../ui/form-echo';
import { nextSteps } from './copy';
import { HONEYPOT_FIELD } from './form-names';
import type { EnquiryKind, FieldErrors } from './schemas';
import './enquiries.css';

interface EnquiryFormProps {
  /** The form's name (hidden `_form` field), as in formSpecs(). */
  name: string;
  kind: EnquiryKind;
  submitLabel: string;
  children: ReactNode;
  className?: string;
  /** Accessible name of the form. */
  label: string;
  submitClassName?: string;
  /** 'Not for emergencies: call 112', beside forms that ask for care. */
  emergencyNote?: boolean;
}

/** The fields of `form` as strings, for the browser's first check. */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const field = element as HTMLInputElement;
    if (field.name && errors[field.name] && typeof field.focus === 'function') {
      field.focus();
      return;
    }
  }
}

/**
 * A form that delivers: a plain <form method="post"> that works without JavaScript; with
 * it, a first check in the browser (the same schema, loaded on first submit), then the same
 * submission without a reload, with a busy state. The server decides: errors come back
 * beside the fields with everything typed, a stored request comes back with its reference.
 */
export function EnquiryForm({ name, kind, submitLabel, children, className, label, submitClassName = 'btn btn--primary', emergencyNote }: EnquiryFormProps) {
  const echo = useFormEcho(name);
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [another, setAnother] = useState(false);
  const busy = navigation.state !== 'idle' && navigation.formData?.get('_form') === name;
  const sent = echo?.status === 'sent' && !another;
  const errors = clientErrors ?? (echo?.status === 'invalid' ? echo.errors : undefined);
  const errorCount = errors ? Object.keys(errors).length : 0;

  // A new answer from the server: show it, and move focus to what needs attention.
  useEffect(() => {
    if (!echo) return;
    setClientErrors(null);
    setAnother(false);
    if (echo.status === 'invalid' && echo.errors) focusFirstError(formRef.current, echo.errors);
    else resultRef.current?.focus();
  }, [echo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const { checkForm, formSpecs } = await import('./schemas');
    const spec = formSpecs()[name];
    const checked = spec ? checkForm(spec, fieldsOf(form)) : { ok: true as const };
    if (!checked.ok) {
      setClientErrors(checked.errors);
      focusFirstError(form, checked.errors);
      return;
    }
    setClientErrors(null);
    await submit(form, { method: 'post', preventScrollReset: true });
  }

  if (sent && echo?.reference) {
    const next = nextSteps[kind];
    return (
      <div className={`form-result form-result--sent ${className ?? ''}`} role="status" tabIndex={-1} ref={resultRef}>
        <h3>{next.title}</h3>
        <p>
          Your reference is <strong className="form-result__reference">{echo.reference}</strong>.
        </p>
        <p>{next.text}</p>
        <p>
          Need us sooner? Call <PhoneLink />.
        </p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAnother(true)}>
          Send another
        </button>
      </div>
    );
  }

  const values = echo && echo.status !== 'sent' ? echo.values : undefined;
  return (
    <Form method="post" ref={formRef} className={`enquiry-form ${className ?? ''}`} aria-label={label} noValidate onSubmit={onSubmit} preventScrollReset>
      <input type="hidden" name="_form" value={name} />
      <div className="enquiry-form__trap" aria-hidden="true">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div role="alert" className="enquiry-form__alert">
        {errorCount > 0 && <p className="form-error">{errorCount === 1 ? 'Please correct the field marked below.' : `Please correct the ${errorCount} fields marked below.`}</p>}
        {echo?.status === 'unavailable' && (
          <p className="form-error" tabIndex={-1} ref={resultRef}>
            We could not save your request just now. Nothing you typed is lost: please try again in a few minutes, or call{' '}
            <PhoneLink />.
          </p>
        )}
        {echo?.status === 'limited' && (
          <p className="form-error" tabIndex={-1} ref={resultRef}>
            We have received many requests from your connection. Please try again in {Math.max(1, Math.ceil((echo.retryAfterSeconds ?? 60) / 60))} minutes, or call{' '}
            <PhoneLink />.
          </p>
        )}
      </div>
      <FormStateContext.Provider value={{ values, errors }}>{children}</FormStateContext.Provider>
      <div className="enquiry-form__actions">
        <button type="submit" className={submitClassName} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
      <p className="enquiry-form__privacy">
        {emergencyNote && (
          <>
            <strong>Not for emergencies: call 112.</strong>{' '}
          </>
        )}
        We use these details only to answer this request. <Link to="/privacy">How we keep your data</Link>.
      </p>
    </Form>
  );
}
