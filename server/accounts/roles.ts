import type { Auth } from 'firebase-admin/auth';
import { isRole, type Role } from '../../shared/platform/roles';

export type StaffRole = Role;

/** The parts of firebase-admin's Auth the roles command uses (tests may pass their own). */
export type RolesAuth = Pick<Auth, 'getUserByEmail' | 'setCustomUserClaims' | 'revokeRefreshTokens' | 'listUsers'>;

export interface StaffMember {
  uid: string;
  email: string | null;
  displayName: string | null;
  role: StaffRole;
}

/** The claims with `role` set (or removed), the user's other custom claims kept. */
function withRole(claims: Record<string, unknown> | undefined, role: StaffRole | null): Record<string, unknown> | null {
  const next: Record<string, unknown> = { ...claims };
  if (role) next.role = role;
  else delete next.role;
  return Object.keys(next).length ? next : null;
}

/**
 * Gives an existing user a role (admin, editor or staff), replacing any other. They get it at
 * their next sign-in; a session that already claims a role has it read again at every request.
 */
export async function grantRole(auth: RolesAuth, email: string, role: StaffRole): Promise<StaffMember> {
  const user = await auth.getUserByEmail(email.trim());
  await auth.setCustomUserClaims(user.uid, withRole(user.customClaims, role));
  return { uid: user.uid, email: user.email ?? null, displayName: user.displayName ?? null, role };
}

/**
 * Takes the role away and revokes the user's refresh tokens: their session cookie is refused
 * at the next request (the server verifies cookies with checkRevoked and reads the role again).
 */
export async function revokeRole(auth: RolesAuth, email: string): Promise<{ uid: string; hadRole: boolean }> {
  const user = await auth.getUserByEmail(email.trim());
  const hadRole = isRole(user.customClaims?.role);
  await auth.setCustomUserClaims(user.uid, withRole(user.customClaims, null));
  await auth.revokeRefreshTokens(user.uid);
  return { uid: user.uid, hadRole };
}

/** Every user with a role, by e-mail. */
export async function listStaff(auth: RolesAuth): Promise<StaffMember[]> {
  const members: StaffMember[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const u of page.users) {
      const role = u.customClaims?.role;
      if (isRole(role)) members.push({ uid: u.uid, email: u.email ?? null, displayName: u.displayName ?? null, role });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return members.sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
}
