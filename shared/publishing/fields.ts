import { z } from 'zod';
import { str } from '../platform/form-fields';
import { parseRichText, type RichTextDoc } from '../platform/rich-text';

/**
 * The editor's forms, described once per kind (./kinds.ts): the page draws each field from its
 * description (shared/publishing/editor-fields.tsx), and the same kind's schema checks what was
 * typed on the server, which answers at each field. A form's values are what a
 * form posts: one string per field, a list for the fields that take several.
 */
export type FormValues = Record<string, string | string[]>;

export interface Choice {
  value: string;
  label: string;
}

interface Base {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}

export type FieldSpec =
  | (Base & { type: 'text' | 'email' | 'url' | 'tel' | 'slug'; max?: number; inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url'; /** Suggestions from the page's choices (a datalist): any value may still be typed. */ suggest?: string })
  | (Base & { type: 'number'; min: number; max: number; step?: number; unit?: string })
  | (Base & { type: 'money' })
  | (Base & { type: 'textarea'; rows?: number; max?: number })
  /** Rich text: headings, paragraphs, lists, links, quotes, pictures (the editor loads only here). */
  | (Base & { type: 'rich' })
  | (Base & { type: 'checkbox' })
  /** One of a fixed list, or of a list the page gives (`from`: a key of the editor's choices). */
  | (Base & { type: 'select'; options?: readonly Choice[]; from?: string; placeholder?: string })
  /** Several of a list the page gives, as checkboxes. */
  | (Base & { type: 'multi'; from: string })
  /** A picture from the media library (or an illustration), with its alt text in `altName`. */
  | (Base & { type: 'picture'; altName: string })
  /** A date and time in Abuja (`datetime-local`), empty for none. */
  | (Base & { type: 'datetime' })
  /** The opening hours, a row per day: `hours.<weekday>.opens` / `.closes`. */
  | (Base & { type: 'hours' });

/** A field's value as a single string (a list's first), trimmed by the schema later. */
export function single(values: FormValues, name: string): string {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

/** A field's values as a list. */
export function several(values: FormValues, name: string): string[] {
  const v = values[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
}

export const boolField = z.preprocess((v) => v === 'yes' || v === 'on' || v === 'true' || v === true, z.boolean());

export const intField = (what: string, min: number, max: number) =>
  str.pipe(
    z
      .string()
      .min(1, `Please enter ${what}.`)
      .regex(/^\d+$/, `Please enter ${what} as a whole number.`)
      .transform(Number)
      .pipe(z.number().min(min, `${capital(what)} must be at least ${min}.`).max(max, `${capital(what)} must be at most ${max}.`)),
  );

/** Naira as people write it: `25000`, `25,000`, `₦25,000`; empty: on request. */
export const moneyField = str.pipe(
  z
    .string()
    .transform((v) => v.replace(/[₦,\s]|NGN/gi, ''))
    .pipe(z.string().regex(/^\d{0,9}$/, 'Please enter the price in whole naira, like 25000, or leave it empty for “on request”.'))
    .transform((v) => (v === '' ? null : Number(v))),
);

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A web address's last part: lower-case letters, digits and single hyphens. */
export const slugField = str.pipe(
  z
    .string()
    .min(1, 'Please enter the address (slug), like better-posture-at-your-desk.')
    .max(80, 'Please keep the address under 80 characters.')
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens only, like better-posture-at-your-desk.'),
);

/** A slug made from a title: `Better posture at your desk!` → `better-posture-at-your-desk`. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** An http(s) address, or nothing. Anything else (javascript:, data:…) is refused at its field. */
export const webAddress = (what: string, isRequired = false) =>
  str.pipe(
    z.string().superRefine((v, ctx) => {
      if (!v) {
        if (isRequired) ctx.addIssue({ code: 'custom', message: `Please enter ${what}.` });
        return;
      }
      let ok: boolean;
      try {
        const url = new URL(v);
        ok = (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname);
      } catch {
        ok = false;
      }
      if (!ok || v.length > 500) ctx.addIssue({ code: 'custom', message: `Please enter ${what} as a full web address starting with https://.` });
    }),
  );

/** A line-per-item list (a visit's points): empty lines dropped. */
export const linesField = (what: string, maxItems: number, maxEach: number) =>
  str.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(maxEach, `Please keep each of ${what} under ${maxEach} characters.`)).max(maxItems, `Please keep ${what} to ${maxItems} lines.`)),
  );

/** Tags as typed: comma-separated, each trimmed, duplicates (any case) dropped. */
export const tagsField = str.pipe(
  z
    .string()
    .transform((v) => {
      const seen = new Set<string>();
      return v
        .split(',')
        .map((t) => t.trim().replace(/\s+/g, ' '))
        .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
    })
    .pipe(z.array(z.string().max(40, 'Please keep each tag under 40 characters.')).max(12, 'Please use at most 12 tags.')),
);

/** A date and time in Abuja as `datetime-local` sends it (`2026-12-01T09:30`), as an instant; empty: none. */
export const abujaMomentField = str.pipe(
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, 'Please enter a date and time, like 2026-12-01 09:30.')
    .transform((v) => (v ? new Date(`${v}:00+01:00`).toISOString() : null)),
);

/** A stored instant as `datetime-local` shows it in Abuja. */
export function abujaLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t + 60 * 60_000).toISOString().slice(0, 16);
}

/**
 * The rich-text field as the form's values keep it: the document's JSON (the editor posts it; the
 * action turns the no-JavaScript textarea's text into it), checked by the rich-text schema.
 */
export const richField = str.pipe(
  z.string().transform((v, ctx): RichTextDoc => {
    const parsed = parseRichText(v || '{"type":"doc","content":[]}');
    if (parsed.ok) return parsed.doc;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
);

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
