import { data, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { visitKind } from '../../../shared/booking/types';
import { addDays, isDate, lagosDate, weekdayOf } from '../../../shared/booking/time';
import { dayPart, waitlistChannel, waitlistEntryPath, WEEKDAYS, DAY_PARTS, type WaitlistJoinAnswer, type WaitlistJoinData } from '../../../shared/booking/waitlist';
import { ANY_PRACTITIONER } from '../../../shared/booking/schemas';
import { onlineBookingFacts } from '../../../shared/clinic/team';
import { formatE164Nigeria, toE164Nigeria } from '../../../shared/platform/phone';
import { clinicContext } from '../../clinic/context';
import { clinicPhone as clinicPhoneOf } from '../../clinic/details';
import { errorFields } from '../../platform/http/error-fields';
import { addressKey } from '../../platform/http/rate-limit';
import { clientContext, platformContext, userContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';
import type { JoinInput } from '../waitlist';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
const MAX_FIELD = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** The fields as typed: strings, and the two groups of boxes as comma-joined lists (`days`, `parts`). */
function valuesOf(params: URLSearchParams | FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (typeof value !== 'string' || key.startsWith('_') || key === 'intent' || key === 'code' || key === 'codeToken' || key === 'codeChannel') continue;
    if (key === 'day' || key === 'part') continue;
    out[key] = value.slice(0, MAX_FIELD);
  }
  const days = params.getAll('day').filter((v): v is string => typeof v === 'string');
  const parts = params.getAll('part').filter((v): v is string => typeof v === 'string');
  if (days.length) out.days = days.join(',');
  if (parts.length) out.parts = parts.join(',');
  return out;
}

const listOf = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);

async function holdingOf(args: Args, token: string | undefined) {
  if (!token) return null;
  const found = await args.context.get(bookingContext).byManageToken(token);
  return found.ok && found.appointment.status === 'booked' ? found.appointment : null;
}

/**
 * `/waitlist/join?service=&practitioner=&visit=&date=` (from /book where nothing suits) or
 * `?holding=<manage token>` (from a visit's manage page: "I'd like an earlier time"). A plain
 * form: it works without JavaScript, and nothing typed is lost on a refusal.
 */
export async function loader(args: LoaderFunctionArgs) {
  const booking = args.context.get(bookingContext);
  const now = booking.now();
  const today = lagosDate(now);
  const lastDate = addDays(today, booking.rules.horizonDays);
  const raw = valuesOf(new URL(args.request.url).searchParams);
  const user = args.context.get(userContext);
  const page: WaitlistJoinData = { values: {}, errors: {}, holding: null, settings: booking.waitlistSettings, lastDate, today };
  try {
    const visit = await holdingOf(args, raw.holding);
    if (visit) {
      page.holding = { when: visit.startsAt, practitionerId: visit.practitionerId, serviceId: visit.serviceId };
      const dayBefore = addDays(lagosDate(new Date(visit.startsAt)), -1);
      page.values = {
        holding: raw.holding!,
        service: visit.serviceId,
        visit: visit.visitKind,
        practitioner: visit.practitionerId,
        until: dayBefore < today ? today : dayBefore,
        name: visit.patientName ?? '',
        phone: visit.patientPhone ? formatE164Nigeria(visit.patientPhone) : '',
        email: visit.patientEmail ?? '',
        channel: visit.reminderChannel === 'sms' ? 'sms' : 'whatsapp',
      };
    } else {
      const date = raw.date && isDate(raw.date) && raw.date >= today && raw.date <= lastDate ? raw.date : null;
      page.values = {
        service: raw.service ?? '',
        visit: visitKind.is(raw.visit) ? raw.visit : 'first',
        practitioner: raw.practitioner ?? ANY_PRACTITIONER,
        // The day that was full suits, and so do the next two weeks.
        ...(date ? { days: String(weekdayOf(date)) } : {}),
        until: addDays(date ?? today, 14) > lastDate ? lastDate : addDays(date ?? today, 14),
        name: user?.displayName ?? '',
        email: user?.email ?? '',
        channel: 'whatsapp',
      };
    }
  } catch (error) {
    args.context.get(platformContext).logger.error('waitlist join page failed', errorFields(error));
  }
  return data(page, { headers: NO_STORE });
}

