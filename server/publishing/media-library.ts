import { desc, eq, sql } from 'drizzle-orm';
import express, { type Request, type Response } from 'express';
import { pictureSources, type MediaPicture } from '../../shared/platform/media';
import { can } from '../../shared/platform/roles';
import type { SessionUser } from '../../shared/platform/session';
import { isStorableText } from '../../shared/platform/storable-text';
import { kindSpec, type KindId } from '../../shared/publishing/kinds';
import { MEDIA_PREFIX, type LibraryPicture } from '../../shared/publishing/pictures';
import type { MediaUse } from '../../shared/publishing/types';
import { queryRows, type Db } from '../platform/db/db';
import { errorFields } from '../platform/http/error-fields';
import type { Logger } from '../platform/http/logger';
import { requestIdOf } from '../platform/http/request-id';
import { isCrossSite } from '../platform/http/security';
import { MAX_PICTURE_BYTES, processPicture, savePicture, deletePicture, type MediaStore } from '../platform/media';
import { media } from './schema';

/**
 * The media library: uploads through the picture pipeline (server/platform/media, ADR 0037) into
 * the store and the `media` table; where each picture is used; deleting only what nothing uses.
 */

/** Where a picture is used: on the site (the public tables) and in drafts and scheduled publications. */
export async function mediaUses(db: Db, id: string): Promise<MediaUse[]> {
  const like = `%${id}%`;
  const rows = await queryRows<{ kind: KindId; id: string; title: string; place: 'site' | 'draft' }>(
    db,
    sql`SELECT 'service' AS kind, id, name AS title, 'site' AS place FROM services WHERE picture::text LIKE ${like} OR body::text LIKE ${like}
        UNION ALL SELECT 'practitioner', id, name, 'site' FROM practitioners WHERE portrait_media::text LIKE ${like}
        UNION ALL SELECT 'post', id, title, 'site' FROM posts WHERE cover::text LIKE ${like} OR body::text LIKE ${like}
        UNION ALL SELECT collection, id, caption, 'site' FROM gallery_items WHERE picture::text LIKE ${like}
        UNION ALL SELECT kind, id, '', 'draft' FROM content_entries WHERE draft::text LIKE ${like} OR scheduled::text LIKE ${like}`,
  );
  return rows.map((r) => ({ ...r, title: r.title || `${kindSpec(r.kind).label} ${r.id}`, href: `/staff/content/${r.kind}/${r.id}` }));
}

/** An upload as the editor's picture fields list it. */
export function libraryEntry(row: { id: string; originalName: string; picture: MediaPicture }): LibraryPicture {
  const copies = pictureSources(row.picture);
  return { src: `${MEDIA_PREFIX}${row.id}`, label: row.originalName, thumb: copies.src, width: copies.width, height: copies.height, media: row.picture };
}

export async function listMedia(db: Db) {
  return db.select().from(media).orderBy(desc(media.createdAt));
}

/** Deletes a picture nothing uses (its files too); else says where it is used. */
export async function deleteMedia(db: Db, store: MediaStore, id: string): Promise<{ ok: true } | { ok: false; uses: MediaUse[] } | { ok: false; uses: null }> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row) return { ok: false, uses: null };
  const uses = await mediaUses(db, id);
  if (uses.length) return { ok: false, uses };
  await db.delete(media).where(eq(media.id, id));
  await deletePicture(store, row.picture);
  return { ok: true };
}

