import type { Request, RequestHandler } from 'express';
import { richTextPictureIds } from '../../shared/platform/rich-text';
import { can } from '../../shared/platform/roles';
import type { SessionUser } from '../../shared/platform/session';
import type { PreviewNotice } from '../../shared/platform/preview';
import type { BlogPost } from '../../shared/blog/loaders';
import type { ClinicFacts, ClinicService, Location, Practitioner } from '../../shared/clinic/types';
import { isKindId, kindSpec, type DocOf, type KindId } from '../../shared/publishing/kinds';
import type { GalleryItem } from '../../shared/content/portfolio';
import type { Db } from '../platform/db/db';
import { abujaDay, withDraftPost, type BlogCatalog } from '../blog/catalog';
import { overlayCatalog } from '../clinic/catalog';
import type { ClinicCatalog, FactsFile } from '../clinic/context';
import { shownGalleryId, withDraftItem, type GalleryCatalog } from '../gallery/catalog';
import { readingMinutes } from './kinds';
import { mediaPicturesOf, PictureGone, resolvePicture } from './pictures';
import { getEntry } from './repo';

/**
 * Preview (ADR 0043): the real page with one item's draft in it, for editors only. The page's
 * address gets `preview=<kind>:<id>`; for a signed-in editor the request's catalogs (the
 * clinic's facts, the posts, the pictures) show the draft in place of what is published, the
 * page is private (never cached, `noindex`, no SEO tags) and says it is a preview. Anyone else
 * gets the published page: the parameter means nothing to them.
 */
export interface Preview {
  notice: PreviewNotice;
  clinic?: ClinicCatalog;
  blog?: BlogCatalog;
  gallery?: GalleryCatalog;
}

export interface Catalogs {
  clinic: ClinicCatalog;
  blog: BlogCatalog;
  gallery: GalleryCatalog;
}

export const PREVIEW_PARAM = 'preview';

/** Replaces the item with this id in a list, or adds it at the end. */
function put<T extends { id: string | number }>(list: readonly T[], item: T): T[] {
  return list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];
}

/** The catalogs as one item's draft would make them. */
async function overlay<K extends KindId>(db: Db, kind: K, id: string, doc: DocOf[K], live: DocOf[K] | null, bases: Catalogs, now: Date): Promise<Omit<Preview, 'notice'>> {
  const facts = await bases.clinic.facts();
  const withFacts = (next: Partial<ClinicFacts>, copy?: Parameters<typeof overlayCatalog>[2]) => ({ clinic: overlayCatalog(bases.clinic, { ...facts, ...next }, copy) });
  switch (kind) {
    case 'service': {
      const d = doc as DocOf['service'];
      const service: ClinicService = { id, slug: d.slug, name: d.name, summary: d.summary, firstVisitMinutes: d.firstVisitMinutes, followUpMinutes: d.followUpMinutes, bufferMinutes: d.bufferMinutes, priceNgn: d.priceNgn, bookableOnline: d.bookableOnline, picture: d.picture ? await resolvePicture(db, d.picture) : null };
      return withFacts({ services: put(facts.services, service) }, { id, copy: { body: d.body, pictures: await mediaPicturesOf(db, richTextPictureIds(d.body)), points: d.points } });
    }
    case 'practitioner': {
      const d = doc as DocOf['practitioner'];
      const person: Practitioner = { id, slug: d.slug, name: d.name, title: d.title, bio: d.bio, portrait: await resolvePicture(db, d.portrait), bookable: d.bookable, serviceIds: d.serviceIds, visible: d.visible };
      return withFacts({ practitioners: put(facts.practitioners, person) });
    }
    case 'location': {
      const d = doc as DocOf['location'];
      const place: Location = { id, name: d.name, street: d.street, area: d.area, city: d.city, region: d.region, countryCode: 'NG', geo: d.latitude !== null && d.longitude !== null ? { latitude: d.latitude, longitude: d.longitude } : null, mapHref: d.mapHref, timeZone: 'Africa/Lagos', status: d.status };
      return withFacts({ locations: put(facts.locations, place), hours: [...facts.hours.filter((h) => h.locationId !== id), ...d.hours.map((h) => ({ locationId: id, ...h }))] });
    }
    case 'details':
      return withFacts({ details: doc as DocOf['details'] });
    case 'faq': {
      const d = doc as DocOf['faq'];
      return withFacts({ faqs: put(facts.faqs, { id, question: d.question, answer: d.answer }) });
    }
    case 'post': {
      const d = doc as DocOf['post'];
      const previous = (await bases.blog.posts()).find((p) => p.id === id);
      const author = facts.practitioners.find((p) => p.id === d.authorId);
      const day = abujaDay(d.publishAt ? new Date(d.publishAt) : now);
      const post: BlogPost = {
        id,
        slug: d.slug,
        title: d.title,
        excerpt: d.excerpt,
        date: day,
        author: author?.name ?? 'The clinic team',
        comments: previous?.comments ?? 0,
        img: await resolvePicture(db, d.cover),
        category: d.category,
        tags: d.tags,
        readingMinutes: readingMinutes(d.body),
        commentsOpen: d.commentsOpen,
        modified: abujaDay(now),
      };
      const liveSlug = (live as DocOf['post'] | null)?.slug ?? null;
      return { blog: withDraftPost(bases.blog, { post, body: { doc: d.body, pictures: await mediaPicturesOf(db, richTextPictureIds(d.body)) }, replaces: liveSlug }) };
    }
    default: {
      const d = doc as DocOf['gallery'];
      const item: GalleryItem = { id: shownGalleryId(id), img: await resolvePicture(db, d.picture), category: d.category, title: d.caption };
      return { gallery: withDraftItem(bases.gallery, kind as 'gallery' | 'portfolio', item) };
    }
  }
}

