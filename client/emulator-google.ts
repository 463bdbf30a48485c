// Google sign-in against the Firebase Auth Emulator, offline.
//
// The SDK's signInWithPopup needs Google's gapi script from the internet, both here and in
// the emulator's helper frame. Instead, the emulator's own account chooser is served from our
// origin (/api/emulator/auth/handler, see server/platform/session/session.ts). When the visitor picks or creates
// an account there, the chooser posts the result to a frame of its opener whose URL carries the
// same apiKey and appName; that frame is our same-origin relay, whose messages we read here.
// The result holds the emulator's fake Google ID token, which signs in with signInWithCredential.

const APP_NAME = 'clinic';

interface AuthEvent {
  urlResponse?: string;
  error?: { code?: string; message?: string } | null;
}

export async function emulatorGoogleIdToken(apiKey: string): Promise<string> {
  const query = new URLSearchParams({ apiKey, appName: APP_NAME });
  const relay = document.createElement('iframe');
  relay.src = `/api/auth-relay?${query}`;
  relay.title = 'Sign-in relay';
  relay.hidden = true;
  relay.tabIndex = -1;
  relay.setAttribute('aria-hidden', 'true');
  const relayReady = new Promise<void>((resolve) => relay.addEventListener('load', () => resolve(), { once: true }));
  document.body.append(relay);

  const eventId = String(Math.floor(Math.random() * 1e12));
  const chooser = new URLSearchParams({ apiKey, appName: APP_NAME, authType: 'signInViaPopup', providerId: 'google.com', eventId });
  const popup = window.open(`/api/emulator/auth/handler?${chooser}`, 'clinic-google-sign-in', 'popup,width=520,height=680');
  if (!popup) {
    relay.remove();
    throw new Error('The sign-in window was blocked. Please allow pop-ups for this site and try again.');
  }

  let closedTimer: ReturnType<typeof setInterval> | undefined;
  try {
    await relayReady;
    const event = await new Promise<AuthEvent>((resolve, reject) => {
      relay.contentWindow!.addEventListener('message', (e: MessageEvent) => {
        const data = e.data as { eventType?: string; data?: { authEvent?: AuthEvent } } | null;
        if (e.origin !== window.location.origin || data?.eventType !== 'sendAuthEvent' || !data.data?.authEvent) return;
        resolve(data.data.authEvent);
      });
      closedTimer = setInterval(() => {
        if (popup.closed) reject(new Error('The Google sign-in window was closed before an account was chosen.'));
      }, 400);
    });
    if (event.error) throw new Error(event.error.message ?? event.error.code ?? 'Google sign-in failed.');
    const idToken = event.urlResponse ? new URL(event.urlResponse).searchParams.get('id_token') : null;
    if (!idToken) throw new Error('Google sign-in returned no account.');
    return idToken;
  } finally {
    clearInterval(closedTimer);
    if (!popup.closed) popup.close();
    relay.remove();
  }
}
