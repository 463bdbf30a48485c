import { z } from 'zod';
import { choice, email, optional, phone, required, str, type FieldErrors } from '../platform/form-fields';
import type { IntakeDefinition, SectionId } from './definition';
import { DURATIONS, SEVERITIES, type Posted } from './choices';
import { REGION_IDS } from './regions';

/**
 * Each section's fields as they are posted, checked on the server (the browser's own checks,
 * `required` and the input types, answer an empty submit first). A refusal names every field to
 * correct, at the field; what was typed always comes back with it.
 */

export { DURATIONS, SEVERITIES, type Posted } from './choices';

export interface AboutValues {
  fullName: string;
  phone: string;
  email: string | null;
  address: string;
  emergencyName: string;
  emergencyRelation: string;
  emergencyPhone: string;
}
export interface PrivacyValues {
  dataConsent: true;
}
export interface VisitValues {
  reason: string;
  regions: string[];
  duration: string;
  severity: string;
  better: string;
  worse: string;
}
export interface HistoryValues {
  conditions: string[];
  conditionsOther: string;
  medications: string;
  allergies: string;
  surgeries: string;
}
export interface SafetyValues {
  /** Question id → 'yes' | 'no', every red-flag question of the version answered. */
  answers: Record<string, 'yes' | 'no'>;
}
export interface ConsentValues {
  treatment: true;
  /** The typed full name: the signature. */
  signature: string;
  news: boolean;
}

export interface SectionValues {
  about: AboutValues;
  privacy: PrivacyValues;
  visit: VisitValues;
  history: HistoryValues;
  safety: SafetyValues;
  consent: ConsentValues;
}

const one = (posted: Posted, name: string) => {
  const v = posted[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};
const many = (posted: Posted, name: string) => {
  const v = posted[name];
  return (Array.isArray(v) ? v : v ? [v] : []).map((x) => x.trim()).filter(Boolean);
};

const ticked = (message: string) => str.pipe(z.string().refine((v) => v === 'yes', message));

/** Text the patient types freely: long enough for a real answer, short enough to read. */
const longText = (what: string, isRequired = false) => (isRequired ? required(what, 2000) : optional(what, 2000));

const sameName = (a: string, b: string) => a.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim() === b.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export interface CheckContext {
  definition: IntakeDefinition;
  /** What the patient gave in "About you" (the signature must match their name; news needs an e-mail). */
  about: AboutValues | null;
}

export type Checked<S extends SectionId> = { ok: true; values: SectionValues[S] } | { ok: false; errors: FieldErrors };

function run<T>(schema: z.ZodType<T>, input: Record<string, unknown>): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '_form')] ??= issue.message;
  return { ok: false, errors };
}

const aboutSchema = z
  .object({
    fullName: required('your full name', 120),
    phone: phone(true),
    email: email(false),
    address: optional('your address', 300),
    emergencyName: required('the name of someone we can call in an emergency', 120),
    emergencyRelation: optional('who they are to you', 60),
    emergencyPhone: phone(true),
  })
  .superRefine((v, ctx) => {
    if (v.phone && v.emergencyPhone && v.phone === v.emergencyPhone) {
      ctx.addIssue({ code: 'custom', path: ['emergencyPhone'], message: 'Please give the number of someone else: we would call them if you could not answer yourself.' });
    }
  });

const visitSchema = z.object({
  reason: longText('what brings you to us', true),
  regions: z.array(z.string()).refine((ids) => ids.every((id) => REGION_IDS.includes(id)), 'Please choose the places from the list.'),
  duration: choice('how long you have had it', DURATIONS.map((d) => d.value), true),
  severity: choice('how strong it is', SEVERITIES.map((s) => s.value)),
  better: longText('what makes it better'),
  worse: longText('what makes it worse'),
});

/** One section's posted fields, checked against the version the patient is answering. */
export function checkSection<S extends SectionId>(section: S, posted: Posted, context: CheckContext): Checked<S> {
  const out = checkAny(section, posted, context);
  return out as Checked<S>;
}

