import type { ActionFunctionArgs } from 'react-router';
import type { FormEcho } from '../../../shared/ui/form-echo';

const MAX_FIELD_LENGTH = 5000;

/**
 * The default server action of every page: a form the server has no handler for comes
 * back to the same page with everything the visitor typed (never passwords), so the page
 * can say plainly that nothing was sent.
 */
export async function echoAction({ request }: ActionFunctionArgs): Promise<FormEcho> {
  const body = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of body) {
    if (key === '_form' || typeof value !== 'string' || /password/i.test(key)) continue;
    values[key] = value.slice(0, MAX_FIELD_LENGTH);
  }
  const form = body.get('_form');
  return { form: typeof form === 'string' ? form.slice(0, 100) : '', values };
}