/**
 * The preview a request asks for, or null (no parameter, not an editor, no such item). A draft
 * that does not pass its checks yet is not shown: the notice says so, with its problems.
 */
export async function previewFor(db: Db, req: Pick<Request, 'query'>, user: SessionUser | null, bases: Catalogs, now = new Date()): Promise<Preview | null> {
  const raw = req.query[PREVIEW_PARAM];
  if (typeof raw !== 'string' || !user || !can(user.role, 'content')) return null;
  const [kind, id] = raw.split(':');
  if (!isKindId(kind) || !id || !/^[a-z0-9-]{1,80}$/.test(id)) return null;
  const state = await getEntry(db, kind, id);
  if (!state) return null;
  const spec = kindSpec(kind);
  const values = state.draft ?? (state.scheduled ? spec.toValues(state.scheduled as never) : state.live ? spec.toValues(state.live as never) : spec.blank);
  const editHref = `/staff/content/${kind}/${id}`;
  const label = spec.label;
  const parsed = spec.parse(values);
  if (!parsed.ok) {
    const problems = spec.fields.filter((f) => parsed.errors[f.name] || (f.type === 'picture' && parsed.errors[f.altName])).map((f) => f.label);
    return { notice: { label, editHref, problems: problems.length ? problems : ['some fields'] } };
  }
  try {
    return { notice: { label, editHref, problems: null }, ...(await overlay(db, kind, id, parsed.doc, state.live as never, bases, now)) };
  } catch (error) {
    if (error instanceof PictureGone) return { notice: { label, editHref, problems: ['a picture that is no longer in the library'] } };
    throw error;
  }
}

/** Facts files of recent previews (their pages hydrate with them), for editors only. */
const PREVIEW_FILES = 32;
const previewFiles = new Map<string, FactsFile>();

export function keepPreviewFile(file: FactsFile) {
  previewFiles.delete(file.hash);
  previewFiles.set(file.hash, file);
  if (previewFiles.size > PREVIEW_FILES) previewFiles.delete(previewFiles.keys().next().value!);
}

/** `GET /assets/clinic-facts-<hash>.json` of a preview: to an editor, never cached; else on to the public file. */
export function previewFactsRoute(getUser: (req: Request) => Promise<SessionUser | null>): RequestHandler {
  return async (req, res, next) => {
    const hash = /^\/assets\/clinic-facts-([0-9a-f]{16})\.json$/.exec(req.path)?.[1];
    const file = hash ? previewFiles.get(hash) : undefined;
    if (!file) return next();
    try {
      const user = await getUser(req);
      if (!user || !can(user.role, 'content')) return next();
      res.setHeader('Cache-Control', 'private, no-store');
      res.type('application/json').send(file.body);
    } catch (error) {
      next(error);
    }
  };
}
