import { randomBytes } from 'node:crypto';
import { data, type ActionFunction, type ActionFunctionArgs } from 'react-router';
import { HONEYPOT_FIELD } from '../../shared/requests/form-names';
import { REQUEST_KINDS } from '../../shared/requests/kinds';
import type { RequestFormResult } from '../../shared/requests/enquiry-form';
import { checkForm, type FieldErrors, type FormContext, type FormSpec, type NewRequest } from '../../shared/requests/schemas';
import { clinicContext } from '../clinic/context';
import { errorFields } from '../platform/http/error-fields';
import { addressKey } from '../platform/http/rate-limit';
import { clientContext, platformContext } from '../platform/render/route-context';
import { requestsContext } from './context';

/** Each address may send this many form submissions in the window (a carrier's NAT shares one address: keep it generous). */
export const ENQUIRY_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };

/** No field is passed on longer than this (the longest any form takes: the contact form's message). */
export const MAX_FIELD_LENGTH = 5000;

/**
 * The bytes of a form body that are read and handed to the action. The largest form at its
 * worst is the contact form: 5,320 characters of text fields (name, subject, message) that may
 * each be a 3-byte UTF-8 character, url-encoded as 9 bytes ("€" is %E2%82%AC), plus an e-mail
 * address and a phone number: about 49 kB. tests/integration/form-body.test.ts checks every
 * form against this, field limits as the schemas state them.
 */
export const FORM_BODY_LIMIT = 64 * 1024;
/** Past this a body is not read on: no form of ours sends so much (a 413 page). */
export const FORM_BODY_HARD_LIMIT = 1024 * 1024;

/** What was typed, as strings, without the form's own fields and never a password. */
function typedValues(body: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of body) {
    if (key.startsWith('_') || key === HONEYPOT_FIELD || typeof value !== 'string' || /password/i.test(key)) continue;
    values[key] = value.slice(0, MAX_FIELD_LENGTH);
  }
  return values;
}

/** A reference that looks real, for a bot that filled the honeypot: it learns nothing. */
function decoyReference(spec: FormSpec): string {
  return `${REQUEST_KINDS[spec.kind].prefix}-${randomBytes(4).toString('hex').slice(0, 5).toUpperCase()}`;
}

const TOO_LARGE = 'This is too long to send: please shorten it. What you wrote after it did not reach us either.';

export type Refusal = { errors: FieldErrors } | { unavailable: true };

/** A step between the check and the store (the checkout's account): may refuse, and may undo itself when the store fails. */
export interface BeforeStore {
  (checked: NewRequest, body: FormData, args: ActionFunctionArgs): Promise<{ refuse: Refusal } | { undo?: () => Promise<void> } | void>;
}

export interface RequestFormOptions {
  /** Facts the schema needs beyond the site's (the appointment form's practitioners). */
  context?: (args: ActionFunctionArgs) => Promise<Partial<FormContext>>;
  beforeStore?: BeforeStore;
  now?: () => Date;
}

/**
 * The action of a route whose form delivers a request (appointment, contact, quote, newsletter,
 * comment, order): honeypot, rate limit, the form's schema, then the store. Everything typed
 * comes back with a refusal, so the page shows it again beside the messages.
 */
export function requestFormAction(spec: FormSpec, options: RequestFormOptions = {}): ActionFunction {
  const now = options.now ?? (() => new Date());
  return async (args) => {
    const body = await args.request.formData();
    const values = typedValues(body);
    const { logger, rateLimits } = args.context.get(platformContext);
    const { requests, keys } = args.context.get(requestsContext);
    const { ip, requestId, bodyCut } = args.context.get(clientContext);
    const honeypot = body.get(HONEYPOT_FIELD);
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      logger.info('form honeypot filled', { requestId, kind: spec.kind });
      return { status: 'sent', reference: decoyReference(spec) } satisfies RequestFormResult;
    }

    if (bodyCut) {
      // Only possible when a field is longer than the form allows: say so at that field, with everything that arrived before it.
      const field = bodyCut.field && bodyCut.field in values ? bodyCut.field : bodyCut.field ?? '_form';
      return data({ status: 'too-large', values, errors: { [field]: TOO_LARGE } } satisfies RequestFormResult, { status: 413, statusText: 'Content Too Large' });
    }

    const unavailable = () => data({ status: 'unavailable', values } satisfies RequestFormResult, { status: 503, statusText: 'Service Unavailable' });
    const invalid = (errors: FieldErrors) => data({ status: 'invalid', errors, values } satisfies RequestFormResult, { status: 422, statusText: 'Unprocessable Content' });

    try {
      // The key every limiter uses: an IPv6 client by its /64, or one host could send without end.
      const limit = await rateLimits.hit(`form:${addressKey(ip)}`, ENQUIRY_LIMIT.max, ENQUIRY_LIMIT.windowMs);
      if (!limit.allowed) {
        return data({ status: 'limited', values, retryAfterSeconds: limit.retryAfterSeconds } satisfies RequestFormResult, {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Retry-After': String(limit.retryAfterSeconds) },
        });
      }
    } catch (error) {
      logger.error('form rate limit check failed', { requestId, kind: spec.kind, ...errorFields(error) });
      return unavailable();
    }

    const at = now();
    const site = await args.context.get(clinicContext).siteFacts();
    const checked = checkForm(spec, { now: at, site, ...(await options.context?.(args)) }, values);
    if (!checked.ok) return invalid(checked.errors);

    let undo: (() => Promise<void>) | undefined;
    if (options.beforeStore) {
      const step = await options.beforeStore(checked.data, body, args);
      if (step && 'refuse' in step) return 'errors' in step.refuse ? invalid(step.refuse.errors) : unavailable();
      undo = step?.undo;
    }

    try {
      const { reference } = await requests.submit(checked.data, keys.submission(spec.kind, values));
      return { status: 'sent', reference } satisfies RequestFormResult;
    } catch (error) {
      logger.error('form could not be stored', { requestId, kind: spec.kind, ...errorFields(error) });
      if (undo) await undo();
      return unavailable();
    }
  };
}
