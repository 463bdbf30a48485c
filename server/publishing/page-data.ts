import { asc } from 'drizzle-orm';
import { data, type LoaderFunctionArgs } from 'react-router';
import { richTextFromForm } from '../../shared/platform/rich-text';
import { parseClock, parseDay, parseId } from '../../shared/platform/parse';
import type { FieldErrors } from '../../shared/platform/form-fields';
import { weekdayNames, isKindId, kindSpec, type KindId } from '../../shared/publishing/kinds';
import type { FormValues } from '../../shared/publishing/fields';
import type { EditorChoices } from '../../shared/publishing/types';
import { posts } from '../blog/schema';
import { practitioners, services } from '../clinic/schema';
import type { Db } from '../platform/db/db';
import { requireEditor, type ServerContext } from '../platform/render/route-context';
import type { Actor } from './repo';

/** The editor signed in (an editor or admin: shared/platform/roles.ts), as their revisions name them. */
export function editorOf(context: ServerContext, request: Request): Actor & { staffName: string } {
  const user = requireEditor(context, request);
  const name = user.displayName || user.email || 'An editor';
  return { uid: user.uid, name, staffName: name };
}

export const notFound = (message = 'There is no such item.') => data({ message }, { status: 404, statusText: 'Not Found' });

export function kindOf(params: LoaderFunctionArgs['params']): KindId {
  const kind = params.kind;
  if (!isKindId(kind)) throw notFound('There is no such kind of content.');
  return kind;
}

/** The choices the forms offer from data: services, the team (authors), the blog's categories. */
export async function editorChoices(db: Db): Promise<EditorChoices> {
  const [serviceRows, team, categoryRows] = await Promise.all([
    db.select({ value: services.id, label: services.name }).from(services).orderBy(asc(services.sort), asc(services.id)),
    db.select({ value: practitioners.id, label: practitioners.name }).from(practitioners).orderBy(asc(practitioners.sort), asc(practitioners.id)),
    db.selectDistinct({ category: posts.category }).from(posts).orderBy(asc(posts.category)),
  ]);
  return { services: serviceRows, authors: team, categories: categoryRows.map((c) => ({ value: c.category, label: c.category })) };
}

/** Where the site shows an item, with the preview switch (the page then shows the saved draft, to editors only). */
export function previewHref(kind: KindId, id: string, values: FormValues): string | null {
  const spec = kindSpec(kind);
  const slug = typeof values.slug === 'string' && values.slug ? values.slug : id;
  const path = kind === 'post' ? `/blogDetails?post=${encodeURIComponent(slug)}` : spec.path(null as never, id);
  if (!path) return null;
  return `${path}${path.includes('?') ? '&' : '?'}preview=${encodeURIComponent(`${kind}:${id}`)}`;
}

/**
 * A kind's form as posted: one string per field (a list for several), a picture and its alt text,
 * the hours' rows; a rich-text field from the editor's JSON, or (without JavaScript) its
 * textarea's plain text, as the document's JSON. A rich text that cannot be read is said at its field.
 */
export function valuesFromForm(kind: KindId, form: FormData): { values: FormValues; errors: FieldErrors } {
  const spec = kindSpec(kind);
  const values: FormValues = {};
  const errors: FieldErrors = {};
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  for (const field of spec.fields) {
    switch (field.type) {
      case 'multi':
        values[field.name] = form.getAll(field.name).filter((v): v is string => typeof v === 'string');
        break;
      case 'picture':
        values[field.name] = text(field.name);
        values[field.altName] = text(field.altName);
        break;
      case 'hours':
        for (let d = 0; d < weekdayNames.length; d++) {
          values[`hours.${d}.opens`] = text(`hours.${d}.opens`);
          values[`hours.${d}.closes`] = text(`hours.${d}.closes`);
        }
        break;
      case 'rich': {
        const read = richTextFromForm(form, field.name);
        if (read.ok) values[field.name] = JSON.stringify(read.doc);
        else {
          errors[field.name] = read.message;
          // What was typed is kept as it came.
          values[field.name] = text(field.name) || JSON.stringify({ type: 'doc', content: [] });
          const plain = text(`${field.name}Text`);
          if (plain) values[`${field.name}Text`] = plain;
        }
        break;
      }
      case 'checkbox':
        values[field.name] = text(field.name) ? 'yes' : '';
        break;
      default:
        values[field.name] = text(field.name);
    }
  }
  return { values, errors };
}

/**
 * The version a form was made from (its hidden field): a whole number the database's integer
 * column holds (shared/platform/parse.ts), else null: the form is out of date or was tampered with.
 */
export function formVersion(raw: FormDataEntryValue | null): number | null {
  const n = parseId(typeof raw === 'string' ? raw : null);
  return n !== null && n <= 2_147_483_647 ? n : null;
}

/**
 * A time to publish as the form's date-and-time field sends it (`2026-12-01T09:00`, Abuja's
 * time: UTC+1, no summer time), every part checked (parse.ts); else null.
 */
export function scheduleInstant(raw: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(raw);
  if (!m || !parseDay(m[1]) || !parseClock(m[2])) return null;
  const at = new Date(`${m[1]}T${m[2]}:00+01:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}