function checkAny(section: SectionId, posted: Posted, { definition, about }: CheckContext): Checked<SectionId> {
  switch (section) {
    case 'about': {
      const r = run(aboutSchema, Object.fromEntries(['fullName', 'phone', 'email', 'address', 'emergencyName', 'emergencyRelation', 'emergencyPhone'].map((k) => [k, one(posted, k)])));
      return r.ok ? { ok: true, values: { ...r.data, phone: r.data.phone!, emergencyPhone: r.data.emergencyPhone!, email: r.data.email || null } } : r;
    }
    case 'privacy': {
      const r = run(z.object({ dataConsent: ticked('Please tick the box to let us keep your answers. If you would rather not, you can fill in the form at the clinic instead.') }), { dataConsent: one(posted, 'dataConsent') });
      return r.ok ? { ok: true, values: { dataConsent: true } } : r;
    }
    case 'visit': {
      const r = run(visitSchema, { reason: one(posted, 'reason'), regions: many(posted, 'regions'), duration: one(posted, 'duration'), severity: one(posted, 'severity'), better: one(posted, 'better'), worse: one(posted, 'worse') });
      return r.ok ? { ok: true, values: { ...r.data, regions: REGION_IDS.filter((id) => r.data.regions.includes(id)) } } : r;
    }
    case 'history': {
      const ids = definition.conditions.map((c) => c.id);
      const r = run(
        z.object({
          conditions: z.array(z.string()).refine((list) => list.every((id) => ids.includes(id)), 'Please choose from the list.'),
          conditionsOther: longText('other conditions'),
          medications: longText('your medicines'),
          allergies: longText('your allergies'),
          surgeries: longText('your operations'),
        }),
        { conditions: many(posted, 'conditions'), conditionsOther: one(posted, 'conditionsOther'), medications: one(posted, 'medications'), allergies: one(posted, 'allergies'), surgeries: one(posted, 'surgeries') },
      );
      return r.ok ? { ok: true, values: { ...r.data, conditions: ids.filter((id) => r.data.conditions.includes(id)) } } : r;
    }
    case 'safety': {
      const errors: FieldErrors = {};
      const answers: Record<string, 'yes' | 'no'> = {};
      for (const question of definition.redFlags) {
        const v = one(posted, `rf-${question.id}`);
        if (v === 'yes' || v === 'no') answers[question.id] = v;
        else errors[`rf-${question.id}`] = 'Please answer yes or no.';
      }
      return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: { answers } };
    }
    case 'consent': {
      const r = run(
        z.object({
          treatment: ticked('Please tick the box to agree to the assessment, or call us to talk about it first.'),
          signature: required('your full name as your signature', 120),
          news: str,
        }),
        { treatment: one(posted, 'treatment'), signature: one(posted, 'signature'), news: one(posted, 'news') },
      );
      if (!r.ok) return r;
      const errors: FieldErrors = {};
      if (about && !sameName(r.data.signature, about.fullName)) errors.signature = `Please type your full name as you gave it in “About you”: ${about.fullName}.`;
      const news = r.data.news === 'yes';
      if (news && !about?.email) errors.news = 'To get our news, add your e-mail address in “About you”, or leave this box unticked.';
      return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: { treatment: true, signature: r.data.signature, news } };
    }
  }
}

/** A date of birth from its three fields (day, month, year): `YYYY-MM-DD`, or the message for the field to correct. */
export function checkBirthDate(fields: { day: string; month: string; year: string }, today: string): { ok: true; date: string } | { ok: false; errors: FieldErrors } {
  const parts = { day: fields.day.trim(), month: fields.month.trim(), year: fields.year.trim() };
  if (!parts.day && !parts.month && !parts.year) return { ok: false, errors: { dobDay: 'Please enter your date of birth.' } };
  const errors: FieldErrors = {};
  if (!/^\d{1,2}$/.test(parts.day) || Number(parts.day) < 1 || Number(parts.day) > 31) errors.dobDay = 'Please enter the day as a number from 1 to 31.';
  if (!/^\d{1,2}$/.test(parts.month) || Number(parts.month) < 1 || Number(parts.month) > 12) errors.dobMonth = 'Please enter the month as a number from 1 to 12.';
  if (!/^\d{4}$/.test(parts.year)) errors.dobYear = 'Please enter the year with four digits, for example 1985.';
  if (Object.keys(errors).length) return { ok: false, errors };
  const date = `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return { ok: false, errors: { dobDay: 'That date does not exist. Please check the day and the month.' } };
  if (date > today) return { ok: false, errors: { dobYear: 'A date of birth cannot be in the future.' } };
  if (Number(parts.year) < Number(today.slice(0, 4)) - 120) return { ok: false, errors: { dobYear: 'Please check the year.' } };
  return { ok: true, date };
}