function refuse(answer: WaitlistJoinAnswer, status: number, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...NO_STORE, ...headers } });
}

/** The form checked: the entry to make, or the fields to correct. */
async function checkForm(args: ActionFunctionArgs, values: Record<string, string>): Promise<{ ok: true; input: Omit<JoinInput, 'holdingAppointmentId'> } | { ok: false; errors: Record<string, string> }> {
  const booking = args.context.get(bookingContext);
  const facts = onlineBookingFacts(await args.context.get(clinicContext).facts());
  const today = lagosDate(booking.now());
  const lastDate = addDays(today, booking.rules.horizonDays);
  const errors: Record<string, string> = {};
  const service = facts.services.find((s) => s.id === values.service);
  if (!service) errors.service = 'Please choose a service.';
  const kind = values.visit;
  if (!visitKind.is(kind)) errors.visit = 'Please say whether this is your first visit.';
  const practitionerId = values.practitioner || ANY_PRACTITIONER;
  const person = facts.practitioners.find((p) => p.id === practitionerId && p.bookable);
  if (practitionerId !== ANY_PRACTITIONER && !person) errors.practitioner = 'Please choose a practitioner from the list, or “Any available”.';
  else if (person && service && !person.serviceIds.includes(service.id)) errors.practitioner = `${person.name} does not give this service. Please choose another practitioner or “Any available”.`;
  const days = listOf(values.days).map(Number);
  if (!days.length || days.some((d) => !WEEKDAYS.some((w) => w.value === d))) errors.days = 'Please tick at least one day that suits you.';
  const parts = listOf(values.parts);
  if (!parts.length || parts.some((p) => !dayPart.is(p))) errors.parts = 'Please tick at least one time of day that suits you.';
  const until = values.until ?? '';
  if (!isDate(until)) errors.until = 'Please give the last day that suits you, like 2026-12-31.';
  else if (until < today) errors.until = 'That day has passed. Please choose today or a later day.';
  else if (until > lastDate) errors.until = `We book up to ${booking.rules.horizonDays} days ahead: please choose a day up to ${lastDate}.`;
  const name = (values.name ?? '').trim();
  if (name.length < 2 || name.length > 100) errors.name = 'Please give your name (2 to 100 characters).';
  const phone = toE164Nigeria(values.phone ?? '');
  if (!phone) errors.phone = 'Please give a Nigerian mobile number, like 0803 123 4567.';
  const email = (values.email ?? '').trim();
  if (email && (email.length > 200 || !EMAIL.test(email))) errors.email = 'Please check the e-mail address, or leave it empty.';
  if (!waitlistChannel.is(values.channel)) errors.channel = 'Please choose how we tell you of a free time.';
  if (values.consent !== 'yes') errors.consent = 'Please tick the box, so that we may send you the times that come free.';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      serviceId: service!.id,
      visitKind: kind as JoinInput['visitKind'],
      practitionerId: practitionerId === ANY_PRACTITIONER ? null : practitionerId,
      days: days.reduce((mask, d) => mask | (1 << d), 0),
      parts: parts.reduce((mask, p) => mask | DAY_PARTS[p as keyof typeof DAY_PARTS].bit, 0),
      untilDate: until,
      name,
      phone: phone!,
      email: email ? email.toLowerCase() : null,
      channel: values.channel as 'whatsapp' | 'sms',
    },
  };
}

type Intent = 'join' | 'code' | 'resend-whatsapp' | 'resend-sms' | 'edit';
const intentOf = (v: FormDataEntryValue | null): Intent => (v === 'code' || v === 'resend-whatsapp' || v === 'resend-sms' || v === 'edit' ? v : 'join');

/**
 * Joins: the form checked, then the phone proven (remembered on this browser or account, or a
 * one-time code, as /book asks it: issue 44), then the entry within the cap per phone. Joined →
 * the entry's own page (`?joined=1`), its link the patient keeps to see or leave the list.
 */
