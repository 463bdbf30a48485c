import { data, type LoaderFunctionArgs } from 'react-router';
import type { AccountPageData } from '../../../shared/booking/page-data';
import { bookingContext } from '../../booking/context';
import { platformContext, requireUser } from '../../platform/render/route-context';
import { errorFields } from '../../platform/http/error-fields';

/** The signed-in patient's page: their visits, upcoming and past (signed out: sign in and come back). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const headers = { 'Cache-Control': 'private, no-store' };
  try {
    const visits = await context.get(bookingContext).patientAppointments(user.uid);
    return data({ ...visits, unavailable: false } satisfies AccountPageData, { headers });
  } catch (error) {
    context.get(platformContext).logger.error('patient visits failed', errorFields(error));
    return data({ upcoming: [], past: [], unavailable: true } satisfies AccountPageData, { status: 503, headers });
  }
}
