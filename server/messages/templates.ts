/**
 * What each message says, per kind and channel: WhatsApp template names with their ordered
 * parameters (the bodies below are the text to submit for Meta's approval, category
 * "utility"), SMS texts written to fit one GSM-7 segment with the longest values, and e-mails.
 *
 * Plain, warm English for patients in Nigeria. Every message carries the manage link. None
 * carries a health detail: the variables cannot hold one (see MessageVariables).
 */
import { WAT_OFFSET_MS } from '../../shared/platform/clinic-time';
import type { MessageKind, MessageVariables } from './channel';
import { fitsOneSms, toGsm7Friendly } from './gsm';

// --- Time in words, Abuja time -------------------------------------------------------------

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

function watParts(at: Date) {
  const wat = new Date(at.getTime() + WAT_OFFSET_MS);
  const hour24 = wat.getUTCHours();
  return {
    day: DAYS[wat.getUTCDay()] ?? '',
    date: wat.getUTCDate(),
    month: MONTHS[wat.getUTCMonth()] ?? '',
    hour12: hour24 % 12 === 0 ? 12 : hour24 % 12,
    minutes: String(wat.getUTCMinutes()).padStart(2, '0'),
    ampm: hour24 < 12 ? 'am' : 'pm',
  };
}

// Built by hand rather than with Intl: ICU versions differ (and some put a narrow no-break
// space, U+202F, before "am", which is not GSM-7 and would make every SMS a UCS-2 one).

/** "Tuesday 2 December at 10:30 am" in Abuja time. */
export function formatWhen(at: Date): string {
  const p = watParts(at);
  return `${p.day} ${p.date} ${p.month} at ${p.hour12}:${p.minutes} ${p.ampm}`;
}

/** "Tue 2 Dec, 10:30am" in Abuja time (SMS). */
export function formatWhenShort(at: Date): string {
  const p = watParts(at);
  return `${p.day.slice(0, 3)} ${p.date} ${p.month.slice(0, 3)}, ${p.hour12}:${p.minutes}${p.ampm}`;
}

/** The variables of a visit's messages, with the time in words computed once, in Abuja time. */
export function visitVariables(input: {
  firstName: string;
  clinicName: string;
  visitStart: Date;
  practitioner: string;
  manageLink: string;
  clinicPhone: string;
  address?: string;
  reference?: string;
  formLink?: string;
}): MessageVariables {
  const { visitStart, ...rest } = input;
  return { ...rest, firstName: rest.firstName.trim(), when: formatWhen(visitStart), whenShort: formatWhenShort(visitStart) };
}

// --- WhatsApp templates --------------------------------------------------------------------

export interface WhatsAppTemplate {
  /** The approved template's name. */
  name: string;
  /** The body as submitted to Meta, {{1}}… standing for the parameters in order. */
  body: string;
  parameters: (v: MessageVariables) => string[];
  /** Its buttons, as submitted (issue 46: the reminders' Confirm, Cancel and Change time). */
  buttons?: readonly TemplateButton[];
}

/**
 * A template's button. A quick reply's payload is set per message (`confirm:<reference>`), so the
 * reply names its visit (server/messages/replies.ts); a URL button's address is fixed in the
 * template but for its last part, `{{1}}`, set per message (the manage link's token).
 */
export type TemplateButton =
  | { type: 'QUICK_REPLY'; text: string; payload: (v: MessageVariables) => string }
  | { type: 'URL'; text: string; url: string; suffix: (v: MessageVariables) => string };

