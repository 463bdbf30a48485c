import type { ActionFunctionArgs } from 'react-router';

/** What a demonstration form submission returns: which form, and what was typed (never passwords). */
export interface FormEcho {
  form: string;
  values: Record<string, string>;
}

const MAX_FIELD_LENGTH = 5000;

/**
 * The specification gives the site's forms no destination yet. Every page route
 * gets this action so a submission, with or without JavaScript, comes back to the
 * same page with an honest notice and everything the visitor typed.
 */
export async function formAction({ request }: ActionFunctionArgs): Promise<FormEcho> {
  const body = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of body) {
    if (key === '_form' || typeof value !== 'string' || /password/i.test(key)) continue;
    values[key] = value.slice(0, MAX_FIELD_LENGTH);
  }
  const form = body.get('_form');
  return { form: typeof form === 'string' ? form.slice(0, 100) : '', values };
}
