import type { ActionFunctionArgs } from 'react-router';
import { appointmentForm } from '../../../shared/requests/schemas';
import type { AppointmentPageData } from '../../../shared/requests/appointment-forms';
import { clinicContext } from '../../clinic/context';
import { requestFormAction } from '../form-action';

/** The practitioners patients can ask for: clinicians, not the administrators. */
async function bookable({ context }: Pick<ActionFunctionArgs, 'context'>) {
  const { practitioners } = await context.get(clinicContext).facts();
  return practitioners.filter((p) => p.bookable);
}

/** /appoinment: the doctor list offers the practitioners who take patients. */
export async function loader(args: Pick<ActionFunctionArgs, 'context'>): Promise<AppointmentPageData> {
  return { practitioners: (await bookable(args)).map(({ id, name, title }) => ({ id, name, title })) };
}

/** 'Book Appointment': a request for a call back to agree the day and time. */
export const action = requestFormAction(appointmentForm, { context: async (args) => ({ practitioners: await bookable(args) }) });
