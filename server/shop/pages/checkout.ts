import { orderForm } from '../../../shared/shop/order-form';
import { accountsContext } from '../../accounts/account-service';
import { errorFields } from '../../platform/http/error-fields';
import { clientContext, platformContext } from '../../platform/render/route-context';
import { requestFormAction, type BeforeStore } from '../../requests/form-action';

/**
 * The checkout's 'Create an account?': the account is made with the identity service before the
 * order is stored; the password goes there and nowhere else. If the order then cannot be stored,
 * the account is taken back, so that sending the form again (it keeps every value but the
 * password) makes both, instead of finding the address taken.
 */
const createAccount: BeforeStore = async (order, body, { context }) => {
  if (body.get('createAccount') !== 'on') return;
  const refuse = (field: string, message: string) => ({ refuse: { errors: { [field]: message } } });
  const password = body.get('accountPassword');
  if (typeof password !== 'string' || password.length < 7) return refuse('accountPassword', 'Please choose a password of more than 6 characters.');
  if (password.length > 128) return refuse('accountPassword', 'Please choose a password of at most 128 characters.');
  const accounts = context.get(accountsContext);
  const { logger } = context.get(platformContext);
  const { requestId } = context.get(clientContext);
  let made: Awaited<ReturnType<typeof accounts.create>>;
  try {
    made = await accounts.create({ email: order.email ?? '', password, displayName: order.name ?? '' });
  } catch (error) {
    logger.error('checkout account not created', { requestId, ...errorFields(error) });
    return refuse('createAccount', 'We could not create the account just now. Untick “Create an account?” to order without one, or try again later.');
  }
  if (made === 'unavailable') return refuse('createAccount', 'We cannot create accounts just now. Untick “Create an account?” to order without one.');
  if (made === 'exists') return refuse('email', 'An account with this e-mail address exists already. Sign in, or untick “Create an account?”.');
  order.payload.accountCreated = true;
  const { uid } = made;
  return {
    undo: async () => {
      try {
        await accounts.remove(uid);
      } catch (error) {
        logger.error('checkout account not taken back', { requestId, ...errorFields(error) });
      }
    },
  };
};

/** /checkout: 'Place order' sends an order request (the cart's lines and totals worked out here). */
export const action = requestFormAction(orderForm, { beforeStore: createAccount });
