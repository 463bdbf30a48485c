import { appointmentWidgetForm } from '../../../shared/requests/schemas';
import { requestFormAction } from '../../requests/form-action';

/** Home four's form is the appointment widget: a request for a call back. */
export const action = requestFormAction(appointmentWidgetForm);
