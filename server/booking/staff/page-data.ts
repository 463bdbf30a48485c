import { data } from 'react-router';
import { lagosDate } from '../../../shared/booking/time';
import type { StaffBookingAnswer, StaffHeader } from '../../../shared/booking/staff/types';
import type { SessionUser } from '../../../shared/platform/session';
import { requireStaff, type ServerContext } from '../../platform/render/route-context';
import type { StaffActor } from '../plans';

/** The signed-in member of staff (or the redirect/403 the other staff pages answer), as the booking functions name them. */
export function staffOf(context: ServerContext, request: Request): { user: SessionUser; actor: StaffActor; header: StaffHeader } {
  const user = requireStaff(context, request);
  const name = user.displayName || user.email || 'Staff';
  return { user, actor: { uid: user.uid, name }, header: { staffName: name, newCount: user.newRequests ?? 0 } };
}

/** Today in Abuja. */
export const today = (now = new Date()) => lagosDate(now);

/** A form's fields as trimmed strings (at most 4000 characters each). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value.trim().slice(0, 4000);
  return fields;
}

/** A refusal with the words, the fields to correct and what was typed. */
export function answer(body: StaffBookingAnswer, status: number) {
  const statusText: Record<number, string> = { 200: 'OK', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Content', 403: 'Forbidden' };
  return data(body, { status, statusText: statusText[status] ?? '' });
}

export const notFound = (message = 'There is no booking with this reference.') => data({ message }, { status: 404, statusText: 'Not Found' });
