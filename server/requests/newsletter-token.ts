import { data, type ActionFunctionArgs } from 'react-router';
import type { FormKeys } from './keys';
import { requestsContext } from './context';
import { errorFields } from '../platform/http/error-fields';
import type { Store } from '../platform/db/store';
import { clientContext, platformContext } from '../platform/render/route-context';

/**
 * The newsletter's token pages (confirm, unsubscribe): the token checked for shape before any
 * query (base64url, server/requests/repo.ts), the change, and its outcome; an unknown or spent
 * token is a 400, a database fault a 503 whose log line names no token and no address.
 */
export async function tokenAction<Done extends string>(
  { context }: Pick<ActionFunctionArgs, 'context'>,
  token: FormDataEntryValue | string | null,
  change: (store: Store, keys: FormKeys, token: string) => Promise<boolean>,
  done: Done,
) {
  const { store, logger } = context.get(platformContext);
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return data({ outcome: 'invalid' as const }, { status: 400 });
  try {
    return (await change(store, context.get(requestsContext).keys, token)) ? { outcome: done } : data({ outcome: 'invalid' as const }, { status: 400 });
  } catch (error) {
    logger.error('newsletter change failed', { outcome: done, requestId: context.get(clientContext).requestId, ...errorFields(error) });
    return data({ outcome: 'unavailable' as const }, { status: 503 });
  }
}
