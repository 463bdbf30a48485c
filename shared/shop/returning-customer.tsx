import { useId, useRef, useState } from 'react';
import { Link } from '../ui/link';
import { sendPasswordReset } from '../accounts/password-reset';
import { useSiteDetails } from '../platform/site-details';

type ResetState = { status: 'idle' } | { status: 'busy' } | { status: 'error'; message: string };

/**
 * The returning-customer box: sign in happens on /login; 'Lost your password?' sends the
 * reset e-mail through the same action as the login page (which shows its own dialogs).
 */
export function ReturningCustomer() {
  const { phones } = useSiteDetails();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [reset, setReset] = useState<ResetState>({ status: 'idle' });
  const busy = reset.status === 'busy';

  const onLostPassword = async () => {
    if (busy) return;
    const input = emailRef.current;
    const email = input?.value.trim() ?? '';
    if (!input || !email || !input.checkValidity()) {
      setReset({ status: 'error', message: 'Please enter the e-mail address of your account first, then choose “Lost your password?” again.' });
      input?.focus();
      return;
    }
    setReset({ status: 'busy' });
    try {
      // It reports its outcome (sent, or the identity service's error) in its own dialog.
      await sendPasswordReset(email);
      setReset({ status: 'idle' });
    } catch (err) {
      const reason = err instanceof Error && err.message ? err.message : 'the request failed';
      setReset({ status: 'error', message: `We couldn’t send a password reset e-mail (${reason}). Please try again later, or call ${phones[0].display}.` });
    }
  };

  return (
    <div className="returning">
      <p>If you have shopped with us before, sign in on the login page. Forgotten your password? Enter your e-mail address and we’ll send you a reset link.</p>
      <div className="field">
        <label htmlFor={`${id}-email`} className="field__label">
          Email address
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="loginEmail"
          type="email"
          autoComplete="email"
          inputMode="email"
          className="input"
          aria-invalid={reset.status === 'error' ? true : undefined}
          aria-describedby={`${id}-status`}
        />
      </div>
      <div className="returning__actions">
        <Link to="/login" className="btn btn--primary" reloadDocument>
          Log in
        </Link>
        <button type="button" className="btn btn--ghost" aria-disabled={busy} aria-busy={busy} onClick={() => void onLostPassword()}>
          {busy ? 'Sending…' : 'Lost your password?'}
        </button>
      </div>
      <div id={`${id}-status`} role="status" aria-live="polite" className="returning__status">
        {reset.status === 'error' && <p className="form-error">{reset.message}</p>}
      </div>
    </div>
  );
}
