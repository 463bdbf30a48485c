import type { ActionFunctionArgs } from 'react-router';
import { unsubscribe } from '../repo';
import { tokenAction } from '../newsletter-token';

/**
 * Unsubscribes: the page's button, or a mail client's one-click POST (RFC 8058,
 * `List-Unsubscribe=One-Click` to the link's URL with its token). Opening the link alone changes nothing.
 */
export async function action(args: ActionFunctionArgs) {
  const token = (await args.request.formData()).get('token') ?? new URL(args.request.url).searchParams.get('token');
  return tokenAction(args, token, unsubscribe, 'unsubscribed');
}
