import type { ActionFunctionArgs } from 'react-router';
import { confirm } from '../repo';
import { tokenAction } from '../newsletter-token';

/**
 * Confirms a subscription. Opening the link changes nothing (mail scanners open links):
 * the page's button posts here, and only that confirms.
 */
export async function action(args: ActionFunctionArgs) {
  return tokenAction(args, (await args.request.formData()).get('token'), confirm, 'confirmed');
}
