import { eq, inArray } from 'drizzle-orm';
import type { Img, PictureSource } from '../../shared/content/types';
import { illustrations, MEDIA_PREFIX, portraitIllustration, type LibraryPicture, type PictureRef } from '../../shared/publishing/pictures';
import type { Db, Tx } from '../platform/db/db';
import { media, type MediaRow, type MediaVariant } from './schema';

/** A picture as a public table keeps it: as pages show it, and for an uploaded one its library id. */
export type StoredPicture = Img & { media?: string };

/** A picture the editor chose that cannot be published (deleted from the library meanwhile). */
export class PictureGone extends Error {
  constructor(readonly src: string) {
    super(`The picture ${src} is not in the library`);
  }
}

export const mediaUrl = (key: string) => `/media/${key}`;

/** An uploaded picture as pages show it: the largest WebP as `src`, every variant in `srcset`, AVIF first. */
export function imgOfMedia(row: Pick<MediaRow, 'id' | 'variants'>, alt: string): StoredPicture {
  const of = (format: MediaVariant['format']) => row.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
  const webp = of('webp');
  const avif = of('avif');
  const largest = webp.at(-1) ?? avif.at(-1);
  if (!largest) throw new PictureGone(`${MEDIA_PREFIX}${row.id}`);
  const srcset = (list: MediaVariant[]) => list.map((v) => `${mediaUrl(v.key)} ${v.width}w`).join(', ');
  const sources: PictureSource[] = [...(avif.length ? [{ type: 'image/avif' as const, srcset: srcset(avif) }] : []), ...(webp.length ? [{ type: 'image/webp' as const, srcset: srcset(webp) }] : [])];
  return { src: mediaUrl(largest.key), width: largest.width, height: largest.height, alt, sources, media: row.id };
}

/** The picture a ref names, as it is stored for the pages; throws PictureGone for a library picture that is no more. */
export async function resolvePicture(db: Db | Tx, ref: PictureRef): Promise<StoredPicture> {
  if (ref.src.startsWith(MEDIA_PREFIX)) {
    const [row] = await db.select({ id: media.id, variants: media.variants }).from(media).where(eq(media.id, ref.src.slice(MEDIA_PREFIX.length)));
    if (!row) throw new PictureGone(ref.src);
    return imgOfMedia(row, ref.alt);
  }
  const known = illustrations.get(ref.src) ?? portraitIllustration(ref.src);
  if (!known) throw new PictureGone(ref.src);
  return { src: known.src, width: known.width, height: known.height, alt: ref.alt };
}

/** A stored picture back as the editor's choice. */
export function refOf(picture: StoredPicture): PictureRef {
  return { src: picture.media ? `${MEDIA_PREFIX}${picture.media}` : picture.src, alt: picture.alt };
}

const THUMB_WIDTH = 320;

/** The library as the editor's picture fields offer it: uploads (newest first), then the site's illustrations. */
export async function libraryPictures(db: Db | Tx): Promise<LibraryPicture[]> {
  const rows = await db.select({ id: media.id, originalName: media.originalName, variants: media.variants, width: media.width, height: media.height }).from(media).orderBy(media.createdAt);
  const uploads = rows.reverse().map((r): LibraryPicture => {
    const webp = r.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
    const thumb = webp.find((v) => v.width >= THUMB_WIDTH) ?? webp.at(-1);
    return { src: `${MEDIA_PREFIX}${r.id}`, label: r.originalName, thumb: thumb ? mediaUrl(thumb.key) : '', width: r.width, height: r.height };
  });
  const drawn = [...illustrations.values()].map((img): LibraryPicture => ({ src: img.src, label: `Illustration: ${img.alt}`, thumb: img.src, width: img.width, height: img.height }));
  return [...uploads, ...drawn];
}

/** Library rows by id (for the pictures a form names). */
export async function mediaRows(db: Db | Tx, ids: readonly string[]): Promise<MediaRow[]> {
  return ids.length ? db.select().from(media).where(inArray(media.id, [...ids])) : [];
}
