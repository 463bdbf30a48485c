import { quoteForm } from '../../../shared/requests/schemas';
import { requestFormAction } from '../../requests/form-action';

/** /servicesTwo: the quote calculator asks for a call back with a price. */
export const action = requestFormAction(quoteForm);
