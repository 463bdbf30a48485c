import { createContext, useContext, useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { Option } from '../content/types';

/**
 * The form kit's fields. A form (shared/requests/enquiry-form.tsx) provides what
 * the server sent back — the values typed and one message per field to correct — and each
 * field shows its value, its message beside it (aria-invalid, aria-describedby) and its hint.
 */
export interface FormState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
}

export const FormStateContext = createContext<FormState>({});

function useFieldState(name: string | undefined): { value?: string; error?: string } {
  const state = useContext(FormStateContext);
  if (!name) return {};
  return { value: state.values?.[name], error: state.errors?.[name] };
}

interface FieldShell {
  label: string;
  name: string;
  hint?: string;
  className?: string;
  /** Hide the label visually (it stays for assistive technology). */
  hideLabel?: boolean;
}

/** Ids and ARIA attributes that tie a control to its hint and its error message. */
function describe(id: string, hint: string | undefined, error: string | undefined) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? (true as const) : undefined };
}

function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </>
  );
}

function Shell({ label, hint, error, className, hideLabel, id, required, children }: FieldShell & { id: string; error?: string; required?: boolean; children: ReactNode }) {
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
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextField({ label, name, hint, className, hideLabel, defaultValue, ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { value, error } = useFieldState(name);
  return (
    <Shell label={label} name={name} hint={hint} error={error} className={className} hideLabel={hideLabel} id={id} required={input.required}>
      <input id={id} name={name} type="text" className="input" defaultValue={value ?? defaultValue} {...describe(id, hint, error)} {...input} />
    </Shell>
  );
}

export function TextAreaField({ label, name, hint, className, hideLabel, defaultValue, ...area }: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const { value, error } = useFieldState(name);
  return (
    <Shell label={label} name={name} hint={hint} error={error} className={className} hideLabel={hideLabel} id={id} required={area.required}>
      <textarea id={id} name={name} rows={5} className="input" defaultValue={value ?? defaultValue} {...describe(id, hint, error)} {...area} />
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
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; placeholder?: string; ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  const { value, error } = useFieldState(name);
  return (
    <Shell label={label} name={name} hint={hint} error={error} className={className} hideLabel={hideLabel} id={id} required={select.required}>
      <select id={id} name={name} className="input" defaultValue={value ?? defaultValue ?? ''} {...describe(id, hint, error)} {...select}>
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

/** A single box to tick (consent): unticked unless the visitor ticked it before the form came back. */
export function CheckboxField({ label, name, hint, className, value = 'yes', ...input }: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & { value?: string }) {
  const id = useId();
  const state = useContext(FormStateContext);
  const error = state.errors?.[name];
  const checked = state.values ? state.values[name] === value : undefined;
  return (
    <div className={`field field--check ${className ?? ''}`}>
      <label htmlFor={id} className="check">
        <input id={id} name={name} type="checkbox" value={value} defaultChecked={checked} {...describe(id, hint, error)} {...input} />
        <span>{label}</span>
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The message for a field that is not one of the kit's (a radio group, a checkbox of its own), from the form's state. */
export function FieldMessage({ name, id }: { name: string; id?: string }) {
  const error = useContext(FormStateContext).errors?.[name];
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}
