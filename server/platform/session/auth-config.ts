import type { WebAuthConfig } from '../../../shared/platform/auth-config';

export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
}

/**
 * The identity service: the Auth Emulator (development/test), real Firebase, or
 * none ("unavailable": pages render, the session endpoints answer 503).
 */
export type AuthConfig =
  | { mode: 'emulator'; projectId: string; emulatorHost: string; web: WebAuthConfig}
  | { mode: 'firebase'; projectId: string; web: WebAuthConfig; serviceAccount: ServiceAccount | null; credentialsFile?: string }
  | { mode: 'unavailable'; reason: string};
