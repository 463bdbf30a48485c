import { data, type ActionFunctionArgs } from 'react-router';
import { confirm } from '../repo';
import { platformContext } from '../../platform/render/route-context';

/**
 * Confirms a subscription. Opening the link changes nothing (mail scanners open links):
 * the page's button posts here, and only that confirms.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { store, logger } = context.get(platformContext);
  const token = (await request.formData()).get('token');
  if (typeof token !== 'string' || !token || token.length > 200) return data({ outcome: 'invalid' as const }, { status: 400 });
  try {
    return (await confirm(store, token)) ? { outcome: 'confirmed' as const } : data({ outcome: 'invalid' as const }, { status: 400 });
  } catch (error) {
    logger.error('newsletter confirm failed', { error: error instanceof Error ? error.message : String(error) });
    return data({ outcome: 'unavailable' as const }, { status: 503 });
  }
}
