import type { ActionFunctionArgs } from 'react-router';
import { appointmentForm } from '../../../shared/requests/schemas';
import { clinicContext } from '../../clinic/context';
import { requestFormAction } from '../../requests/form-action';

/** The practitioners patients can ask for: clinicians, not the administrators. */
async function bookable({ context }: Pick<ActionFunctionArgs, 'context'>) {
  const { practitioners } = await context.get(clinicContext).facts();
  return practitioners.filter((p) => p.bookable);
}

/** 'Book Appointment': a request for a call back to agree the day and time. */
export const action = requestFormAction(appointmentForm, { context: async (args) => ({ practitioners: await bookable(args) }) });

/** Its news band's posts are data: the newest published ones (server/app/news.ts). */
export { newsLoader as loader } from '../news';