function fileName(raw: string | undefined): string {
  let name = 'picture';
  try {
    name = decodeURIComponent(raw ?? '') || name;
  } catch {
    // a header that does not decode: the default name
  }
  name = name.replace(/[\\/]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
  return isStorableText(name) && name ? name : 'picture';
}

/**
 * `POST /staff/content/media/upload`: a picture for the library, from the editor's upload button
 * (the file as the body, its name in `X-File-Name`; answered in JSON) or from the library page's
 * form without JavaScript (multipart; answered with a redirect back to the page). Editors and
 * admins only; same-site only, as every staff form. The pipeline refuses what it must (HEIC, SVG,
 * too large, a decompression bomb, a damaged file) with a message for the editor.
 */
export function mediaUploadRoute(deps: { getUser: (req: Request) => Promise<SessionUser | null>; db: Db; store: MediaStore | null; logger: Logger }) {
  const router = express.Router();
  router.post(
    '/staff/content/media/upload',
    async (req, res, next) => {
      res.setHeader('Cache-Control', 'private, no-store');
      const wantsJson = req.get('x-file-name') !== undefined;
      const fail = (status: number, error: string) => (wantsJson ? res.status(status).json({ error }) : res.redirect(303, `/staff/content/media?error=${encodeURIComponent(error)}`));
      if (isCrossSite(req)) {
        res.status(403).type('text/plain').send('Forbidden');
        return;
      }
      const user = await deps.getUser(req).catch(() => null);
      if (!user) {
        if (wantsJson) res.status(401).json({ error: 'Your session has ended: sign in again (the form keeps what you typed).' });
        else res.redirect(303, `/login?returnTo=${encodeURIComponent('/staff/content/media')}`);
        return;
      }
      if (!can(user.role, 'content')) {
        res.status(403).json({ error: 'This is for the clinic’s editors.' });
        return;
      }
      if (!deps.store) {
        fail(503, 'Picture storage is not set up on this server.');
        return;
      }
      res.locals.uploader = user;
      next();
    },
    // The body is read only for an editor; a little over the pipeline's limit, so its own message answers a large file.
    express.raw({ type: () => true, limit: MAX_PICTURE_BYTES + 512 * 1024 }),
    async (req: Request, res: Response) => {
      const wantsJson = req.get('x-file-name') !== undefined;
      const fail = (status: number, error: string) => (wantsJson ? res.status(status).json({ error }) : res.redirect(303, `/staff/content/media?error=${encodeURIComponent(error)}`));
      const user = res.locals.uploader as SessionUser;
      let bytes: Buffer;
      let name: string;
      if (wantsJson) {
        bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        name = fileName(req.get('x-file-name'));
      } else {
        // A form without JavaScript: multipart, read by the platform's own parser.
        try {
          const form = await new globalThis.Request('http://upload.local/', { method: 'POST', headers: { 'content-type': req.get('content-type') ?? '' }, body: new Uint8Array(req.body as Buffer) }).formData();
          const file = form.get('file');
          if (!(file instanceof File) || file.size === 0) return fail(422, 'Please choose a picture to upload.');
          bytes = Buffer.from(await file.arrayBuffer());
          name = fileName(encodeURIComponent(file.name));
        } catch {
          return fail(400, 'The upload could not be read. Please choose the picture again.');
        }
      }
      const processed = await processPicture(bytes);
      if (!processed.ok) return fail(422, processed.message);
      try {
        const picture = await savePicture(deps.store!, processed);
        await deps.db
          .insert(media)
          .values({ id: picture.id, picture, originalName: name, bytes: bytes.length, sourceType: processed.sourceType, uploadedBy: user.displayName || user.email || 'An editor' })
          .onConflictDoNothing();
        const [row] = await deps.db.select().from(media).where(eq(media.id, picture.id));
        deps.logger.info('picture uploaded', { requestId: requestIdOf(req), id: picture.id, bytes: bytes.length, by: user.uid });
        if (wantsJson) return res.status(201).json({ picture: row!.picture, entry: libraryEntry(row!) });
        return res.redirect(303, `/staff/content/media?uploaded=${picture.id}`);
      } catch (error) {
        deps.logger.error('picture not stored', { requestId: requestIdOf(req), ...errorFields(error) });
        return fail(503, 'The picture could not be stored just now (the storage is not answering). Nothing else is lost: try again in a moment.');
      }
    },
  );
  // A body over the limit: the editor's message, not Express's.
  router.use('/staff/content/media/upload', ((error: { type?: string; status?: number }, req: Request, res: Response, next: (e?: unknown) => void) => {
    if (error?.type === 'entity.too.large' || error?.status === 413) {
      const message = `This file is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB. Please choose a smaller one, or export the photo at a lower size.`;
      if (req.get('x-file-name') !== undefined) res.status(413).json({ error: message });
      else res.redirect(303, `/staff/content/media?error=${encodeURIComponent(message)}`);
      return;
    }
    next(error);
  }) as express.ErrorRequestHandler);
  return router;
}
