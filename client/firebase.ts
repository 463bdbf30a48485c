// The Firebase web SDK, loaded only by the pages that sign people in (client/entry.tsx hands
// its import() to shared/accounts/load.ts).
// The server's session cookie is the source of truth: the SDK keeps its user in memory only,
// hands one fresh ID token to POST /api/session, and forgets it.
import { initializeApp, getApps } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { AUTH_CONFIG_PATH, SESSION_PATH, type PublicAuthConfig, type WebAuthConfig } from '../shared/platform/auth-config';
import type { SessionUser } from '../shared/platform/session';

interface Client {
  auth: Auth;
  mode: 'emulator' | 'firebase';
  web: WebAuthConfig;
}

const APP_NAME = 'clinic';
let client: Promise<Client> | null = null;

async function fetchConfig(): Promise<PublicAuthConfig> {
  const res = await fetch(AUTH_CONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Sign-in is not available right now (error ${res.status}). Please try again later.`);
  return (await res.json()) as PublicAuthConfig;
}

async function init(): Promise<Client> {
  const config = await fetchConfig();
  if (config.mode === 'unavailable') throw new Error(config.message);
  const app = getApps().find((a) => a.name === APP_NAME) ?? initializeApp(config.web, APP_NAME);
  const auth = initializeAuth(app, {
    persistence: inMemoryPersistence,
    // The emulator's Google popup goes through our own relay (client/emulator-google.ts).
    ...(config.mode === 'firebase' ? { popupRedirectResolver: browserPopupRedirectResolver } : {}),
  });
  if (config.web.emulatorUrl) connectAuthEmulator(auth, config.web.emulatorUrl, { disableWarnings: true });
  return { auth, mode: config.mode, web: config.web };
}

/** Starts loading the SDK and the configuration; the sign-in pages call it when idle. */
export function prepare(): Promise<Client> {
  client ??= init();
  client.catch(() => {
    client = null; // let a later attempt retry
  });
  return client;
}

/** Turns a fresh sign-in into the server's session cookie. */
async function startSession(auth: Auth, user: User, remember: boolean): Promise<SessionUser> {
  // Forced refresh: the token then carries the display name just set.
  const idToken = await user.getIdToken(true);
  const res = await fetch(SESSION_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ idToken, remember }),
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => ({}))) as { user?: SessionUser; error?: string };
  await signOut(auth);
  if (!res.ok || !body.user) throw new Error(body.error ?? `The session could not be started (error ${res.status}).`);
  return body.user;
}

export async function registerWithEmail(name: string, email: string, password: string): Promise<SessionUser> {
  const { auth } = await prepare();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  return startSession(auth, user, false);
}

export async function signInWithEmail(email: string, password: string, remember: boolean): Promise<SessionUser> {
  const { auth } = await prepare();
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  return startSession(auth, user, remember);
}

export async function signInWithGoogle(remember: boolean): Promise<SessionUser> {
  const { auth, mode, web } = await prepare();
  if (mode === 'emulator') {
    const { emulatorGoogleIdToken } = await import('./emulator-google');
    const idToken = await emulatorGoogleIdToken(web.apiKey);
    const { user } = await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
    return startSession(auth, user, remember);
  }
  const { user } = await signInWithPopup(auth, new GoogleAuthProvider());
  return startSession(auth, user, remember);
}

export async function resetPassword(email: string): Promise<void> {
  const { auth } = await prepare();
  await sendPasswordResetEmail(auth, email);
}
