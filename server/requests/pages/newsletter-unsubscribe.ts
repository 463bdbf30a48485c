import { data, type ActionFunctionArgs } from 'react-router';
import { unsubscribe } from '../repo';
import { requestsContext } from '../context';
import { errorFields } from '../../platform/http/error-fields';
import { clientContext, platformContext } from '../../platform/render/route-context';

/**
 * Unsubscribes: the page's button, or a mail client's one-click POST (RFC 8058,
 * `List-Unsubscribe=One-Click` to the link's URL with its token). Opening the link alone changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { store, logger } = context.get(platformContext);
  const form = await request.formData();
  const token = form.get('token') ?? new URL(request.url).searchParams.get('token');
  // Tokens are base64url (server/requests/repo.ts): anything else is no token of ours, and never reaches a query.
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return data({ outcome: 'invalid' as const }, { status: 400 });
  try {
    return (await unsubscribe(store, context.get(requestsContext).keys, token)) ? { outcome: 'unsubscribed' as const } : data({ outcome: 'invalid' as const }, { status: 400 });
  } catch (error) {
    logger.error('newsletter unsubscribe failed', { requestId: context.get(clientContext).requestId, ...errorFields(error) });
    return data({ outcome: 'unavailable' as const }, { status: 503 });
  }
}
