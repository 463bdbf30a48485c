import { z } from 'zod';
import { appointmentServiceOptions, departmentOptions, doctorOptions } from '../../content/appointment';
import { locationOptions } from '../../content/home';
import { posts } from '../../content/posts';
import { quoteFields } from '../../content/services-two';
import { cartRows, countries, paymentMethods, shippingOptions } from '../../content/shop';
import { abujaNow, APPOINTMENT_HOURS, weekdayOf } from './clinic-time';
import { toE164Nigeria } from './phone';

/**
 * One schema per form, the same in the browser (a first check before sending) and on the
 * server (which decides). Fields arrive as the strings a form posts; the output is what
 * is stored: the person's name, e-mail and phone (E.164) apart, the rest as the payload.
 */
export type EnquiryKind = 'appointment' | 'contact' | 'quote' | 'newsletter' | 'comment' | 'order';

export interface EnquiryData {
  name: string | null;
  email: string | null;
  phone: string | null;
  payload: Record<string, unknown>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const str = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim());

const required = (what: string, max = 200) =>
  str.pipe(z.string().min(1, `Please enter ${what}.`).max(max, `Please keep ${what} under ${max} characters.`));
const optional = (what: string, max = 200) => str.pipe(z.string().max(max, `Please keep ${what} under ${max} characters.`));

/** A check whose message depends on whether the field was left empty or filled wrongly. */
const check = (ok: (v: string) => boolean, ifEmpty: string, ifWrong: string) =>
  z.string().superRefine((v, ctx) => {
    if (!ok(v)) ctx.addIssue({ code: 'custom', message: v ? ifWrong : ifEmpty });
  });

const email = (isRequired: boolean) =>
  str.pipe(
    check((v) => (v ? v.length <= 254 && EMAIL.test(v) : !isRequired), 'Please enter your e-mail address.', 'Please enter a valid e-mail address, like name@example.com.'),
  );

const phone = (isRequired: boolean) =>
  str.pipe(
    check(
      (v) => (v ? toE164Nigeria(v) !== null : !isRequired),
      'Please enter your phone number.',
      'Please enter a Nigerian phone number, for example 0803 123 4567 or +234 803 123 4567.',
    ).transform((v) => (v ? toE164Nigeria(v) : null)),
  );

const choice = (what: string, values: readonly string[], isRequired = false) =>
  str.pipe(check((v) => (v ? values.includes(v) : !isRequired), `Please choose ${what}.`, `Please choose ${what} from the list.`));

const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

function visitDate(now: () => Date) {
  return str.pipe(
    z.string().superRefine((v, ctx) => {
      if (!v) return ctx.addIssue({ code: 'custom', message: 'Please choose a date.' });
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) return ctx.addIssue({ code: 'custom', message: 'Please enter a date like 2026-12-01.' });
      const today = abujaNow(now()).date;
      if (v < today) return ctx.addIssue({ code: 'custom', message: 'Please choose today or a later date.' });
      if (weekdayOf(v) === APPOINTMENT_HOURS.closedWeekday) return ctx.addIssue({ code: 'custom', message: 'We are closed on Saturdays. Please choose Sunday to Friday.' });
      const limit = new Date(Date.parse(`${today}T00:00:00Z`) + 183 * 86_400_000).toISOString().slice(0, 10);
      if (v > limit) ctx.addIssue({ code: 'custom', message: 'We book up to six months ahead. Please choose an earlier date.' });
    }),
  );
}

const visitTime = str.pipe(
  z.string().superRefine((v, ctx) => {
    if (!v) return ctx.addIssue({ code: 'custom', message: 'Please choose a time.' });
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v)) return ctx.addIssue({ code: 'custom', message: 'Please enter a time like 10:30.' });
    if (v < APPOINTMENT_HOURS.first || v > APPOINTMENT_HOURS.last) ctx.addIssue({ code: 'custom', message: 'Please choose a time between 08:00 and 21:30, when we are open.' });
  }),
);

/** What each form's schema makes of a valid submission. */
function appointmentSchema(now: () => Date) {
  return z
    .object({
      department: choice('a department', values(departmentOptions)),
      doctor: choice('a doctor', values(doctorOptions)),
      service: choice('a service', values(appointmentServiceOptions)),
      location: choice('a location', values(locationOptions)),
      name: required('your name', 120),
      phone: phone(true),
      date: visitDate(now),
      time: visitTime,
      request: optional('your request', 1000),
    })
    .superRefine((v, ctx) => {
      // A visit later today must still be ahead of us.
      const clock = abujaNow(now());
      if (v.date === clock.date && v.time && v.time <= clock.time) ctx.addIssue({ code: 'custom', path: ['time'], message: 'That time has passed today. Please choose a later time.' });
    })
    .transform(({ name, phone: tel, ...rest }): EnquiryData => ({ name, email: null, phone: tel, payload: rest }));
}

const widgetSchema = z
  .object({
    name: required('your name', 120),
    email: email(false),
    phone: phone(true),
    service: choice('a service', values(appointmentServiceOptions)),
  })
  .transform(({ name, email: mail, phone: tel, ...rest }): EnquiryData => ({ name, email: mail || null, phone: tel, payload: rest }));

