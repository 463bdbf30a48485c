/**
 * Pictures as the pages use them: the stored description of one uploaded picture and what an
 * `<img>`/`<picture>` needs from it. Both sides: the server's pipeline
 * (`server/platform/media/`) makes a `MediaPicture`; pages and the rich-text renderer render it
 * (`shared/ui/picture.tsx`). ADR 0037.
 *
 * API
 * - `MediaPicture`: `{ id, width, height, dominant, variants }`, plain JSON (store it as it is,
 *   e.g. in a jsonb column). `id` is the content hash of the uploaded file (the same upload twice
 *   is the same picture); `width`/`height` the uploaded picture's size, upright; `dominant` its
 *   most common colour (`#rrggbb`), a free placeholder behind the image while it loads (when
 *   `opaque`: a transparent picture gets none, or it would show through).
 * - `PictureVariant`: one stored file, `{ key, type, width, height, bytes }`; `key` is the media
 *   store's key, served at `mediaUrl(key)` = `/media/<key>`.
 * - `PICTURE_WIDTHS`: the widths made by default (see below), `PICTURE_FORMATS` the formats.
 * - `isMediaKey(key)`: the only keys a store makes and the handler serves: a picture's copy is
 *   `<id>-<width>.<ext>` (the picture's id, 32 hex digits, its width in pixels, `avif`, `webp` or
 *   `jpg`: `pictureCopyKey`); a file named by its own content, and every copy stored before
 *   ADR 0053, `<32 hex digits of its SHA-256>.<ext>`. Nothing else (no `/`, no `..`) is a key.
 * - `pictureSources(picture)`: the `<source>` list (AVIF, then WebP) and the `<img>`'s fallback
 *   `src`/`srcSet` (JPEG), each a `srcset` string of `url widthw` candidates.
 * - `BODY_PICTURE_SIZES`: the `sizes` of a picture in the text column of a post or service page.
 */

export type PictureFormat = 'avif' | 'webp' | 'jpeg';
export type PictureVariantType = `image/${PictureFormat}`;

/** The formats made for every width, best first: what a `<picture>` offers, in order. */
export const PICTURE_FORMATS: readonly PictureFormat[] = ['avif', 'webp', 'jpeg'];

/**
 * The widths (CSS px × device pixel ratio) the pages show pictures at, from their layout
 * (`.container` 1200 px with 16/24 px padding; the text column beside the 340 px sidebar of
 * posts and service pages is 764 px at 1200 px and wider; a phone's column is 100vw − 32 px):
 * - 400: a card or gallery tile in a three-column grid (about 368 px), a phone at 1× ;
 * - 640: a two-column tile at 2×, a small phone at 2× (320 px);
 * - 800: the text column at 1× (764 px), a 375–400 px phone at 2× (686–736 px);
 * - 1200: a phone at 3× (1029–1146 px), the text column at 1.5×;
 * - 1600: the text column at 2× (1528 px), a tablet's full column at 2×.
 * A picture narrower than a width gets no larger copy: its own width is the largest.
 */
export const PICTURE_WIDTHS: readonly number[] = [400, 640, 800, 1200, 1600];

/**
 * `sizes` of a picture in the text column of a post or a service page (`.blog-shell`,
 * `.service-detail__inner`): full width less the container's padding below 992 px, beside the
 * 340 px sidebar (and a 48 px gap) from 992 px, and at most 764 px.
 */
export const BODY_PICTURE_SIZES = '(min-width: 1200px) 764px, (min-width: 992px) calc(100vw - 436px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)';

export interface PictureVariant {
  key: string;
  type: PictureVariantType;
  width: number;
  height: number;
  /** The file's size in bytes. */
  bytes: number;
}

export interface MediaPicture {
  /** Content hash of the uploaded file (32 hex digits). */
  id: string;
  /** The uploaded picture's size in pixels, upright (its copies are at most PICTURE_WIDTHS' largest wide). */
  width: number;
  height: number;
  /** The picture's dominant colour, `#rrggbb`. */
  dominant: string;
  /** False when some of it is transparent (then nothing is painted behind it while it loads). */
  opaque: boolean;
  variants: PictureVariant[];
}

/** Where the pages fetch media: the handler in server/platform/media/serve.ts. */
export const MEDIA_PATH = '/media/';

