import { newsletterForm } from '../../../shared/requests/schemas';
import { requestFormAction } from '../../requests/form-action';

/** The home page's form is the newsletter sign-up (double opt-in: the confirmation goes by e-mail). */
export const action = requestFormAction(newsletterForm);