const contactSchema = z
  .object({
    name: required('your name', 120),
    email: email(true),
    phone: phone(false),
    subject: optional('the subject', 200),
    message: required('your message', 5000),
  })
  .transform(({ name, email: mail, phone: tel, ...rest }): EnquiryData => ({ name, email: mail, phone: tel, payload: rest }));

const quoteSchema = z
  .object({
    ...Object.fromEntries(quoteFields.map((f) => [f.name, choice(f.label.toLowerCase(), values(f.options))])),
    phone: phone(true),
  })
  .transform(({ phone: tel, ...rest }): EnquiryData => ({ name: null, email: null, phone: tel as string | null, payload: rest }));

const newsletterSchema = z
  .object({
    email: email(true),
    consent: str.pipe(z.string().refine((v) => v === 'yes', 'Please tick the box to agree to receive our newsletter.')),
  })
  .transform(({ email: mail }): EnquiryData => ({ name: null, email: mail, phone: null, payload: {} }));

const commentSchema = z
  .object({
    post: choice('a post', posts.map((p) => p.slug), true),
    comment: required('your comment', 2000),
    name: required('your name', 120),
    email: email(true),
    website: str.pipe(
      z
        .string()
        .max(200, 'Please enter a shorter web address.')
        .refine((v) => !v || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Please enter a web address starting with http:// or https://, or leave it empty.'),
    ),
  })
  // Stored as postId: approved comments are looked up by it (requests_comment_post_idx).
  .transform(({ name, email: mail, post, ...rest }): EnquiryData => ({ name, email: mail, phone: null, payload: { postId: post, ...rest } }));

const address = (prefix = '') => {
  const n = (k: string) => (prefix ? `${prefix}${k[0]!.toUpperCase()}${k.slice(1)}` : k);
  return {
    [n('country')]: choice('a country', values(countries), true),
    [n('firstName')]: required('the first name', 80),
    [n('lastName')]: required('the last name', 80),
    [n('company')]: optional('the company name', 120),
    [n('address')]: required('the street address', 200),
    [n('apartment')]: optional('the apartment', 120),
    [n('city')]: required('the town or city', 80),
    [n('state')]: required('the state', 80),
    [n('postcode')]: required('the postcode', 20),
  };
};

const orderSchema = z
  .object({
    ...address(),
    email: email(true),
    phone: phone(true),
    shipToDifferentAddress: str,
    shipping: choice('a shipping option', shippingOptions.map((s) => s.id), true),
    payment: choice('a payment method', paymentMethods.map((m) => m.id), true).refine((v) => v !== 'paypal', 'PayPal is not available yet. Please choose bank transfer or cheque.'),
    orderNotes: optional('the order notes', 1000),
    ...Object.fromEntries(Object.entries(address('shipping')).map(([k, s]) => [k, s.optional()])),
  })
  .superRefine((v, ctx) => {
    if (v.shipToDifferentAddress !== 'on') return;
    // The shipping block is required only when it is shown.
    const parsed = z.object(address('shipping')).safeParse(v);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform((v): EnquiryData => {
    const { firstName, lastName, email: mail, phone: tel, ...rest } = v as Record<string, string> & { phone: string };
    const payload: Record<string, unknown> = { firstName, lastName, ...rest };
    if (rest.shipToDifferentAddress !== 'on') for (const key of Object.keys(payload)) if (key.startsWith('shipping') && key !== 'shipping') delete payload[key];
    // The order holds the cart's lines and totals as the server computes them, never as posted.
    const lines = cartRows.map((r) => ({ product: r.product.name, slug: r.product.slug, quantity: r.quantity, unitPrice: r.product.price, total: r.product.price * r.quantity }));
    const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
    const shippingCost = shippingOptions.find((s) => s.id === rest.shipping)?.cost ?? 0;
    payload.lines = lines;
    payload.totals = { subtotal, shipping: shippingCost, total: subtotal + shippingCost, currency: 'USD', unit: 'cents' };
    return { name: `${firstName} ${lastName}`, email: mail ?? null, phone: tel ?? null, payload };
  });

export interface FormSpec {
  kind: EnquiryKind;
  schema: z.ZodType<EnquiryData>;
}

/** The delivering forms, by their hidden `_form` name. */
export function formSpecs(now: () => Date = () => new Date()): Record<string, FormSpec> {
  return {
    appointment: { kind: 'appointment', schema: appointmentSchema(now) },
    'appointment-widget': { kind: 'appointment', schema: widgetSchema },
    contact: { kind: 'contact', schema: contactSchema },
    quote: { kind: 'quote', schema: quoteSchema },
    newsletter: { kind: 'newsletter', schema: newsletterSchema },
    'blog-comment': { kind: 'comment', schema: commentSchema },
    checkout: { kind: 'order', schema: orderSchema },
  };
}

export type FieldErrors = Record<string, string>;

/** Checks one submission: the data to store, or one message per field (the first problem of each). */
export function checkForm(spec: FormSpec, fields: Record<string, string>): { ok: true; data: EnquiryData } | { ok: false; errors: FieldErrors } {
  const result = spec.schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