const EXTENSIONS: Record<PictureVariantType, string> = { 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg' };
const TYPES: Record<string, PictureVariantType> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
// `<hash>.<ext>` (a file named by its own content; every copy stored before ADR 0053) or
// `<picture id>-<width>.<ext>` (a picture's copy: the id shared by all its copies, so a page that
// lists them sends it once in its brotli body, and names a page repeats cost a few bytes each).
const KEY = /^[0-9a-f]{32}(?:-[1-9][0-9]{0,4})?\.(avif|webp|jpg)$/;
const ID = /^[0-9a-f]{32}$/;

/** True for a key a media store makes (and so the only names ever looked up or served). */
export function isMediaKey(key: unknown): key is string {
  return typeof key === 'string' && KEY.test(key);
}

/** True for a picture id (the content hash a `MediaPicture` and a rich-text picture name). */
export function isPictureId(id: unknown): id is string {
  return typeof id === 'string' && ID.test(id);
}

/**
 * The key of the copy of picture `id` at `width` pixels in `type`: `<id>-<width>.<ext>`. The id is
 * the uploaded file's content hash, so a changed picture (other bytes) has other names, and the
 * store writes a name once and never replaces it (`MediaStore.put`): a name always means the same
 * copy, and can be cached for ever. Throws for anything that would not be a key.
 */
export function pictureCopyKey(id: string, width: number, type: PictureVariantType): string {
  const key = `${id}-${width}.${EXTENSIONS[type]}`;
  if (!isPictureId(id) || !Number.isInteger(width) || !isMediaKey(key)) throw new TypeError(`no media key for picture ${JSON.stringify(String(id).slice(0, 40))} at ${width} px as ${type}`);
  return key;
}

/** The file extension of a stored type (`jpg` for JPEG). */
export function mediaExtension(type: PictureVariantType): string {
  return EXTENSIONS[type];
}

/** The type of a key, read from its extension; null for anything that is not a key. */
export function mediaTypeOfKey(key: string): PictureVariantType | null {
  if (!isMediaKey(key)) return null;
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? null;
}

export function mediaUrl(key: string): string {
  return `${MEDIA_PATH}${key}`;
}

export interface PictureSources {
  /** `<source type srcSet>` for the formats better than the fallback, best first. */
  sources: { type: PictureVariantType; srcSet: string }[];
  /** The `<img>`'s own copy: JPEG when there is one (every browser), else the best kept. */
  src: string;
  /**
   * The `<img>`'s own list of copies: only when there is no `<source>`. Every browser that reads
   * `srcset` and `<picture>` reads WebP too (Safari from 14); one older still gets `src`, the copy
   * nearest 800 px wide. The list's hashed names were ~60 bytes of brotli a picture, in a post's
   * document that must fit the first round trip (ADR 0052, was ADR 0037).
   */
  srcSet: string;
  /** The `<img>`'s width and height attributes: the largest copy's size. */
  width: number;
  height: number;
}

function srcSetOf(variants: PictureVariant[]): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaUrl(v.key)} ${v.width}w`)
    .join(', ');
}

/**
 * What a `<picture>` renders for `picture`. The `<img>`'s `src` is its fallback's copy nearest
 * 800 px wide (a browser that reads no `srcset`, or no WebP, is an old one, usually on a small
 * screen); its `srcset` only where there is no better format.
 */
export function pictureSources(picture: MediaPicture): PictureSources {
  const byType = new Map<PictureVariantType, PictureVariant[]>();
  for (const v of picture.variants) {
    if (!isMediaKey(v.key)) continue;
    byType.set(v.type, [...(byType.get(v.type) ?? []), v]);
  }
  const order: PictureVariantType[] = ['image/avif', 'image/webp', 'image/jpeg'];
  const present = order.filter((t) => byType.has(t));
  const fallbackType = present[present.length - 1];
  const fallback = fallbackType ? byType.get(fallbackType)! : [];
  const nearest = [...fallback].sort((a, b) => Math.abs(a.width - 800) - Math.abs(b.width - 800))[0];
  // width/height: the largest copy's (the aspect ratio, and a sane size where no CSS sizes it).
  const largest = [...picture.variants].sort((a, b) => b.width - a.width)[0];
  return {
    sources: present.filter((t) => t !== fallbackType).map((type) => ({ type, srcSet: srcSetOf(byType.get(type)!) })),
    src: nearest ? mediaUrl(nearest.key) : '',
    srcSet: present.length > 1 ? '' : srcSetOf(fallback),
    width: largest?.width ?? picture.width,
    height: largest?.height ?? picture.height,
  };
}
