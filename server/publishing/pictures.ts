import { eq, inArray } from 'drizzle-orm';
import { isPictureId, pictureSources, type MediaPicture } from '../../shared/platform/media';
import type { SiteImage } from '../../shared/platform/site-image';
import { illustrations, MEDIA_PREFIX, portraitIllustration, portraitIllustrations, type LibraryPicture, type PictureRef } from '../../shared/publishing/pictures';
import type { Db, Tx } from '../platform/db/db';
import { media } from './schema';

/** A picture the editor chose that cannot be published (deleted from the library meanwhile). */
export class PictureGone extends Error {
  constructor(readonly src: string) {
    super(`The picture ${src} is not in the library`);
  }
}

/**
 * An upload as the pages keep it: its MediaPicture (the copies, for `<picture>` and `srcset`)
 * with the fallback copy as `src`, the largest copy's size and the alt text chosen where it is used.
 */
export function siteImageOf(picture: MediaPicture, alt: string): SiteImage {
  const copies = pictureSources(picture);
  return { src: copies.src, width: copies.width, height: copies.height, alt, media: picture };
}

/** The picture a ref names, as it is stored for the pages; throws PictureGone for a library picture that is no more. */
export async function resolvePicture(db: Db | Tx, ref: PictureRef): Promise<SiteImage> {
  if (ref.src.startsWith(MEDIA_PREFIX)) {
    const id = ref.src.slice(MEDIA_PREFIX.length);
    const [row] = isPictureId(id) ? await db.select({ picture: media.picture }).from(media).where(eq(media.id, id)) : [];
    if (!row) throw new PictureGone(ref.src);
    return siteImageOf(row.picture, ref.alt);
  }
  const known = illustrations.get(ref.src) ?? portraitIllustration(ref.src);
  if (!known) throw new PictureGone(ref.src);
  return { src: known.src, width: known.width, height: known.height, alt: ref.alt };
}

/** A stored picture back as the editor's choice. */
export function refOf(picture: SiteImage): PictureRef {
  return { src: picture.media ? `${MEDIA_PREFIX}${picture.media.id}` : picture.src, alt: picture.alt };
}

/** The library as the editor's picture fields offer it: uploads (newest first), then the site's illustrations. */
export async function libraryPictures(db: Db | Tx): Promise<LibraryPicture[]> {
  const rows = await db.select({ id: media.id, originalName: media.originalName, picture: media.picture }).from(media).orderBy(media.createdAt);
  const uploads = rows.reverse().map((r): LibraryPicture => {
    const copies = pictureSources(r.picture);
    return { src: `${MEDIA_PREFIX}${r.id}`, label: r.originalName, thumb: copies.src, width: copies.width, height: copies.height, media: r.picture };
  });
  const drawn = [...illustrations.values(), ...portraitIllustrations].map((img): LibraryPicture => ({ src: img.src, label: `Illustration: ${img.alt}`, thumb: img.src, width: img.width, height: img.height }));
  return [...uploads, ...drawn];
}

/** The uploads a rich text shows, by id (what `<RichText pictures>` needs); ones deleted meanwhile are left out. */
export async function mediaPicturesOf(db: Db | Tx, ids: readonly string[]): Promise<Record<string, MediaPicture>> {
  const wanted = ids.filter(isPictureId);
  if (!wanted.length) return {};
  const rows = await db.select({ id: media.id, picture: media.picture }).from(media).where(inArray(media.id, wanted));
  return Object.fromEntries(rows.map((r) => [r.id, r.picture]));
}
