import { can } from '../platform/roles';
import type { SessionUser } from '../platform/session';

/**
 * Who may read a visit's new-patient answers (issue 47): the treating practitioner (a member of
 * staff linked to the visit's practitioner by the `practitionerId` claim) and admins. The front
 * desk, the other practitioners and editors may not; they see only whether the form is done.
 * Answers 'admin', 'practitioner' (the reader's role in the read log), or null.
 */
export function answersReader(user: Pick<SessionUser, 'role' | 'practitionerId'> | null, visitPractitionerId: string): 'admin' | 'practitioner' | null {
  if (!user?.role) return null;
  if (user.role === 'admin') return 'admin';
  if (user.practitionerId && user.practitionerId === visitPractitionerId && can(user.role, 'calendar')) return 'practitioner';
  return null;
}