export async function action(args: ActionFunctionArgs) {
  const booking = args.context.get(bookingContext);
  const { logger, publicOrigin } = args.context.get(platformContext);
  const body = await args.request.formData();
  const intent = intentOf(body.get('intent'));
  const values = valuesOf(body);
  const clinicPhone = await clinicPhoneOf(args.context.get(clinicContext));
  const unavailable = () => refuse({ status: 'unavailable', message: `We could not add you to the waitlist just now. Please try again in a few minutes, or call us on ${clinicPhone}.`, errors: {}, values }, 503);
  if (intent === 'edit') return refuse({ status: 'invalid', message: '', errors: {}, values }, 200);
  const checked = await checkForm(args, values);
  if (!checked.ok) return refuse({ status: 'invalid', message: 'Please correct the fields marked below.', errors: checked.errors, values }, 400);
  const { input } = checked;
  const user = args.context.get(userContext);
  const cookie = args.request.headers.get('cookie') ?? undefined;
  const secure = publicOrigin.startsWith('https://');
  const address = addressKey(args.context.get(clientContext).ip);
  const headers: Record<string, string> = {};
  try {
    let proven = await booking.phoneProven({ cookie, uid: user?.uid ?? null, phone: input.phone, secure });
    if (!proven && intent === 'code') {
      const check = await booking.verifyCode({ token: String(body.get('codeToken') ?? ''), phone: input.phone, code: String(body.get('code') ?? '').trim().slice(0, 20), address });
      const step = { token: String(body.get('codeToken') ?? ''), channel: body.get('codeChannel') === 'sms' ? ('sms' as const) : ('whatsapp' as const), phone: formatE164Nigeria(input.phone), expiresAt: '' };
      if (!check.ok) {
        const message =
          check.reason === 'wrong-code'
            ? `That is not the code we sent. Please check it and try again (${check.attemptsLeft === 1 ? 'one more try' : `${check.attemptsLeft} more tries`}).`
            : check.reason === 'expired'
              ? 'That code has expired (codes last 10 minutes). Please ask for a new code below.'
              : 'That code can no longer be used. Please ask for a new code below.';
        const usable = check.reason === 'wrong-code';
        return refuse({ status: 'code', message, errors: { code: message }, values, code: { ...step, token: usable ? step.token : '', attemptsLeft: usable ? check.attemptsLeft : 0 } }, 422);
      }
      proven = true;
      headers['Set-Cookie'] = await booking.rememberProof({ cookie, uid: user?.uid ?? null, phone: input.phone, secure });
    }
    if (!proven) {
      const channel = intent === 'resend-sms' ? 'sms' : intent === 'resend-whatsapp' ? 'whatsapp' : input.channel === 'sms' ? 'sms' : 'whatsapp';
      const sent = await booking.requestCode({ phone: input.phone, channel, address });
      if (!sent.ok) {
        const message =
          sent.reason === 'not-sent'
            ? `We could not send a code to ${formatE164Nigeria(input.phone)} by WhatsApp or SMS. Please check the number, or call us on ${clinicPhone}.`
            : `We have sent several codes to ${formatE164Nigeria(input.phone)} in the last hour. Please use the latest one, try again later, or call us on ${clinicPhone}.`;
        return refuse({ status: 'no-code', message, errors: {}, values }, sent.reason === 'not-sent' ? 503 : 429);
      }
      return refuse({ status: 'code', message: '', errors: {}, values, code: { token: sent.token, channel: sent.channel, phone: formatE164Nigeria(input.phone), expiresAt: sent.expiresAt.toISOString() } }, 200);
    }
    // "An earlier time than my visit": only the visit its own manage link names, and only the same phone's.
    const holding = await holdingOf(args, values.holding);
    const joined = await booking.joinWaitlist({ ...input, holdingAppointmentId: holding && holding.patientPhone === input.phone ? holding.id : null });
    if (!joined.ok) {
      const n = joined.limit;
      return refuse({ status: 'capped', message: `This phone number is already on the waitlist ${n === 1 ? 'once' : `${n} times`}, as many as we keep for one number. Please leave one of those entries (from its link), or call us on ${clinicPhone}.`, errors: {}, values }, 409, headers);
    }
    return redirectDocument(`${waitlistEntryPath(joined.token)}?joined=1`, { headers: { ...NO_STORE, ...headers } });
  } catch (error) {
    logger.error('waitlist join failed', errorFields(error));
    return unavailable();
  }
}
