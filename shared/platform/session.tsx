import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from './roles';

/** What the server knows about the signed-in visitor; null when signed out. */
export interface SessionUser {
  uid: string;
  displayName: string;
  email: string | null;
  /** The Firebase custom claim `role` (./roles.ts): staff work the clinic's requests, editors its content, admins both and grant roles. */
  role?: Role;
  /**
   * The Firebase custom claim `practitionerId`: this member of staff is that practitioner (granted
   * with `npm run staff -- grant EMAIL --practitioner ID`), and reads their own patients'
   * new-patient forms (shared/intake/access.ts). A claim of its own beside the role.
   */
  practitionerId?: string;
  /** For staff: requests nobody has looked at yet, shown in the header. */
  newRequests?: number;
}

const SessionContext = createContext<SessionUser | null>(null);

export function SessionProvider({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

export function useSessionUser(): SessionUser | null {
  return useContext(SessionContext);
}

/** Id of the JSON script element that carries the session user from the server render to hydration. */
export const SESSION_SCRIPT_ID = '__session';
