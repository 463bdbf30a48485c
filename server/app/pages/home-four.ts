import { appointmentWidgetForm } from '../../../shared/requests/schemas';
import { requestFormAction } from '../../requests/form-action';

/** Home four's form is the appointment widget: a request for a call back. */
export const action = requestFormAction(appointmentWidgetForm);

/** Its news band's posts are data: the newest published ones (server/app/news.ts). */
export { newsLoader as loader } from '../news';
