/**
 * Who may use which part of the staff area. The role is the Firebase custom claim `role`
 * (granted with `npm run staff -- grant EMAIL --role …`); every page and action checks it on the
 * server (server/platform/render/route-context.ts `requireArea`), and the staff area's menu shows
 * each role only what it may use. A role is one word; what a person is linked to (a practitioner,
 * later) belongs in claims of its own beside it, so the role names stay the same.
 */
export const ROLES = ['admin', 'editor', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** The parts of the staff area. */
export type StaffArea = 'inbox' | 'calendar' | 'plans' | 'people' | 'content';

/** admin: everything (and grants roles); editor: the site's content; staff: the front desk. */
const AREAS: Readonly<Record<Role, readonly StaffArea[]>> = {
  admin: ['inbox', 'calendar', 'plans', 'people', 'content'],
  editor: ['content'],
  staff: ['inbox', 'calendar', 'plans', 'people'],
};

/** A practitioner's id as the clinic's facts name them (`adaeze-okafor`): the `practitionerId` claim. */
export function isPractitionerId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,62}$/.test(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** May someone with this role use this part of the staff area? */
export function can(role: Role | undefined | null, area: StaffArea): boolean {
  return role ? AREAS[role].includes(area) : false;
}

/** Where the staff area starts for a role: the inbox for the front desk, the content for editors. */
export function staffHome(role: Role | undefined | null): string | null {
  if (can(role, 'inbox')) return '/staff';
  if (can(role, 'content')) return '/staff/content';
  return null;
}
