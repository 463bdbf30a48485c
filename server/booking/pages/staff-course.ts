import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { staffBookingPath } from '../../../shared/booking/results';
import { staffCoursePlanPath } from '../../../shared/booking/course';
import { bookingContext } from '../context';
import { notFound, staffOf } from '../staff/page-data';
import { coursePlanAction, coursePlanLoader, type CoursePlanPlace } from './course-plan';

/**
 * Staff book a course for a patient after one of their visits: the patient's planning page with
 * staff's rights (no caps, no notice, no horizon), signed in as staff.
 */
async function staffPlace(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<CoursePlanPlace> {
  const { actor } = staffOf(args.context, args.request);
  const reference = String(args.params.reference ?? '').toUpperCase();
  const found = await args.context.get(bookingContext).appointmentByReference(reference);
  if (!found) throw notFound();
  return { booker: { as: 'staff', appointmentId: found.appointment.id, uid: actor.uid, name: actor.name }, action: staffCoursePlanPath(reference), back: staffBookingPath(reference), staff: true };
}

export const loader = async (args: LoaderFunctionArgs) => coursePlanLoader(args, await staffPlace(args));
export const action = async (args: ActionFunctionArgs) => coursePlanAction(args, await staffPlace(args), (_token, reference) => `${staffBookingPath(String(args.params.reference ?? '').toUpperCase())}?done=course&course=${reference}`);
