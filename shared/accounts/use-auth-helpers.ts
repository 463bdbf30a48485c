import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { loadAuthClient, loadDialogs, messageOf } from './load';
import { safeReturnTo } from './return-to';

/** The same-site page to return to after signing in (`?returnTo=`), or home. */
export function useReturnTo(): string {
  const { search } = useLocation();
  return safeReturnTo(new URLSearchParams(search).get('returnTo'));
}

/** After hydration, when the browser is idle, load the Firebase SDK so it is ready at submit. */
export function usePrepareAuth() {
  useEffect(() => {
    const run = () => {
      loadAuthClient()
        .then((m) => m.prepare())
        .catch(() => {
          // Shown to the visitor if they try to sign in; nothing to do now.
        });
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(run, 500);
    return () => window.clearTimeout(id);
  }, []);
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Runs one sign-in step; if it fails, gives the form back and shows the service's message in the 'Oops...' dialog. */
export async function runAuthStep(step: () => Promise<void>, onFailure: () => void): Promise<void> {
  try {
    await step();
  } catch (error) {
    onFailure();
    await (await loadDialogs()).showError(messageOf(error));
  }
}

/** Google sign-in, shared by the login and register pages: 'Register Successfully' (spec section 8), then back to the page the visitor came from. */
export async function signInWithGoogleAndReturn(remember: boolean, returnTo: string): Promise<void> {
  const user = await (await loadAuthClient()).signInWithGoogle(remember);
  await (await loadDialogs()).showSuccess('Register Successfully', `Welcome, ${user.displayName}. You are signed in.`);
  window.location.assign(returnTo);
}
