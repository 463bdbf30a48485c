import { randomBytes } from 'node:crypto';
import { data, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { BookActionData, BookPageData, ChoiceValues } from '../../../shared/booking/page-data';
import { FAILURES, managePath } from '../../../shared/booking/results';
import { ANY_PRACTITIONER, availabilitySchema, bookingSchema, checkBookingForm, type BookingFormContext } from '../../../shared/booking/schemas';
import { isDate } from '../../../shared/booking/time';
import { visitKind } from '../../../shared/booking/types';
import { clinicContext } from '../../clinic/context';
import { clinicPhone as clinicPhoneOf } from '../../clinic/details';
import { onlineBookingFacts } from '../../../shared/clinic/team';
import { clientContext, platformContext, userContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';
import { freeTimesView } from '../page-times';
import { errorFields } from '../../platform/http/error-fields';
import { addressKey, exactAddressKey } from '../../platform/http/rate-limit';
import type { BookingLimits } from '../../../shared/booking/limits';
import { formatE164Nigeria, toE164Nigeria } from '../../../shared/platform/phone';
import type { CodeCheck } from '../phone-proof';
import { depositsContext } from '../deposits';
import { depositStep, intentOfDeposit } from '../deposit-step';

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
  const page: BookPageData = { values, errors: {}, times: null, key: randomBytes(18).toString('base64url'), prefill: await prefillOf(args), unavailable: false, reminders: args.context.get(bookingContext).reminderPlan };
  if (!raw.service) return data(page, { headers: NO_STORE });
  const checked = checkBookingForm(availabilitySchema(await formContext(args, now)), { service: values.service, visit: raw.visit ?? '', practitioner: raw.practitioner ?? '', date: values.date });
  if (!checked.ok) return data({ ...page, errors: checked.errors }, { status: 400, headers: NO_STORE });
  // The week's first day (the earlier/later links): one that is not a day is said at the day's field.
  if (raw.from && !isDate(raw.from)) return data({ ...page, errors: { date: 'Please choose a day like 2026-12-01.' } }, { status: 400, headers: NO_STORE });
  const choice = checked.data;
  try {
    const from = raw.from || null;
    const times = await freeTimesView(args.context.get(bookingContext), { ...choice, from }, now);
    if ('ok' in times) return data({ ...page, errors: { service: FAILURES[times.reason as keyof typeof FAILURES]?.message ?? 'Please choose a service.' } }, { status: 400, headers: NO_STORE });
    const rule = await args.context.get(depositsContext).ruleFor(choice.serviceId, choice.visitKind);
    return data({ ...page, times, deposit: rule ? { amountKobo: rule.amountKobo, policy: rule.policy } : null }, { headers: NO_STORE });
  } catch (error) {
    args.context.get(platformContext).logger.error('free times failed', errorFields(error));
    return data({ ...page, unavailable: true }, { status: 503, headers: NO_STORE });
  }
}

function refuse(result: BookActionData, status: number, headers: Record<string, string> = {}) {
  return data(result, { status, headers: { ...NO_STORE, ...headers } });
}

/** What a visitor is told at a limit: the limit as it is, and the clinic's number. */
function capMessage(reason: 'too-many-visits' | 'one-a-day', limits: BookingLimits, clinicPhone: string): string {
  const phoneLine = () => `Please call us on ${clinicPhone}`;
  if (reason === 'too-many-visits') {
    const n = limits.futureVisitsPerPhone;
    return `This phone number already has ${n === 1 ? 'a visit' : `${n} visits`} booked online, as many as we book online for one number. ${phoneLine()} to book another, or move one of them from its booking link.`;
  }
  return `This phone number already has a visit booked on that day. Please choose another day, or ${phoneLine().toLowerCase()}.`;
}

/** Why no code could be sent, in words, with the way out: the call-back request or the phone. */
function noCodeMessage(reason: 'too-many-codes' | 'codes-paused' | 'not-sent', phone: string, clinicPhone: string): string {
  const way = `ask us to call you back, or call us on ${clinicPhone}`;
  if (reason === 'too-many-codes') return `We have sent several codes to ${formatE164Nigeria(phone)} in the last hour. Please use the latest one, try again later, or ${way}.`;
  if (reason === 'codes-paused') return `We cannot send codes just now. Please try again in a little while, or ${way}.`;
  return `We could not send a code to ${formatE164Nigeria(phone)} by WhatsApp or SMS. Please check the number, or ${way}.`;
}

/** The booking's limits per client address, counted apart from the contact forms': the address, and its IPv6 /64. */
async function overAddressLimit(args: ActionFunctionArgs, limits: BookingLimits): Promise<{ retryAfterSeconds: number; cap: 'per-address' | 'per-network'; address: string } | null> {
  const { ip } = args.context.get(clientContext);
  const { rateLimits } = args.context.get(platformContext);
  const exact = exactAddressKey(ip);
  const network = addressKey(ip);
  const hour = 60 * 60 * 1000;
  const one = await rateLimits.hit(`book:${exact}`, limits.bookingsPerAddressPerHour, hour);
  if (!one.allowed) return { retryAfterSeconds: one.retryAfterSeconds, cap: 'per-address', address: exact };
  if (network !== exact) {
    const net = await rateLimits.hit(`book-net:${network}`, limits.bookingsPerNetworkPerHour, hour);
    if (!net.allowed) return { retryAfterSeconds: net.retryAfterSeconds, cap: 'per-network', address: network };
  }
  return null;
}

/** The code step's intents: the form sent (or a new code asked for), a code typed, the details again. */
type Intent = 'book' | 'code' | 'resend-whatsapp' | 'resend-sms' | 'edit' | 'pay';
const intentOf = (v: FormDataEntryValue | null): Intent => (v === 'code' || v === 'resend-whatsapp' || v === 'resend-sms' || v === 'edit' ? v : intentOfDeposit(v) ?? 'book');

/**
 * Books the chosen time (issue 44, ADR 0042): the limits per address (apart from the contact
 * forms'), the shared schema, the caps per phone, then a proven phone: remembered on this
 * browser or the patient's account, or a one-time code sent to it and typed back here; only then
 * the core's `book` (the database decides a race, counts the caps again, and books a visitor
 * only with the phone they proved). Booked → the manage page (`?booked=1`), with the proof
 * remembered. Every refusal keeps everything typed.
 */
export async function action(args: ActionFunctionArgs) {
  const booking = args.context.get(bookingContext);
  const now = booking.now();
  const body = await args.request.formData();
  const intent = intentOf(body.get('intent'));
  // What comes back beside a message: everything typed but the code and the step's own fields.
  const values = stringsOf(body, (key) => !key.startsWith('_') && key !== 'intent' && key !== 'code' && key !== 'codeToken');
  const { logger, publicOrigin } = args.context.get(platformContext);
  const { ip } = args.context.get(clientContext);
  const limits = booking.limits;
  const clinicPhone = await clinicPhoneOf(args.context.get(clinicContext));
  const unavailable = () =>
    refuse({ status: 'unavailable', message: `We could not book just now: our booking system is not answering. Please try again in a few minutes, or call us on ${clinicPhone}.`, errors: {}, values }, 503);
  if (intent === 'edit') return refuse({ status: 'invalid', message: '', errors: {}, values }, 200);
  const phone = toE164Nigeria(values.phone ?? '');
  try {
    // A code typed back is limited by its own three tries; every other submission counts here.
    if (intent !== 'code') {
      const over = await overAddressLimit(args, limits);
      if (over) {
        // Noted for staff when the store can; the visitor's answer does not wait on it.
        await booking.recordRefusal({ cap: over.cap, phone, address: over.address }).catch((error: unknown) => logger.error('booking refusal not recorded', errorFields(error)));
        const minutes = Math.ceil(over.retryAfterSeconds / 60);
        return refuse(
          { status: 'limited', message: `Too many bookings were tried from your connection in the last hour. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or call us on ${clinicPhone}.`, errors: {}, values, retryAfterSeconds: over.retryAfterSeconds },
          429,
          { 'Retry-After': String(over.retryAfterSeconds) },
        );
      }
    }
  } catch (error) {
    logger.error('booking rate limit check failed', errorFields(error));
    return unavailable();
  }
  const checked = checkBookingForm(bookingSchema(await formContext(args, now)), values);
  if (!checked.ok) return refuse({ status: 'invalid', message: 'Please correct the fields marked below.', errors: checked.errors, values }, 400);
  const form = checked.data;
  const user = args.context.get(userContext);
  const cookie = args.request.headers.get('cookie') ?? undefined;
  const secure = publicOrigin.startsWith('https://');
  const address = addressKey(ip);
  const headers: Record<string, string> = {};
  try {
    // Over a cap per phone: said before any code is sent.
    const capped = await booking.visitCapFor(form.patient.phone, form.startsAt);
    if (capped) {
      await booking.recordRefusal({ cap: capped === 'too-many-visits' ? 'future-visits' : 'visits-a-day', phone: form.patient.phone, address });
      return refuse({ status: 'capped', message: capMessage(capped, limits, clinicPhone), errors: capped === 'one-a-day' ? { start: capMessage(capped, limits, clinicPhone) } : {}, values }, 409);
    }
    let proven = await booking.phoneProven({ cookie, uid: user?.uid ?? null, phone: form.patient.phone, secure });
    if (!proven && intent === 'code') {
      const typed = String(body.get('code') ?? '').trim().slice(0, 20);
      const check = await booking.verifyCode({ token: String(body.get('codeToken') ?? ''), phone: form.patient.phone, code: typed, address });
      if (!check.ok) return codeRefused(check, values, form.patient.phone, body);
      proven = true;
      headers['Set-Cookie'] = await booking.rememberProof({ cookie, uid: user?.uid ?? null, phone: form.patient.phone, secure });
    }
    if (!proven) {
      const channel = intent === 'resend-sms' ? 'sms' : intent === 'resend-whatsapp' ? 'whatsapp' : form.reminders.channel === 'sms' ? 'sms' : 'whatsapp';
      const sent = await booking.requestCode({ phone: form.patient.phone, channel, address });
      if (!sent.ok) return refuse({ status: 'no-code', message: noCodeMessage(sent.reason, form.patient.phone, clinicPhone), errors: {}, values, reason: sent.reason }, sent.reason === 'not-sent' ? 503 : 429);
      return refuse({ status: 'code', message: '', errors: {}, values, code: { token: sent.token, channel: sent.channel, phone: formatE164Nigeria(form.patient.phone), expiresAt: sent.expiresAt.toISOString() } }, 200);
    }
  } catch (error) {
    logger.error('booking proof failed', errorFields(error));
    return unavailable();
  }
  // A visit that takes a deposit (issue 48): its amount and policy, then Paystack's checkout with the time held.
  try {
    const deposit = await depositStep(args, form, values, intent === 'pay', headers);
    if (deposit) return deposit;
  } catch (error) {
    logger.error('deposit step failed', errorFields(error));
    return unavailable();
  }
  let result;
  try {
    result = await booking.book(form, { kind: 'visitor', uid: user?.uid ?? null, provenPhone: form.patient.phone });
  } catch (error) {
    logger.error('booking failed', errorFields(error));
    return unavailable();
  }
  // The manage page as a new document: its Referrer-Policy (same-origin) then covers every link
  // and request from it, and the Location, which holds the token, is stored by no cache.
  if (result.ok) return redirectDocument(`${managePath(result.manageToken)}?booked=1`, { headers: { ...NO_STORE, ...headers } });
  const failure = FAILURES[result.reason];
  if (result.reason === 'conflict' || result.reason === 'not-free') {
    return refuse({ status: 'conflict', message: failure.message, errors: { start: failure.message }, values, alternatives: [...(result.alternatives ?? [])] }, 409, headers);
  }
  if (result.reason === 'too-many-visits' || result.reason === 'one-a-day') {
    // Counted again in the booking itself: another booking from this phone was faster.
    await booking.recordRefusal({ cap: result.reason === 'too-many-visits' ? 'future-visits' : 'visits-a-day', phone: form.patient.phone, address });
    return refuse({ status: 'capped', message: capMessage(result.reason, limits, clinicPhone), errors: {}, values }, 409, headers);
  }
  const field = result.reason === 'unknown-practitioner' || result.reason === 'service-not-given' ? 'practitioner' : result.reason === 'unknown-service' ? 'service' : 'start';
  return refuse({ status: 'invalid', message: failure.message, errors: { [field]: failure.message }, values }, failure.status, headers);
}

/** A code that did not prove the phone: the code step again, its message at the code's field. */
function codeRefused(check: Exclude<CodeCheck, { ok: true }>, values: Record<string, string>, phone: string, body: FormData) {
  const step = { token: String(body.get('codeToken') ?? ''), channel: body.get('codeChannel') === 'sms' ? ('sms' as const) : ('whatsapp' as const), phone: formatE164Nigeria(phone), expiresAt: '' };
  if (check.reason === 'wrong-code') {
    const message = `That is not the code we sent. Please check it and try again (${check.attemptsLeft === 1 ? 'one more try' : `${check.attemptsLeft} more tries`}).`;
    return refuse({ status: 'code', message, errors: { code: message }, values, code: { ...step, attemptsLeft: check.attemptsLeft } }, 422);
  }
  const message =
    check.reason === 'used-up'
      ? 'That code can no longer be used (three wrong tries, or it was used already). Please ask for a new code below.'
      : check.reason === 'expired'
        ? 'That code has expired (codes last 10 minutes). Please ask for a new code below.'
        : 'That code was not sent for this number. Please ask for a new code below.';
  return refuse({ status: 'code', message, errors: { code: message }, values, code: { ...step, token: '', attemptsLeft: 0 } }, 422);
}
