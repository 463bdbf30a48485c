import { AuthField } from './auth-field';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with a typed e-mail address, in words for the visitor; undefined when it looks right. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Enter your e-mail address.';
  return EMAIL_PATTERN.test(email) ? undefined : 'Enter an e-mail address like name@example.com.';
}

interface EmailFieldProps {
  label: string;
  /** 'username' on the login form (what password managers fill), 'email' when registering. */
  autoComplete: 'username' | 'email';
  value: string;
  onValue(value: string): void;
  error?: string;
}

/** The e-mail field of the sign-in forms (named `email`, so focusField(form, 'email') finds it). */
export function EmailField({ label, autoComplete, value, onValue, error }: EmailFieldProps) {
  return (
    <AuthField
      label={label}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      spellCheck={false}
      required
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}

/** The password field of the sign-in forms: 'current-password' to sign in, 'new-password' to register. */
export function PasswordField({ autoComplete, value, onValue, error, hint }: { autoComplete: 'current-password' | 'new-password'; value: string; onValue(value: string): void; error?: string | undefined; hint?: string }) {
  return <AuthField label="Password" name="password" type="password" autoComplete={autoComplete} required value={value} onValue={onValue} error={error} hint={hint} />;
}

/** Moves focus to the named field of a form. */
export function focusField(form: HTMLFormElement | null, name: string): void {
  (form?.elements.namedItem(name) as HTMLInputElement | null)?.focus();
}

/** Focuses the first field, in form order, that has an error; returns it, or undefined when all are fine. */
export function focusFirstError<K extends string>(form: HTMLFormElement | null, order: readonly K[], errors: Partial<Record<K, string>>): K | undefined {
  const first = order.find((name) => errors[name]);
  if (first) focusField(form, first);
  return first;
}