/** The reminders' buttons: Confirm and Cancel (quick replies naming the visit) and Change time (the manage link). */
export const REMINDER_BUTTONS: readonly TemplateButton[] = [
  { type: 'QUICK_REPLY', text: 'Confirm', payload: (v) => `confirm:${v.reference ?? ''}` },
  { type: 'QUICK_REPLY', text: 'Cancel', payload: (v) => `cancel:${v.reference ?? ''}` },
  // The template's URL is PUBLIC_ORIGIN + "/m/{{1}}"; the parameter is the manage link's token.
  { type: 'URL', text: 'Change time', url: '<PUBLIC_ORIGIN>/m/{{1}}', suffix: (v) => v.manageLink.replace(/^.*\/m\//, '') },
];

/**
 * Template bodies for Meta's review. Meta's rules for them: a body may not start or end with a
 * parameter, parameters are numbered in order, and business-initiated messages must use an
 * approved template (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes:
 * 132001 "template does not exist", 132000 "number of parameters does not match").
 */
export const WHATSAPP_TEMPLATES: Record<MessageKind, WhatsAppTemplate> = {
  confirmation: {
    name: 'appointment_confirmation',
    body:
      'Hello {{1}}, your visit at {{2}} is booked for {{3}} with {{4}}.\n\n' +
      'To confirm, move or cancel it, open {{5}}\nQuestions? Call us on {{6}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.practitioner, v.manageLink, v.clinicPhone],
  },
  reminder: {
    name: 'appointment_reminder_reply',
    body:
      'Hello {{1}}, a friendly reminder of your visit at {{2}} on {{3}} with {{4}}.\n\n' +
      'Tap Confirm if you are coming, or Cancel if you cannot (you may also reply 1 or 2). To move it, open {{5}}\nQuestions? Call us on {{6}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.practitioner, v.manageLink, v.clinicPhone],
    buttons: REMINDER_BUTTONS,
  },
  change: {
    name: 'appointment_change',
    body:
      'Hello {{1}}, your visit at {{2}} has been moved. It is now on {{3}} with {{4}}.\n\n' +
      'If the new time does not suit you, open {{5}}\nQuestions? Call us on {{6}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.practitioner, v.manageLink, v.clinicPhone],
  },
  cancellation: {
    name: 'appointment_cancellation',
    body:
      'Hello {{1}}, your visit at {{2}} on {{3}} has been cancelled.\n\n' +
      'We would be glad to see you another time. To book again, open {{4}}\nQuestions? Call us on {{5}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.manageLink, v.clinicPhone],
  },
  no_show: {
    name: 'appointment_no_show',
    body:
      'Hello {{1}}, we missed you at {{2}} on {{3}}. We hope all is well.\n\n' +
      'Whenever it suits you, you can book a new time here: {{4}}\nOr call us on {{5}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.manageLink, v.clinicPhone],
  },
  // The waitlist (issue 46): `manageLink` is the offer's link ('offer') or the entry's ('offer_gone').
  offer: {
    name: 'waitlist_offer',
    body:
      'Hello {{1}}, a time has come free at {{2}}: {{3}} with {{4}}.\n\n' +
      'It is yours if you take it first, until {{5}}: {{6}}\nQuestions? Call us on {{7}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.practitioner, v.until ?? '', v.manageLink, v.clinicPhone],
  },
  offer_gone: {
    name: 'waitlist_offer_gone',
    body:
      'Hello {{1}}, the time at {{2}} on {{3}} has been taken by another patient. You stay on our waitlist.\n\n' +
      'To see or leave the list, open {{4}}\nQuestions? Call us on {{5}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.manageLink, v.clinicPhone],
  },
};

/**
 * A first visit's confirmation and reminder while its new-patient form is not filled in: their own
 * templates (Meta approves a template's exact body), with the form's link before the manage link.
 */
export const WHATSAPP_FORM_TEMPLATES: Partial<Record<MessageKind, WhatsAppTemplate>> = {
  confirmation: {
    name: 'appointment_confirmation_new_patient',
    body:
      'Hello {{1}}, your first visit at {{2}} is booked for {{3}} with {{4}}.\n\n' +
      'Before you come, please fill in our new-patient form (about 10 minutes): {{5}}\n\n' +
      'To move or cancel the visit, open {{6}}\nQuestions? Call us on {{7}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.practitioner, v.formLink ?? '', v.manageLink, v.clinicPhone],
  },
  reminder: {
    name: 'appointment_reminder_new_patient_reply',
    body:
      'Hello {{1}}, a friendly reminder of your first visit at {{2}} on {{3}} with {{4}}.\n\n' +
      'Your new-patient form is not filled in yet. It takes about 10 minutes: {{5}}\n\n' +
      'Tap Confirm if you are coming, or Cancel if you cannot (you may also reply 1 or 2). To move it, open {{6}}\nQuestions? Call us on {{7}}.',
    parameters: (v) => [v.firstName, v.clinicName, v.when, v.practitioner, v.formLink ?? '', v.manageLink, v.clinicPhone],
    buttons: REMINDER_BUTTONS,
  },
};

/**
 * A course's one confirmation (issue 46, ADR 0050): every date in one parameter (Meta refuses new
 * lines in a parameter, so the dates are one line, `courseDates`).
 */
export const WHATSAPP_COURSE_TEMPLATES: Partial<Record<MessageKind, WhatsAppTemplate>> = {
  confirmation: {
    name: 'course_confirmation',
    body:
      'Hello {{1}}, your course of {{2}} visits at {{3}} with {{4}} is booked: {{5}}.\n\n' +
      'Each visit can be moved or cancelled on its own; this one, the first, at {{6}}\nQuestions? Call us on {{7}}.',
    parameters: (v) => [v.firstName, String(v.course?.count ?? ''), v.clinicName, v.practitioner, v.course?.dates ?? '', v.manageLink, v.clinicPhone],
  },
};

/** The template a message uses: a course's when it lists a course, the new-patient one when it carries the form's link. */
export const whatsAppTemplateFor = (kind: MessageKind, v: Pick<MessageVariables, 'formLink' | 'course'>): WhatsAppTemplate =>
  (v.course && WHATSAPP_COURSE_TEMPLATES[kind]) || (v.formLink && WHATSAPP_FORM_TEMPLATES[kind]) || WHATSAPP_TEMPLATES[kind];

/**
 * A course's dates in one line, Abuja time: "Tue 1 Dec, Fri 4 Dec and Tue 8 Dec at 2:00pm" when
 * every visit is at the same time of day, else "Tue 1 Dec 2:00pm, Fri 4 Dec 10:30am and …".
 */
export function courseDates(starts: readonly Date[]): string {
  const parts = starts.map((at) => {
    const short = formatWhenShort(at);
    const [day, time] = short.split(', ');
    return { day: day ?? short, time: time ?? '' };
  });
  const sameTime = parts.every((p) => p.time === parts[0]?.time);
  const items = sameTime ? parts.map((p) => p.day) : parts.map((p) => `${p.day} ${p.time}`);
  const listed = items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? '');
  return sameTime && parts[0] ? `${listed} at ${parts[0].time}` : listed;
}

/**
 * Meta refuses template parameters that contain new lines or tabs, or more than four spaces
 * in a row; a name typed with a stray line break would otherwise fail the whole message.
 */
export const cleanParameter = (value: string) => value.replace(/[\r\n\t]+/g, ' ').replace(/ {2,}/g, ' ').trim();

export interface RenderedWhatsApp {
  template: string;
  parameters: string[];
  /** The text the patient sees (for the local sink and the staff page). */
  text: string;
  /** The buttons' components of the send (Cloud API: `{ type: 'button', sub_type, index, parameters }`), in the template's order. */
  buttons: { type: 'button'; sub_type: 'quick_reply' | 'url'; index: string; parameters: ({ type: 'payload'; payload: string } | { type: 'text'; text: string })[] }[];
}

export function renderWhatsApp(kind: MessageKind, v: MessageVariables): RenderedWhatsApp {
  const t = whatsAppTemplateFor(kind, v);
  const parameters = t.parameters(v).map(cleanParameter);
  const text = t.body.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => parameters[Number(n) - 1] ?? '');
  const buttons = (t.buttons ?? []).map((b, i) =>
    b.type === 'QUICK_REPLY'
      ? { type: 'button' as const, sub_type: 'quick_reply' as const, index: String(i), parameters: [{ type: 'payload' as const, payload: b.payload(v) }] }
      : { type: 'button' as const, sub_type: 'url' as const, index: String(i), parameters: [{ type: 'text' as const, text: b.suffix(v) }] },
  );
  return { template: t.name, parameters, text, buttons };
}

