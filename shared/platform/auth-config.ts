/** The Firebase web configuration: public values the server sends to the sign-in pages. */
export interface WebAuthConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** Set in emulator mode: the SDK talks to this origin instead of Google. */
  emulatorUrl?: string;
}

/** What GET /api/auth-config answers. */
export type PublicAuthConfig = { mode: 'emulator' | 'firebase'; web: WebAuthConfig } | { mode: 'unavailable'; message: string };

export const AUTH_CONFIG_PATH = '/api/auth-config';
export const SESSION_PATH = '/api/session';

/** 'Remember me': the session lasts this many days; unticked, it ends with the browser (and after a day at most). */
export const REMEMBER_DAYS = 5;
