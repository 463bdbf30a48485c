import { randomBytes } from 'node:crypto';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { BookActionData, BookPageData, ChoiceValues } from '../../../shared/booking/page-data';
import { FAILURES, managePath } from '../../../shared/booking/results';
import { ANY_PRACTITIONER, availabilitySchema, bookingSchema, checkBookingForm, type BookingFormContext } from '../../../shared/booking/schemas';
import { isDate } from '../../../shared/booking/time';
import { visitKind } from '../../../shared/booking/types';
import { clinicContext } from '../../clinic/context';
import { clinicPhoneNow } from '../../clinic/details';
import { onlineBookingFacts } from '../../../shared/clinic/team';
import { clientContext, platformContext, userContext } from '../../platform/render/route-context';
import { ENQUIRY_LIMIT } from '../../requests/form-action';
import { bookingContext } from '../context';
import { freeTimesView } from '../page-times';
import { errorFields } from '../../platform/http/error-fields';
import { addressKey } from '../../platform/http/rate-limit';

/** Free times are computed per request: neither the page cache nor the browser keeps them. */
const NO_STORE = { 'Cache-Control': 'private, no-store' };

const MAX_FIELD = 500;

function stringsOf(params: URLSearchParams | FormData, keep: (key: string) => boolean = () => true): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (typeof value === 'string' && keep(key)) out[key] = value.slice(0, MAX_FIELD);
  return out;
}

async function formContext(args: Pick<LoaderFunctionArgs, 'context'>, now: Date): Promise<BookingFormContext> {
  // Online: only the services offered online, only the people shown on the site.
  const facts = onlineBookingFacts(await args.context.get(clinicContext).facts());
  return { facts, now, rules: args.context.get(bookingContext).rules };
}

/** A signed-in patient's name, phone and e-mail: the account's, and their last booking's phone. */
async function prefillOf(args: LoaderFunctionArgs): Promise<BookPageData['prefill']> {
  const user = args.context.get(userContext);
  if (!user) return { name: '', phone: '', email: '' };
  const prefill = { name: user.displayName, phone: '', email: user.email ?? '' };
  try {
    const { upcoming, past } = await args.context.get(bookingContext).patientAppointments(user.uid);
    const last = [...upcoming, ...past].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (last) return { name: last.patientName ?? prefill.name, phone: last.patientPhone ?? '', email: last.patientEmail ?? prefill.email };
  } catch {
    // Without the database the form is still there to fill in.
  }
  return prefill;
}

/**
 * The booking steps, `/book?service=&visit=&practitioner=&date=&from=`: the choices come in the
 * query string (a plain GET form, so every step works without JavaScript), the days and times
 * are computed now from the rows.
 */
export async function loader(args: LoaderFunctionArgs) {
  const now = args.context.get(bookingContext).now();
  const params = new URL(args.request.url).searchParams;
  const raw = stringsOf(params);
  const values: ChoiceValues = {
    service: raw.service ?? '',
    visit: visitKind.is(raw.visit) ? raw.visit : 'first',
    practitioner: raw.practitioner || ANY_PRACTITIONER,
    date: raw.date ?? '',
    from: raw.from ?? '',
  };
  const page: BookPageData = { values, errors: {}, times: null, key: randomBytes(18).toString('base64url'), prefill: await prefillOf(args), unavailable: false };
  if (!raw.service) return data(page, { headers: NO_STORE });
  const checked = checkBookingForm(availabilitySchema(await formContext(args, now)), { service: values.service, visit: raw.visit ?? '', practitioner: raw.practitioner ?? '', date: values.date });
  if (!checked.ok) return data({ ...page, errors: checked.errors }, { status: 400, headers: NO_STORE });
  const choice = checked.data;
  try {
    const from = raw.from && isDate(raw.from) ? raw.from : null;
    const times = await freeTimesView(args.context.get(bookingContext), { ...choice, from }, now);
    if ('ok' in times) return data({ ...page, errors: { service: FAILURES[times.reason as keyof typeof FAILURES]?.message ?? 'Please choose a service.' } }, { status: 400, headers: NO_STORE });
    return data({ ...page, times }, { headers: NO_STORE });
  } catch (error) {
    args.context.get(platformContext).logger.error('free times failed', errorFields(error));
    return data({ ...page, unavailable: true }, { status: 503, headers: NO_STORE });
  }
}

function refuse(result: BookActionData, status: number, headers: Record<string, string> = {}) {
  return data(result, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * Books the chosen time: rate limit (as the request forms), the shared schema, then the core's
 * `book` (the database decides a race; the form's key books once however often it is sent).
 * Booked → the manage page, which confirms it (`?booked=1`).
 */
export async function action(args: ActionFunctionArgs) {
  const now = args.context.get(bookingContext).now();
  const body = await args.request.formData();
  const values = stringsOf(body, (key) => !key.startsWith('_'));
  const { logger, rateLimits } = args.context.get(platformContext);
  const unavailable = () =>
    refuse({ status: 'unavailable', message: `We could not book just now: our booking system is not answering. Please try again in a few minutes, or call us on ${clinicPhoneNow(args.context.get(clinicContext))}.`, errors: {}, values }, 503);
  try {
    const { ip } = args.context.get(clientContext);
    const limit = await rateLimits.hit(`form:${addressKey(ip)}`, ENQUIRY_LIMIT.max, ENQUIRY_LIMIT.windowMs);
    if (!limit.allowed) {
      return refuse(
        { status: 'limited', message: `Too many forms were sent from your connection. Please wait ${Math.ceil(limit.retryAfterSeconds / 60)} minutes, or call us on ${clinicPhoneNow(args.context.get(clinicContext))}.`, errors: {}, values, retryAfterSeconds: limit.retryAfterSeconds },
        429,
        { 'Retry-After': String(limit.retryAfterSeconds) },
      );
    }
  } catch (error) {
    logger.error('booking rate limit check failed', errorFields(error));
    return unavailable();
  }
  const checked = checkBookingForm(bookingSchema(await formContext(args, now)), values);
  if (!checked.ok) return refuse({ status: 'invalid', message: 'Please correct the fields marked below.', errors: checked.errors, values }, 400);
  const user = args.context.get(userContext);
  let result;
  try {
    result = await args.context.get(bookingContext).book(checked.data, { kind: 'visitor', uid: user?.uid ?? null });
  } catch (error) {
    logger.error('booking failed', errorFields(error));
    return unavailable();
  }
  if (result.ok) return redirect(`${managePath(result.manageToken)}?booked=1`, { headers: NO_STORE });
  const failure = FAILURES[result.reason];
  if (result.reason === 'conflict' || result.reason === 'not-free') {
    return refuse({ status: 'conflict', message: failure.message, errors: { start: failure.message }, values, alternatives: [...(result.alternatives ?? [])] }, 409);
  }
  const field = result.reason === 'unknown-practitioner' || result.reason === 'service-not-given' ? 'practitioner' : result.reason === 'unknown-service' ? 'service' : 'start';
  return refuse({ status: 'invalid', message: failure.message, errors: { [field]: failure.message }, values }, failure.status);
}