// --- SMS -----------------------------------------------------------------------------------

/**
 * Each kind's SMS, from the richest to the leanest; the first that fits one GSM-7 segment
 * (160 characters) is sent, the leanest when none does. Every one says when, where (the
 * clinic's name: the sender ID may not show it, as on Termii's DND route, which sends from a
 * number) and how to change it (the manage link, `/m/<token>`); the patient's first name, the
 * practitioner and the clinic's phone go in where there is room. Plain ASCII words: one curly
 * quote or dash would make the text UCS-2, 70 characters a segment. The leanest fits one
 * segment with the longest values (tests/unit/messages-templates.test.ts): the clinic's name,
 * the longest date and time, a link on an origin of up to 32 characters (SMS_ORIGIN_BUDGET).
 */
export const SMS_TEXTS: Record<MessageKind, ((v: MessageVariables) => string)[]> = {
  confirmation: [
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} with ${v.practitioner} is booked for ${v.whenShort}. To change or cancel: ${v.manageLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} with ${v.practitioner} is booked for ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} is booked for ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Your visit to ${v.clinicName} is booked for ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Booked: visit to ${v.clinicName}, ${v.whenShort}. Change or cancel: ${v.manageLink}`,
  ],
  reminder: [
    // Replies (issue 46, ADR 0050): 1 confirms, 2 cancels, said where the names leave room in one segment.
    (v) => `Hi ${v.firstName}, a reminder of your visit to ${v.clinicName} with ${v.practitioner} on ${v.whenShort}. Reply 1 to confirm, 2 to cancel. To change: ${v.manageLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, a reminder of your visit to ${v.clinicName} with ${v.practitioner} on ${v.whenShort}. To change or cancel: ${v.manageLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, a reminder of your visit to ${v.clinicName} with ${v.practitioner} on ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Hi ${v.firstName}, a reminder of your visit to ${v.clinicName} on ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Reminder: your visit to ${v.clinicName} is on ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Reminder: visit to ${v.clinicName}, ${v.whenShort}. Change or cancel: ${v.manageLink}`,
  ],
  change: [
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} with ${v.practitioner} has moved to ${v.whenShort}. To change or cancel: ${v.manageLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} with ${v.practitioner} has moved to ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} has moved to ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Your visit to ${v.clinicName} has moved to ${v.whenShort}. To change or cancel: ${v.manageLink}`,
    (v) => `Moved: visit to ${v.clinicName}, now ${v.whenShort}. Change or cancel: ${v.manageLink}`,
  ],
  cancellation: [
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} on ${v.whenShort} is cancelled. To book again: ${v.manageLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, your visit to ${v.clinicName} on ${v.whenShort} is cancelled. To book again: ${v.manageLink}`,
    (v) => `Your visit to ${v.clinicName} on ${v.whenShort} is cancelled. To book again: ${v.manageLink}`,
    (v) => `Cancelled: visit to ${v.clinicName}, ${v.whenShort}. To book again: ${v.manageLink}`,
  ],
  no_show: [
    (v) => `Hi ${v.firstName}, we missed you at ${v.clinicName} on ${v.whenShort}. Book a new time when it suits you: ${v.manageLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, we missed you at ${v.clinicName} on ${v.whenShort}. Book a new time when it suits you: ${v.manageLink}`,
    (v) => `Hi ${v.firstName}, we missed you at ${v.clinicName} on ${v.whenShort}. Book a new time: ${v.manageLink}`,
    (v) => `We missed you at ${v.clinicName} on ${v.whenShort}. Book a new time: ${v.manageLink}`,
  ],
  offer: [
    (v) => `Hi ${v.firstName}, a time at ${v.clinicName} has come free: ${v.whenShort} with ${v.practitioner}. Take it by ${v.until}: ${v.manageLink}`,
    (v) => `Hi ${v.firstName}, a time at ${v.clinicName} has come free: ${v.whenShort}. Take it by ${v.until}: ${v.manageLink}`,
    (v) => `A time at ${v.clinicName} has come free: ${v.whenShort}. Take it by ${v.until}: ${v.manageLink}`,
    (v) => `Free at ${v.clinicName}: ${v.whenShort}. Take it by ${v.until}: ${v.manageLink}`,
  ],
  offer_gone: [
    (v) => `Hi ${v.firstName}, ${v.clinicName}'s time on ${v.whenShort} was taken. You stay on our waitlist: ${v.manageLink}`,
    (v) => `${v.clinicName}'s time on ${v.whenShort} was taken. You stay on our waitlist: ${v.manageLink}`,
    (v) => `Taken: ${v.clinicName}, ${v.whenShort}. You stay on our waitlist: ${v.manageLink}`,
  ],
};

/** The longest origin (PUBLIC_ORIGIN) with which every SMS still fits one segment with the longest values. */
export const SMS_ORIGIN_BUDGET = 32;

/**
 * A first visit's confirmation and day-before reminder while its new-patient form is not filled
 * in, richest to leanest as above: the form's short link (`/m/<token>/form`) instead of the manage
 * link (two links never fit one segment; the form's page links to the booking). The leanest fits
 * one segment with the longest values too.
 */
export const SMS_WITH_FORM: Partial<Record<MessageKind, ((v: MessageVariables) => string)[]>> = {
  confirmation: [
    (v) => `Hi ${v.firstName}, your first visit to ${v.clinicName} with ${v.practitioner} is booked for ${v.whenShort}. Please fill in our new-patient form: ${v.formLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, your first visit to ${v.clinicName} with ${v.practitioner} is booked for ${v.whenShort}. Please fill in our new-patient form: ${v.formLink}`,
    (v) => `Hi ${v.firstName}, your first visit to ${v.clinicName} is booked for ${v.whenShort}. Please fill in our new-patient form: ${v.formLink}`,
    (v) => `Your first visit to ${v.clinicName} is booked for ${v.whenShort}. New-patient form: ${v.formLink}`,
    (v) => `Booked: ${v.clinicName}, ${v.whenShort}. New-patient form: ${v.formLink}`,
  ],
  reminder: [
    (v) => `Hi ${v.firstName}, a reminder of your first visit to ${v.clinicName} with ${v.practitioner} on ${v.whenShort}. Please fill in our new-patient form: ${v.formLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, a reminder of your first visit to ${v.clinicName} with ${v.practitioner} on ${v.whenShort}. Please fill in our new-patient form: ${v.formLink}`,
    (v) => `Hi ${v.firstName}, a reminder of your first visit to ${v.clinicName} on ${v.whenShort}. Please fill in our new-patient form: ${v.formLink}`,
    (v) => `Reminder: your first visit to ${v.clinicName} is on ${v.whenShort}. New-patient form: ${v.formLink}`,
    (v) => `Reminder: ${v.clinicName}, ${v.whenShort}. New-patient form: ${v.formLink}`,
  ],
};

/**
 * A course's one confirmation by SMS, richest to leanest: every date (a course of six on the same
 * time of day is about 130 characters of dates, so this is usually two segments; the sink and the
 * README say how many parts).
 */
export const SMS_COURSE: Partial<Record<MessageKind, ((v: MessageVariables) => string)[]>> = {
  confirmation: [
    (v) => `Hi ${v.firstName}, your ${v.course?.count} visits to ${v.clinicName} with ${v.practitioner} are booked: ${v.course?.dates}. To change one: ${v.manageLink} Call ${v.clinicPhone}`,
    (v) => `Hi ${v.firstName}, your ${v.course?.count} visits to ${v.clinicName} are booked: ${v.course?.dates}. To change one: ${v.manageLink}`,
    (v) => `${v.clinicName}: ${v.course?.count} visits booked: ${v.course?.dates}. Change: ${v.manageLink}`,
  ],
};

/** The SMS text for a kind, GSM-7 where the names allow, within one segment where possible. */
export function renderSms(kind: MessageKind, v: MessageVariables): string {
  const gsm: MessageVariables = {
    ...v,
    firstName: toGsm7Friendly(cleanParameter(v.firstName)),
    practitioner: toGsm7Friendly(cleanParameter(v.practitioner)),
    clinicName: toGsm7Friendly(cleanParameter(v.clinicName)),
    whenShort: toGsm7Friendly(v.whenShort),
    clinicPhone: toGsm7Friendly(v.clinicPhone),
  };
  const variants = ((v.course && SMS_COURSE[kind]) || (v.formLink && SMS_WITH_FORM[kind]) || SMS_TEXTS[kind]).map((render) => render(gsm));
  return variants.find(fitsOneSms) ?? variants[variants.length - 1] ?? '';
}

// --- E-mail --------------------------------------------------------------------------------

export interface RenderedEmail {
  subject: string;
  text: string;
}

function details(v: MessageVariables, withPractitioner = true): string {
  return [
    `When: ${v.when} (Abuja time)`,
    withPractitioner ? `With: ${v.practitioner}` : null,
    v.address ? `Where: ${v.clinicName}, ${v.address}` : `Where: ${v.clinicName}`,
    v.reference ? `Reference: ${v.reference}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** A first visit's form, while it is not filled in, asked for before the manage link. */
const formLine = (v: MessageVariables) => (v.formLink ? `Before your first visit, please fill in our new-patient form (about 10 minutes; it saves as you go):\n${v.formLink}\n\n` : '');

const signOff = (v: MessageVariables) => `If you have any questions, call us on ${v.clinicPhone}.\n\nWarm regards,\n${v.clinicName}`;

export function renderEmail(kind: MessageKind, v: MessageVariables): RenderedEmail {
  switch (kind) {
    case 'confirmation':
      return {
        subject: `Your visit on ${v.when} is booked`,
        text: `Hello ${v.firstName},\n\nThank you for booking with ${v.clinicName}. Your visit is booked:\n\n${details(v)}\n\n${formLine(v)}To confirm, move or cancel your visit, open this link:\n${v.manageLink}\n\n${signOff(v)}\n`,
      };
    case 'reminder':
      return {
        subject: `Reminder: your visit on ${v.when}`,
        text: `Hello ${v.firstName},\n\nA friendly reminder of your visit:\n\n${details(v)}\n\n${formLine(v)}If you need to move or cancel it, open this link:\n${v.manageLink}\n\nWe look forward to seeing you.\n\n${signOff(v)}\n`,
      };
    case 'change':
      return {
        subject: `Your visit has moved to ${v.when}`,
        text: `Hello ${v.firstName},\n\nYour visit has been moved. The new time is:\n\n${details(v)}\n\nIf the new time does not suit you, open this link to change or cancel it:\n${v.manageLink}\n\n${signOff(v)}\n`,
      };
    case 'cancellation':
      return {
        subject: `Your visit on ${v.when} is cancelled`,
        text: `Hello ${v.firstName},\n\nYour visit on ${v.when} at ${v.clinicName} has been cancelled.${v.reference ? ` (Reference: ${v.reference})` : ''}\n\nWe would be glad to see you another time. To book again, open this link:\n${v.manageLink}\n\n${signOff(v)}\n`,
      };
    case 'no_show':
      return {
        subject: `We missed you on ${v.when}`,
        text: `Hello ${v.firstName},\n\nWe missed you at ${v.clinicName} on ${v.when}. We hope all is well.\n\nWhenever it suits you, you can book a new time here:\n${v.manageLink}\n\n${signOff(v)}\n`,
      };
    case 'offer':
      return {
        subject: `A time has come free: ${v.when}`,
        text: `Hello ${v.firstName},\n\nA time you asked for on our waitlist has come free:\n\n${details(v)}\n\nIt is yours if you take it first, until ${v.until ?? 'soon'}. Open this link to take it:\n${v.manageLink}\n\n${signOff(v)}\n`,
      };
    case 'offer_gone':
      return {
        subject: `The time on ${v.when} has been taken`,
        text: `Hello ${v.firstName},\n\nThe time on ${v.when} has been taken by another patient. You stay on our waitlist, and we will tell you of the next time that suits you.\n\nTo see or leave the list, open this link:\n${v.manageLink}\n\n${signOff(v)}\n`,
      };
  }
}

// --- One-time codes (issue 44) ----------------------------------------------------------------------

/**
 * WhatsApp's authentication template with a copy-code button (category Authentication, created in
 * WhatsApp Manager with the security recommendation and a 10-minute expiry footer). Meta writes its
 * text: "<code> is your verification code. For your security, do not share this code." and
 * "This code expires in 10 minutes."; the code goes as the body's one parameter and as the
 * copy-code button's (a URL button, index 0, once created).
 */
export const WHATSAPP_CODE_TEMPLATE = 'verification_code';

export function renderCodeWhatsApp(code: string, minutes: number, template = WHATSAPP_CODE_TEMPLATE) {
  return {
    template,
    components: [
      { type: 'body', parameters: [{ type: 'text', text: code }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
    ],
    text: `${code} is your verification code. For your security, do not share this code.\nThis code expires in ${minutes} minutes.`,
  };
}

/** The code by SMS: one GSM-7 segment; the sender ID names the clinic. */
export const renderCodeSms = (code: string, minutes: number) => `${code} is your code to book your visit. It expires in ${minutes} minutes. Do not share it with anyone.`;
