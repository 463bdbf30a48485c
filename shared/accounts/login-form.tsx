import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../ui/link';
import { REMEMBER_DAYS } from '../platform/auth-config';
import { loadAuthClient } from './load';
import { sendPasswordReset } from './password-reset';
import { EmailField, emailProblem, focusField, focusFirstError, PasswordField } from './email-field';
import { GoogleButton, OrDivider } from './google-button';
import { type FieldErrors, runAuthStep, signInWithGoogleAndReturn, usePrepareAuth, useReturnTo } from './use-auth-helpers';
import { validateInScript } from '../ui/form-validation';

type Field = 'email' | 'password';
type Busy = null | 'login' | 'google' | 'reset';

/** Login (spec sections 2, 5, 7): e-mail and password, remember me, lost password, Google. */
export function LoginForm() {
  const returnTo = useReturnTo();
  usePrepareAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState<Busy>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next: FieldErrors<Field> = { email: emailProblem(email), password: password ? undefined : 'Enter your password.' };
    setErrors(next);
    if (focusFirstError(formRef.current, ['email', 'password'], next)) return;
    setBusy('login');
    await runAuthStep(async () => {
      await (await loadAuthClient()).signInWithEmail(email.trim(), password, remember);
      window.location.assign(returnTo);
    }, () => setBusy(null));
  }

  async function onGoogle() {
    setBusy('google');
    await runAuthStep(() => signInWithGoogleAndReturn(remember, returnTo), () => setBusy(null));
  }

  async function onLostPassword() {
    const problem = emailProblem(email);
    if (problem) {
      setErrors({ email: `${problem} We send the reset link to the e-mail address typed here.` });
      focusField(formRef.current, 'email');
      return;
    }
    setErrors({});
    setBusy('reset');
    await sendPasswordReset(email.trim());
    setBusy(null);
  }

  return (
    <form ref={validateInScript(formRef)} method="post" className="auth-form" onSubmit={onSubmit} aria-label="Login">
      <input type="hidden" name="_form" value="login" />
      <EmailField label="Email" autoComplete="username" value={email} onValue={setEmail} error={errors.email} />
      <PasswordField autoComplete="current-password" value={password} onValue={setPassword} error={errors.password} />
      <div className="auth-form__row">
        <label className="auth-check">
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} aria-describedby="remember-hint" />
          Remember me
        </label>
        <button type="button" className="auth-link" onClick={onLostPassword} disabled={busy !== null}>
          {busy === 'reset' ? 'Sending reset link…' : 'Lost your password?'}
        </button>
      </div>
      <p className="auth-form__hint" id="remember-hint">
        Ticked, you stay signed in on this device for {REMEMBER_DAYS} days; otherwise you are signed out when you close the browser.
      </p>
      <button type="submit" className="btn btn--primary btn--block auth-submit" disabled={busy !== null} aria-disabled={busy !== null}>
        {busy === 'login' ? 'Signing in…' : 'Login Now'}
      </button>
      <OrDivider />
      <GoogleButton label="Sign in with Google" busy={busy === 'google'} disabled={busy !== null} onClick={onGoogle} />
      <p className="auth-switch">
        New to the clinic? <Link to={returnTo === '/' ? '/register' : `/register?returnTo=${encodeURIComponent(returnTo)}`}>Register Now</Link>
      </p>
    </form>
  );
}
