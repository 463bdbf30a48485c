import type { Auth } from 'firebase-admin/auth';
import { isPractitionerId, isRole, type Role } from '../../shared/platform/roles';

export type StaffRole = Role;

/** The parts of firebase-admin's Auth the roles command uses (tests may pass their own). */
export type RolesAuth = Pick<Auth, 'getUserByEmail' | 'setCustomUserClaims' | 'revokeRefreshTokens' | 'listUsers'>;

export interface StaffMember {
  uid: string;
  email: string | null;
  displayName: string | null;
  role: StaffRole;
  /** The practitioner this member of staff is (the `practitionerId` claim), if any. */
  practitionerId: string | null;
}

/**
 * The claims with `role` set (or removed) and, when given, `practitionerId` set (an id) or
 * removed (null); the user's other custom claims kept.
 */
function withClaims(claims: Record<string, unknown> | undefined, role: StaffRole | null, practitionerId?: string | null): Record<string, unknown> | null {
  const next: Record<string, unknown> = { ...claims };
  if (role) next.role = role;
  else delete next.role;
  if (practitionerId) next.practitionerId = practitionerId;
  else if (practitionerId === null) delete next.practitionerId;
  return Object.keys(next).length ? next : null;
}

/**
 * Gives an existing user a role (admin, editor or staff), replacing any other, and links them to
 * a practitioner (`practitionerId`: an id links, null unlinks, undefined keeps the link). They get
 * it at their next sign-in; a session that already claims a role has it read again at every request.
 */
export async function grantRole(auth: RolesAuth, email: string, role: StaffRole, practitionerId?: string | null): Promise<StaffMember> {
  const user = await auth.getUserByEmail(email.trim());
  const claims = withClaims(user.customClaims, role, practitionerId);
  await auth.setCustomUserClaims(user.uid, claims);
  const linked = claims?.practitionerId;
  return { uid: user.uid, email: user.email ?? null, displayName: user.displayName ?? null, role, practitionerId: isPractitionerId(linked) ? linked : null };
}

/**
 * Takes the role (and any practitioner link) away and revokes the user's refresh tokens: their
 * session cookie is refused at the next request (the server verifies cookies with checkRevoked
 * and reads the role again).
 */
export async function revokeRole(auth: RolesAuth, email: string): Promise<{ uid: string; hadRole: boolean }> {
  const user = await auth.getUserByEmail(email.trim());
  const hadRole = isRole(user.customClaims?.role);
  await auth.setCustomUserClaims(user.uid, withClaims(user.customClaims, null, null));
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
      const linked = u.customClaims?.practitionerId;
      if (isRole(role)) members.push({ uid: u.uid, email: u.email ?? null, displayName: u.displayName ?? null, role, practitionerId: isPractitionerId(linked) ? linked : null });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return members.sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
}
