import { z } from 'zod';
import { departmentOptions } from '../content/appointment';
import { quoteFields } from '../content/services-two';
import { locationOptionsOf, visitWindow, DAY_NAMES, type SiteFacts } from '../clinic/site-facts';
import { checkFields, choice, email, optional, phone, required, str, values, type FieldErrors } from '../platform/form-fields';
import { abujaNow, weekdayOf } from '../platform/clinic-time';
import { parseClock, parseDay } from '../platform/parse';
import type { RequestKind } from './kinds';

/**
 * A request as a form's schema makes it and the store keeps it: one shape from the form to the
 * row (server/requests/repo.ts `submitRequest` takes it as it is). The person's name, e-mail and
 * phone (E.164) apart, everything else the form sent in the payload.
 */
export interface NewRequest {
  kind: RequestKind;
  name: string | null;
  email: string | null;
  phone: string | null;
  payload: Record<string, unknown>;
}

/** What a form's schema may check against: the time, and the clinic's facts (choices, opening hours). */
export interface FormContext {
  now: Date;
  site: SiteFacts;
  /** The practitioners patients can ask for (the appointment form's doctor list). */
  practitioners?: readonly { id: string }[];
  /** The posts readers may comment on, by slug (the server knows; the browser's first check does not). */
  commentable?: readonly string[];
}

/** One delivering form: its schema, given the context. */
export interface FormSpec {
  kind: RequestKind;
  schema: (context: FormContext) => z.ZodType<NewRequest>;
}

/** Checks one submission against a form: the request to store, or one message per field. */
export function checkForm(spec: FormSpec, context: FormContext, fields: Record<string, string>): { ok: true; data: NewRequest } | { ok: false; errors: FieldErrors } {
  return checkFields(spec.schema(context), fields);
}

export type { FieldErrors };

const sixMonths = (today: string) => new Date(Date.parse(`${today}T00:00:00Z`) + 183 * 86_400_000).toISOString().slice(0, 10);

function visitDate({ now, site }: FormContext) {
  return str.pipe(
    z.string().superRefine((v, ctx) => {
      if (!v) return ctx.addIssue({ code: 'custom', message: 'Please choose a date.' });
      if (!parseDay(v)) return ctx.addIssue({ code: 'custom', message: 'Please enter a date like 2026-12-01.' });
      const today = abujaNow(now).date;
      if (v < today) return ctx.addIssue({ code: 'custom', message: 'Please choose today or a later date.' });
      const weekday = weekdayOf(v);
      if (!visitWindow(site.hours, weekday)) {
        const open = DAY_NAMES.filter((_, d) => visitWindow(site.hours, d));
        return ctx.addIssue({ code: 'custom', message: `We are closed on ${DAY_NAMES[weekday]}s. Please choose ${open.length > 2 ? `${open[0]} to ${open.at(-1)}` : open.join(' or ')}.` });
      }
      if (v > sixMonths(today)) ctx.addIssue({ code: 'custom', message: 'We book up to six months ahead. Please choose an earlier date.' });
    }),
  );
}

/** The earliest first and latest last start over the open days of the week. */
function openWindow(site: SiteFacts): { first: string; last: string } | null {
  const days = [0, 1, 2, 3, 4, 5, 6].map((d) => visitWindow(site.hours, d)).filter((w) => w !== null);
  if (!days.length) return null;
  return { first: days.map((w) => w.first).sort()[0]!, last: days.map((w) => w.last).sort().at(-1)! };
}

function appointmentSchema(context: FormContext) {
  const { now, site } = context;
  return z
    .object({
      department: choice('a department', values(departmentOptions)),
      doctor: choice('a doctor', (context.practitioners ?? []).map((p) => p.id)),
      service: choice('a service', site.services.map((s) => s.id)),
      location: choice('a location', values(locationOptionsOf(site))),
      name: required('your name', 120),
      phone: phone(true),
      date: visitDate(context),
      time: str.pipe(
        z.string().superRefine((v, ctx) => {
          if (!v) return ctx.addIssue({ code: 'custom', message: 'Please choose a time.' });
          if (!parseClock(v)) return ctx.addIssue({ code: 'custom', message: 'Please enter a time like 10:30.' });
          const week = openWindow(site);
          if (week && (v < week.first || v > week.last)) ctx.addIssue({ code: 'custom', message: `Please choose a time between ${week.first} and ${week.last}, when we are open.` });
        }),
      ),
      request: optional('your request', 1000),
    })
    .superRefine((v, ctx) => {
      if (!parseClock(v.time) || !parseDay(v.date)) return;
      // Within the hours of the chosen day (the latest start half an hour before closing).
      const window = visitWindow(site.hours, weekdayOf(v.date));
      const week = openWindow(site);
      const inWeek = week && v.time >= week.first && v.time <= week.last;
      if (window && inWeek && (v.time < window.first || v.time > window.last)) {
        ctx.addIssue({ code: 'custom', path: ['time'], message: `Please choose a time between ${window.first} and ${window.last}, when we are open.` });
        return;
      }
      // A visit later today must still be ahead of us.
      const clock = abujaNow(now);
      if (v.date === clock.date && v.time <= clock.time) ctx.addIssue({ code: 'custom', path: ['time'], message: 'That time has passed today. Please choose a later time.' });
    })
    .transform(({ name, phone: tel, ...rest }): NewRequest => ({ kind: 'appointment', name, email: null, phone: tel, payload: rest }));
}

/** 'Book Appointment' (/appoinment): a request for a call back to agree a day and time. */
export const appointmentForm: FormSpec = { kind: 'appointment', schema: appointmentSchema };

/** Home four's appointment widget: name, e-mail (optional), phone and service. */
export const appointmentWidgetForm: FormSpec = {
  kind: 'appointment',
  schema: ({ site }) =>
    z
      .object({
        name: required('your name', 120),
        email: email(false),
        phone: phone(true),
        service: choice('a service', site.services.map((s) => s.id)),
      })
      .transform(({ name, email: mail, phone: tel, ...rest }): NewRequest => ({ kind: 'appointment', name, email: mail || null, phone: tel, payload: rest })),
};

export const contactForm: FormSpec = {
  kind: 'contact',
  schema: () =>
    z
      .object({
        name: required('your name', 120),
        email: email(true),
        phone: phone(false),
        subject: optional('the subject', 200),
        message: required('your message', 5000),
      })
      .transform(({ name, email: mail, phone: tel, ...rest }): NewRequest => ({ kind: 'contact', name, email: mail, phone: tel, payload: rest })),
};

export const quoteForm: FormSpec = {
  kind: 'quote',
  schema: ({ site }) =>
    z
      .object({
        // As the other dropdowns: "Please choose service…" (their labels, lower-cased).
        service: choice('service', site.services.map((s) => s.id)),
        ...Object.fromEntries(quoteFields.map((f) => [f.name, choice(f.label.toLowerCase(), values(f.options))])),
        phone: phone(true),
      })
      .transform(({ phone: tel, ...rest }): NewRequest => ({ kind: 'quote', name: null, email: null, phone: tel as string | null, payload: rest })),
};

export const newsletterForm: FormSpec = {
  kind: 'newsletter',
  schema: () =>
    z
      .object({
        email: email(true),
        consent: str.pipe(z.string().refine((v) => v === 'yes', 'Please tick the box to agree to receive our newsletter.')),
      })
      .transform(({ email: mail }): NewRequest => ({ kind: 'newsletter', name: null, email: mail, phone: null, payload: {} })),
};
