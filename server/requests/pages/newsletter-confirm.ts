import { data, type ActionFunctionArgs } from 'react-router';
import { confirm } from '../repo';
import { requestsContext } from '../context';
import { errorFields } from '../../platform/http/error-fields';
import { clientContext, platformContext } from '../../platform/render/route-context';

/**
 * Confirms a subscription. Opening the link changes nothing (mail scanners open links):
 * the page's button posts here, and only that confirms.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { store, logger } = context.get(platformContext);
  const token = (await request.formData()).get('token');
  // Tokens are base64url (server/requests/repo.ts): anything else is no token of ours, and never reaches a query.
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return data({ outcome: 'invalid' as const }, { status: 400 });
  try {
    return (await confirm(store, context.get(requestsContext).keys, token)) ? { outcome: 'confirmed' as const } : data({ outcome: 'invalid' as const }, { status: 400 });
  } catch (error) {
    logger.error('newsletter confirm failed', { requestId: context.get(clientContext).requestId, ...errorFields(error) });
    return data({ outcome: 'unavailable' as const }, { status: 503 });
  }
}
