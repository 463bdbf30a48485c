import { cert, applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { AuthConfig } from './auth-config';
import type { CspSources } from '../http/security';

/** The part of firebase-admin's Auth the session code uses; tests may pass their own. */
export interface AdminAuth {
  verifyIdToken(idToken: string, checkRevoked?: boolean): Promise<DecodedToken>;
  createSessionCookie(idToken: string, options: { expiresIn: number }): Promise<string>;
  verifySessionCookie(cookie: string, checkRevoked?: boolean): Promise<DecodedToken>;
  revokeRefreshTokens(uid: string): Promise<void>;
  getUser(uid: string): Promise<{ displayName?: string; email?: string; customClaims?: Record<string, unknown> }>;
  createUser(properties: { email: string; password: string; displayName?: string }): Promise<{ uid: string }>;
  deleteUser(uid: string): Promise<void>;
}

/** The claims the session code reads from an ID token or session cookie. */
export interface DecodedToken {
  uid: string;
  auth_time: number;
  email?: string;
  name?: unknown;
  /** Custom claim set by `npm run staff` (see server/app/cli/staff.ts). */
  role?: unknown;
  /** Custom claim set by `npm run staff -- grant EMAIL --practitioner ID`: the practitioner this member of staff is. */
  practitionerId?: unknown;
}

export interface AdminHandle {
  auth: AdminAuth;
  /** The whole firebase-admin Auth, for the roles command (server/app/cli/staff.ts). */
  full: Auth;
  close(): Promise<void>;
}

let appCount = 0;

/**
 * firebase-admin for the configured mode, in its own named app (so tests can make several),
 * or null when no identity service is configured.
 */
export function createAdminAuth(config: AuthConfig): AdminHandle | null {
  if (config.mode === 'unavailable') return null;
  let app: App;
  const name = `clinic-auth-${++appCount}`;
  if (config.mode === 'emulator') {
    // firebase-admin reads the emulator host from the environment, on every call.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
    app = initializeApp({ projectId: config.projectId }, name);
  } else {
    const credential = config.serviceAccount ? cert(config.serviceAccount) : applicationDefault();
    app = initializeApp({ projectId: config.projectId, credential }, name);
  }
  const auth = getAuth(app);
  return { auth, full: auth, close: () => deleteApp(app) };
}

/** Exactly the identity-service origins the browser needs in this mode. */
export function authCspSources(config: AuthConfig): CspSources {
  switch (config.mode) {
    case 'unavailable':
      return {};
    case 'emulator':
      // The SDK calls the emulator directly; the Google popup's relay frame is same-origin (see server/platform/session/session.ts).
      return { connectSrc: [`http://${config.emulatorHost}`], frameSrc: ["'self'"] };
    case 'firebase':
      return {
        // Identity Toolkit (sign-in, reset) and Secure Token (token refresh) REST APIs.
        connectSrc: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
        // signInWithPopup loads the gapi iframe helper, which opens https://<authDomain>/__/auth/iframe.
        scriptSrc: ['https://apis.google.com'],
        frameSrc: [`https://${config.web.authDomain}`],
      };
  }
}
