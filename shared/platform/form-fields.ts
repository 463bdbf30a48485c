import { z } from 'zod';
import { isEmailAddress } from './email-address';
import { toE164Nigeria } from './phone';
import { isStorableText } from './storable-text';

/**
 * The pieces every form's schema is made of. Fields arrive as the strings a form posts; each
 * builder trims, checks and says in plain words what to correct. Schemas run in the browser
 * (a first check before sending) and on the server (which decides).
 */
/**
 * Every field starts here: a string, trimmed, and one the database can hold. A NUL or a lone
 * surrogate is refused at its field (the browser's first check says so too) before any other
 * check, so it can never reach a query and fail there as a 503 with the values in the error.
 */
export const str = z.preprocess(
  (v) => (typeof v === 'string' ? v : ''),
  z
    .string()
    .trim()
    .refine(isStorableText, { message: 'This field contains a character we cannot store (an invisible control character). Please delete it and type the text again.' }),
);

export const required = (what: string, max = 200) =>
  str.pipe(z.string().min(1, `Please enter ${what}.`).max(max, `Please keep ${what} under ${max} characters.`));
export const optional = (what: string, max = 200) => str.pipe(z.string().max(max, `Please keep ${what} under ${max} characters.`));

/** A check whose message depends on whether the field was left empty or filled wrongly. */
export const check = (ok: (v: string) => boolean, ifEmpty: string, ifWrong: string) =>
  z.string().superRefine((v, ctx) => {
    if (!ok(v)) ctx.addIssue({ code: 'custom', message: v ? ifWrong : ifEmpty });
  });

export const email = (isRequired: boolean) =>
  str.pipe(
    check((v) => (v ? isEmailAddress(v) : !isRequired), 'Please enter your e-mail address.', 'Please enter a valid e-mail address, like name@example.com.'),
  );

export const phone = (isRequired: boolean) =>
  str.pipe(
    check(
      (v) => (v ? toE164Nigeria(v) !== null : !isRequired),
      'Please enter your phone number.',
      'Please enter a Nigerian phone number, for example 0803 123 4567 or +234 803 123 4567.',
    ).transform((v) => (v ? toE164Nigeria(v) : null)),
  );

export const choice = (what: string, values: readonly string[], isRequired = false) =>
  str.pipe(check((v) => (v ? values.includes(v) : !isRequired), `Please choose ${what}.`, `Please choose ${what} from the list.`));

export const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

export type FieldErrors = Record<string, string>;

/** Checks one submission: the schema's output, or one message per field (the first problem of each). */
export function checkFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
