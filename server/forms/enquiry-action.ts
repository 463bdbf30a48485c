import { createHash, randomBytes } from 'node:crypto';
import { data, type ActionFunction, type ActionFunctionArgs } from 'react-router';
import { abujaNow } from '../../shared/features/enquiries/clinic-time';
import { HONEYPOT_FIELD, REFERENCE_PREFIX } from '../../shared/features/enquiries/form-names';
import { checkForm, formSpecs, type FormSpec } from '../../shared/features/enquiries/schemas';
import type { FormEcho } from '../../shared/ui/form-echo';
import { clientContext, servicesContext } from '../route-context';

/** Each address may send this many form submissions in the window (a carrier's NAT shares one address: keep it generous). */
export const ENQUIRY_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };

const MAX_FIELD_LENGTH = 5000;

/** What was typed, as strings, without the form's own fields and never a password. */
function typedValues(body: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of body) {
    if (key.startsWith('_') || key === HONEYPOT_FIELD || typeof value !== 'string' || /password/i.test(key)) continue;
    values[key] = value.slice(0, MAX_FIELD_LENGTH);
  }
  return values;
}

/**
 * The idempotency key: the same form with the same content on the same day (Abuja time)
 * is one request, however it is sent again — a double click, a reload that re-posts, back
 * and resubmit, a retry after a lost answer.
 */
export function submissionKey(form: string, values: Record<string, string>, now = new Date()): string {
  const canonical = JSON.stringify([form, abujaNow(now).date, Object.entries(values).sort(([a], [b]) => a.localeCompare(b))]);
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A reference that looks real, for a bot that filled the honeypot: it learns nothing. */
function decoyReference(spec: FormSpec): string {
  return `${REFERENCE_PREFIX[spec.kind]}-${randomBytes(4).toString('hex').slice(0, 5).toUpperCase()}`;
}

/**
 * The server action of every page: a delivering form (appointment, contact, quote,
 * newsletter, comment, order) is checked, limited and stored; any other form goes to
 * `fallback` (the shop's demo forms echo what was typed).
 */
export function enquiryAction(fallback: ActionFunction, now: () => Date = () => new Date()): ActionFunction {
  const specs = formSpecs(now);
  return async (args: ActionFunctionArgs) => {
    const body = await args.request.clone().formData();
    const form = body.get('_form');
    const spec = typeof form === 'string' ? specs[form] : undefined;
    if (!spec || typeof form !== 'string') return fallback(args);

    const values = typedValues(body);
    const services = args.context.get(servicesContext);
    const honeypot = body.get(HONEYPOT_FIELD);
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      services.logger.info('form honeypot filled', { form });
      return { form, status: 'sent', reference: decoyReference(spec), values: {} } satisfies FormEcho;
    }

    const unavailable = () => data({ form, status: 'unavailable', values } satisfies FormEcho, { status: 503, statusText: 'Service Unavailable' });
    if (!services.enquiries) return unavailable();

    try {
      const { ip } = args.context.get(clientContext);
      const limit = await services.enquiries.hit(`form:${ip}`, ENQUIRY_LIMIT.max, ENQUIRY_LIMIT.windowMs);
      if (!limit.allowed) {
        return data({ form, status: 'limited', values, retryAfterSeconds: limit.retryAfterSeconds } satisfies FormEcho, {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Retry-After': String(limit.retryAfterSeconds) },
        });
      }
    } catch (error) {
      services.logger.error('form rate limit check failed', { form, error: error instanceof Error ? error.message : String(error) });
      return unavailable();
    }

    const checked = checkForm(spec, values);
    const invalid = (errors: Record<string, string>) => data({ form, status: 'invalid', errors, values } satisfies FormEcho, { status: 422, statusText: 'Unprocessable Content' });
    if (!checked.ok) return invalid(checked.errors);

    // The checkout's 'Create an account?': the account is made with the identity service
    // before the order is stored; the password goes there and nowhere else. If the order then
    // cannot be stored, the account is taken back, so that sending the form again (it keeps
    // every value but the password) makes both, instead of finding the address taken.
    let madeAccount: string | undefined;
    if (spec.kind === 'order' && body.get('createAccount') === 'on') {
      const password = body.get('accountPassword');
      if (typeof password !== 'string' || password.length < 7) return invalid({ accountPassword: 'Please choose a password of more than 6 characters.' });
      if (password.length > 128) return invalid({ accountPassword: 'Please choose a password of at most 128 characters.' });
      if (!services.accounts) return invalid({ createAccount: 'We cannot create accounts just now. Untick “Create an account?” to order without one.' });
      try {
        const made = await services.accounts.create({ email: checked.data.email ?? '', password, displayName: checked.data.name ?? '' });
        if (made === 'exists') return invalid({ email: 'An account with this e-mail address exists already. Sign in, or untick “Create an account?”.' });
        madeAccount = made.uid;
        checked.data.payload.accountCreated = true;
      } catch (error) {
        services.logger.error('checkout account not created', { error: error instanceof Error ? error.message : String(error) });
        return invalid({ createAccount: 'We could not create the account just now. Untick “Create an account?” to order without one, or try again later.' });
      }
    }

    try {
      const { reference } = await services.enquiries.submit({ kind: spec.kind, idempotencyKey: submissionKey(form, values, now()), ...checked.data });
      return { form, status: 'sent', reference, values: {} } satisfies FormEcho;
    } catch (error) {
      services.logger.error('form could not be stored', { form, error: error instanceof Error ? error.message : String(error) });
      if (madeAccount && services.accounts) {
        try {
          await services.accounts.remove(madeAccount);
        } catch (removeError) {
          services.logger.error('checkout account not taken back', { error: removeError instanceof Error ? removeError.message : String(removeError) });
        }
      }
      return unavailable();
    }
  };
}
