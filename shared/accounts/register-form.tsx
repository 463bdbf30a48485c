import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../ui/link';
import { loadAuthClient, loadDialogs } from './load';
import { AuthField } from './auth-field';
import { EmailField, emailProblem, focusFirstError, PasswordField } from './email-field';
import { GoogleButton, OrDivider } from './google-button';
import { type FieldErrors, runAuthStep, signInWithGoogleAndReturn, usePrepareAuth, useReturnTo } from './use-auth-helpers';
import { validateInScript } from '../ui/form-validation';

type Field = 'name' | 'email' | 'password';

/** Spec section 5: a password of 6 characters or fewer is rejected with this popup. */
export const SHORT_PASSWORD_MESSAGE = 'Password must be at least 6 character';
const MIN_PASSWORD_LENGTH = 7;

/** Registration (spec sections 2, 5, 7): name, e-mail, password, or Google. */
export function RegisterForm() {
  const returnTo = useReturnTo();
  usePrepareAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState<null | 'register' | 'google'>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const shortPassword = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
    const next: FieldErrors<Field> = {
      name: name.trim() ? undefined : 'Enter the name we should greet you by.',
      email: emailProblem(email),
      password: !password ? 'Choose a password.' : shortPassword ? 'Use more than 6 characters.' : undefined,
    };
    setErrors(next);
    if (focusFirstError(formRef.current, ['name', 'email', 'password'], next)) {
      if (shortPassword) await (await loadDialogs()).showWarning(SHORT_PASSWORD_MESSAGE);
      return;
    }
    setBusy('register');
    await runAuthStep(async () => {
      const user = await (await loadAuthClient()).registerWithEmail(name.trim(), email.trim(), password);
      await (await loadDialogs()).showSuccess('Register Successfully', `Welcome, ${user.displayName}. Your account is ready.`);
      window.location.assign(returnTo);
    }, () => setBusy(null));
  }

  async function onGoogle() {
    setBusy('google');
    await runAuthStep(() => signInWithGoogleAndReturn(false, returnTo), () => setBusy(null));
  }

  return (
    <form ref={validateInScript(formRef)} method="post" className="auth-form" onSubmit={onSubmit} aria-label="Register">
      <input type="hidden" name="_form" value="register" />
      <AuthField
        label="Username"
        name="name"
        autoComplete="name"
        autoCapitalize="words"
        maxLength={80}
        required
        value={name}
        onValue={setName}
        error={errors.name}
        hint="Shown at the top of the site while you are signed in."
      />
      <EmailField label="Email Address" autoComplete="email" value={email} onValue={setEmail} error={errors.email} />
      <PasswordField autoComplete="new-password" value={password} onValue={setPassword} error={errors.password} hint="More than 6 characters." />
      <button type="submit" className="btn btn--primary btn--block auth-submit" disabled={busy !== null} aria-disabled={busy !== null}>
        {busy === 'register' ? 'Creating your account…' : 'Register Now'}
      </button>
      <OrDivider />
      <GoogleButton label="Sign up with Google" busy={busy === 'google'} disabled={busy !== null} onClick={onGoogle} />
      <p className="auth-switch">
        Already registered? <Link to={returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`}>Login</Link>
      </p>
    </form>
  );
}
