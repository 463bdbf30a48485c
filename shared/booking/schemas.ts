import { z } from 'zod';
import type { ClinicFacts } from '../clinic/types';
import { checkFields, choice, email, optional, phone, required, str, type FieldErrors } from '../platform/form-fields';
import type { BookingRules } from './rules';
import { parseInstant } from '../platform/parse';
import { addDays, isDate, lagosDate } from './time';
import { CHANNELS, KINDS, type ReminderChannel, type VisitKind } from './types';

/**
 * The booking forms' schemas: plain forms (GET for the choices, POST for the booking) whose
 * fields arrive as strings. They run in the browser (a first check) and on the server, which
 * decides: whether a time is really free is only known there (server/booking/book.ts).
 */
export interface BookingFormContext {
  facts: Pick<ClinicFacts, 'services' | 'practitioners'>;
  now: Date;
  rules: BookingRules;
}

/** "Any available" in the practitioner choice. */
export const ANY_PRACTITIONER = 'any';

/** The choices that select free times: what the GET form (and its links) carry. */
export interface AvailabilityChoice {
  serviceId: string;
  visitKind: VisitKind;
  /** A practitioner's id, or 'any'. */
  practitionerId: string;
  /** The day asked for (`YYYY-MM-DD`, Abuja), or null for the first with free times. */
  date: string | null;
}

/** A booking as the form makes it and `book` takes it (the actor and the clock come from the server). */
export interface BookingForm {
  serviceId: string;
  visitKind: VisitKind;
  /** A practitioner's id, or 'any': the server books whoever is free then. */
  practitionerId: string;
  startsAt: Date;
  patient: { name: string; phone: string; email: string | null };
  reminders: { channel: ReminderChannel; consent: boolean };
  /** One per form shown (a hidden field): sending the same form twice books once. */
  idempotencyKey: string;
}

const bookable = (facts: BookingFormContext['facts']) => facts.practitioners.filter((p) => p.bookable);

function practitionerField(context: BookingFormContext) {
  return str.pipe(z.string().transform((v) => v || ANY_PRACTITIONER)).pipe(
    z.string().refine((v) => v === ANY_PRACTITIONER || bookable(context.facts).some((p) => p.id === v), 'Please choose a practitioner from the list.'),
  );
}

const visitKind = str.pipe(z.string().transform((v) => v || 'first')).pipe(z.enum(KINDS as [VisitKind, ...VisitKind[]], { error: 'Please say whether this is your first visit.' }));

/** The practitioner (when one is chosen) gives the service. */
function givesService(context: BookingFormContext, v: { serviceId: string; practitionerId: string }, ctx: z.RefinementCtx) {
  if (v.practitionerId === ANY_PRACTITIONER || !v.serviceId) return;
  const person = context.facts.practitioners.find((p) => p.id === v.practitionerId);
  if (person && !person.serviceIds.includes(v.serviceId)) {
    ctx.addIssue({ code: 'custom', path: ['practitioner'], message: `${person.name} does not give this service. Please choose another practitioner or “Any available”.` });
  }
}

function dateField(context: BookingFormContext) {
  const today = lagosDate(context.now);
  const last = addDays(today, context.rules.horizonDays);
  return str.pipe(
    z.string().superRefine((v, ctx) => {
      if (!v) return;
      if (!isDate(v)) return ctx.addIssue({ code: 'custom', message: 'Please choose a day like 2026-12-01.' });
      if (v < today) return ctx.addIssue({ code: 'custom', message: 'Please choose today or a later day.' });
      if (v > last) ctx.addIssue({ code: 'custom', message: `We book up to ${context.rules.horizonDays} days ahead. Please choose an earlier day.` });
    }),
  );
}

/** The GET form: service, first visit or follow-up, practitioner, and optionally the day. */
export function availabilitySchema(context: BookingFormContext) {
  return z
    .object({
      service: choice('a service', context.facts.services.map((s) => s.id), true),
      visit: visitKind,
      practitioner: practitionerField(context),
      date: dateField(context),
    })
    .superRefine((v, ctx) => givesService(context, { serviceId: v.service, practitionerId: v.practitioner }, ctx))
    .transform((v): AvailabilityChoice => ({ serviceId: v.service, visitKind: v.visit, practitionerId: v.practitioner, date: v.date || null }));
}

/** A chosen start as the form posts it back (the FreeSlot's ISO `startsAt`). */
export function startField(context: BookingFormContext) {
  return str.pipe(
    z.string().transform((v, ctx) => {
      const at = parseInstant(v);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: 'Please choose a time from the list.' });
        return z.NEVER;
      }
      if (at.getTime() <= context.now.getTime()) {
        ctx.addIssue({ code: 'custom', message: 'That time has passed. Please choose a later time.' });
        return z.NEVER;
      }
      return at;
    }),
  );
}

const KEY = /^[A-Za-z0-9_-]{8,200}$/;
export const idempotencyKeyField = str.pipe(z.string().regex(KEY, 'This form has expired. Please reload the page and try again.'));

/** The POST that books: the choices, the chosen start, the patient's details and reminders. */
export function bookingSchema(context: BookingFormContext) {
  return z
    .object({
      service: choice('a service', context.facts.services.map((s) => s.id), true),
      visit: visitKind,
      practitioner: practitionerField(context),
      start: startField(context),
      name: required('your name', 120),
      phone: phone(true),
      email: email(false),
      reminders: str.pipe(z.string().transform((v) => v || 'none')).pipe(z.enum(CHANNELS as [ReminderChannel, ...ReminderChannel[]], { error: 'Please choose how we remind you.' })),
      consent: optional('consent', 10),
      key: idempotencyKeyField,
    })
    .superRefine((v, ctx) => {
      givesService(context, { serviceId: v.service, practitionerId: v.practitioner }, ctx);
      if (v.reminders === 'email' && !v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Please enter your e-mail address for reminders by e-mail, or choose another way.' });
      if (v.reminders !== 'none' && !v.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: 'Please tick the box to agree to reminders, or choose “No reminders”.' });
    })
    .transform(
      (v): BookingForm => ({
        serviceId: v.service,
        visitKind: v.visit,
        practitionerId: v.practitioner,
        startsAt: v.start,
        patient: { name: v.name, phone: v.phone!, email: v.email || null },
        reminders: { channel: v.reminders, consent: v.reminders !== 'none' && Boolean(v.consent) },
        idempotencyKey: v.key,
      }),
    );
}

/**
 * The manage page's move: a new start (the same service), and the practitioner the patient chose:
 * the visit's own unless they chose another (or "any available"). A practitioner left out stays
 * the visit's own (null), never "any" (issue 44: a move that lost its practitioner).
 */
export function rescheduleSchema(context: BookingFormContext) {
  const chosen = str.pipe(
    z.string().refine((v) => v === '' || v === ANY_PRACTITIONER || bookable(context.facts).some((p) => p.id === v), 'Please choose a practitioner from the list.'),
  );
  return z.object({ start: startField(context), practitioner: chosen }).transform((v) => ({ startsAt: v.start, practitionerId: v.practitioner || null }));
}

/** Checks one submission against a booking schema: its output, or one message per field. */
export function checkBookingForm<T>(schema: z.ZodType<T>, fields: Record<string, string>): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  return checkFields(schema, fields);
}
