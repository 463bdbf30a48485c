import { contactForm } from '../../../shared/requests/schemas';
import { requestFormAction } from '../form-action';

/** /contact: 'Write To Us' delivers a message. */
export const action = requestFormAction(contactForm);
