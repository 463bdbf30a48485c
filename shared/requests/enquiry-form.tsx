import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Form, useActionData, useNavigation, useSubmit } from 'react-router';
import { useSiteFacts } from '../clinic/facts-context';
import { Link } from '../ui/link';
import { FormStateContext } from '../ui/fields';
import { PhoneLink } from '../ui/phone-link';
import { HONEYPOT_FIELD } from './form-names';
import { REQUEST_KINDS, type RequestKind } from './kinds';
import type { FieldErrors, FormContext, FormSpec } from './schemas';
import './enquiries.css';
import { validateInScript } from '../ui/form-validation';

/** What a delivering form's action answers (server/requests/form-action.ts): stored, refused field by field, store unreachable, or too many requests. */
export type RequestFormResult =
  | { status: 'sent'; reference: string }
  | { status: 'invalid'; errors: FieldErrors; values: Record<string, string> }
  | { status: 'unavailable'; values: Record<string, string> }
  | { status: 'limited'; values: Record<string, string>; retryAfterSeconds: number }
  /** The body was longer than any valid form (413): the fields that arrived before the cut, and a message at the cut one. */
  | { status: 'too-large'; errors: FieldErrors; values: Record<string, string> };

interface EnquiryFormProps {
  kind: RequestKind;
  /** The form's schema for the browser's first check, loaded once the form is near the screen or touched. */
  spec: () => Promise<FormSpec>;
  /** Facts the schema checks against beyond the site's (the appointment form's practitioners). */
  context?: Pick<FormContext, 'practitioners'>;
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

type Checker = [typeof import('./schemas'), FormSpec];

/**
 * Loads the form's checker (the schema code, ~20 kB compressed) when the visitor comes near the
 * form (within a screen of it, at an idle moment once the page is interactive) or touches it,
 * instead of on the submit, where loading and evaluating it held an empty form's messages back by
 * 0.3–0.7 s on a slow phone (docs/first-view.md).
 */
function useChecker(formRef: RefObject<HTMLFormElement | null>, spec: () => Promise<FormSpec>) {
  const checker = useRef<Promise<Checker> | null>(null);
  const load = () => {
    checker.current ??= Promise.all([import('./schemas'), spec()]).catch((error: unknown) => {
      // Offline or a new deployment: try again on the next submit (the server checks anyway).
      checker.current = null;
      throw error;
    });
    return checker.current;
  };
  const preload = () => void load().catch(() => {});
  useEffect(() => {
    const form = formRef.current;
    if (!form || typeof IntersectionObserver === 'undefined') return;
    let idle = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        idle = window.requestIdleCallback ? window.requestIdleCallback(preload, { timeout: 2000 }) : window.setTimeout(preload, 50);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(form);
    return () => {
      observer.disconnect();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
    // The spec is the form's own (a new function each render): the first one loads it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formRef]);
  return { load, preload };
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
export function EnquiryForm({ kind, spec, context, submitLabel, children, className, label, submitClassName = 'btn btn--primary', emergencyNote }: EnquiryFormProps) {
  const echo = useActionData() as RequestFormResult | undefined;
  const site = useSiteFacts();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [another, setAnother] = useState(false);
  const checker = useChecker(formRef, spec);
  // A page has one delivering form: the submission in flight is this one's.
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const sent = echo?.status === 'sent' && !another;
  const errors = clientErrors ?? (echo?.status === 'invalid' || echo?.status === 'too-large' ? echo.errors : undefined);
  const errorCount = errors ? Object.keys(errors).length : 0;

  // A new answer from the server: show it, and move focus to what needs attention.
  useEffect(() => {
    if (!echo) return;
    setClientErrors(null);
    setAnother(false);
    if ((echo.status === 'invalid' || echo.status === 'too-large') && echo.errors) focusFirstError(formRef.current, echo.errors);
    else resultRef.current?.focus();
  }, [echo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    let loaded: Checker;
    try {
      loaded = await checker.load();
    } catch {
      // The checker could not load: the server checks the same schema and answers field by field.
      await submit(form, { method: 'post', preventScrollReset: true });
      return;
    }
    const [{ checkForm }, formSpec] = loaded;
    const checked = checkForm(formSpec, { now: new Date(), site, ...context }, fieldsOf(form));
    if (!checked.ok) {
      setClientErrors(checked.errors);
      focusFirstError(form, checked.errors);
      return;
    }
    setClientErrors(null);
    await submit(form, { method: 'post', preventScrollReset: true });
  }

  if (sent && echo.status === 'sent') {
    const next = REQUEST_KINDS[kind].nextSteps;
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
  const retryAfterSeconds = echo?.status === 'limited' ? echo.retryAfterSeconds : 60;
  return (
    <Form method="post" ref={validateInScript(formRef)} className={`enquiry-form ${className ?? ''}`} aria-label={label} onSubmit={onSubmit} onFocus={checker.preload} onPointerDown={checker.preload} preventScrollReset>
      <div className="enquiry-form__trap" aria-hidden="true">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div role="alert" className="enquiry-form__alert">
        {echo?.status === 'too-large' && !clientErrors ? (
          <p className="form-error">Your form was too long to send in full. We kept what arrived: please shorten the marked field, check the fields after it, and send again.</p>
        ) : (
          errorCount > 0 && <p className="form-error">{errorCount === 1 ? 'Please correct the field marked below.' : `Please correct the ${errorCount} fields marked below.`}</p>
        )}
        {echo?.status === 'unavailable' && (
          <p className="form-error" tabIndex={-1} ref={resultRef}>
            We could not save your request just now. Nothing you typed is lost: please try again in a few minutes, or call{' '}
            <PhoneLink />.
          </p>
        )}
        {echo?.status === 'limited' && (
          <p className="form-error" tabIndex={-1} ref={resultRef}>
            We have received many requests from your connection. Please try again in {Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes, or call{' '}
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
