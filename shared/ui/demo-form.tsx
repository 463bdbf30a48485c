import { createContext, useContext, useId, type ReactNode, type SelectHTMLAttributes, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Form, useNavigation } from 'react-router';
import { useFormEcho } from './form-echo';
import { PhoneLink } from './phone-link';
import { site } from '../content/site';
import type { Option } from '../content/types';

/** What the visitor typed, echoed back by the server when a form was sent without JavaScript. */
const EchoContext = createContext<Record<string, string> | undefined>(undefined);

interface DemoFormProps {
  /** Identifies the form in the submission (hidden `_form` field). */
  name: string;
  /** What the visitor was trying to do, e.g. "appointment requests". */
  purpose: string;
  submitLabel: string;
  children: ReactNode;
  className?: string;
  /** Accessible name of the form. */
  label?: string;
  submitClassName?: string;
}

/**
 * A real <form method="post"> with named fields, ready for a server action. Until the
 * clinic's forms deliver, a submission says so plainly, gives the phone and e-mail, and
 * keeps everything typed (with JavaScript the fields are untouched; without it the
 * server echoes the values back).
 */
export function DemoForm({ name, purpose, submitLabel, children, className, label, submitClassName = 'btn btn--primary' }: DemoFormProps) {
  const echo = useFormEcho(name);
  const navigation = useNavigation();
  const submitted = echo !== undefined;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('_form') === name;
  const noticeId = useId();
  return (
    <Form method="post" className={`demo-form ${className ?? ''}`} aria-label={label} aria-describedby={noticeId} preventScrollReset>
      <input type="hidden" name="_form" value={name} />
      <EchoContext.Provider value={submitted ? echo.values : undefined}>{children}</EchoContext.Provider>
      <div className="demo-form__actions">
        <button type="submit" className={submitClassName} disabled={busy} aria-disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
      <div id={noticeId} role="status" aria-live="polite" className="demo-form__status">
        {submitted && (
          <p className="form-notice">
            Thank you. We can’t receive {purpose} online yet, so nothing has been sent. Please call{' '}
            <PhoneLink /> or e-mail <a href={`mailto:${site.email}`}>{site.email}</a>; what you typed is still here
            to copy.
          </p>
        )}
      </div>
    </Form>
  );
}

function useEcho(name: string | undefined): string | undefined {
  const echo = useContext(EchoContext);
  return name ? echo?.[name] : undefined;
}

interface FieldShell {
  label: string;
  name: string;
  hint?: string;
  className?: string;
  /** Hide the label visually (it stays for assistive technology). */
  hideLabel?: boolean;
}

function Shell({ label, hint, className, hideLabel, id, required, children }: FieldShell & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, name, hint, className, hideLabel, defaultValue, ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const echoed = useEcho(name);
  return (
    <Shell label={label} name={name} hint={hint} className={className} hideLabel={hideLabel} id={id} required={input.required}>
      <input id={id} name={name} type="text" className="input" defaultValue={echoed ?? defaultValue} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </Shell>
  );
}

export function TextAreaField({ label, name, hint, className, hideLabel, defaultValue, ...area }: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const echoed = useEcho(name);
  return (
    <Shell label={label} name={name} hint={hint} className={className} hideLabel={hideLabel} id={id} required={area.required}>
      <textarea id={id} name={name} rows={5} className="input" defaultValue={echoed ?? defaultValue} aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
    </Shell>
  );
}

export function SelectField({
  label,
  name,
  hint,
  className,
  hideLabel,
  options,
  placeholder,
  defaultValue,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; placeholder?: string }) {
  const id = useId();
  const echoed = useEcho(name);
  return (
    <Shell label={label} name={name} hint={hint} className={className} hideLabel={hideLabel} id={id} required={select.required}>
      <select id={id} name={name} className="input" defaultValue={echoed ?? defaultValue ?? ''} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}
