/**
 * The picture pipeline: an uploaded file in, the copies the pages show out (ADR 0037).
 *
 * API
 *   processPicture(bytes, options?) → Promise<ProcessedPicture | PictureRefusal>
 *     Never throws for bad input: a refusal is a value, `{ ok: false, code, message }`, with a
 *     message written for the editor who uploaded it (show it at the field). Codes: 'empty',
 *     'too-large' (over 15 MB), 'heic', 'svg', 'unsupported' (not JPEG, PNG or WebP, read from
 *     the content), 'too-many-pixels' (a decompression bomb, or just too big), 'too-narrow' (a
 *     shape no page can show), 'damaged' (truncated or corrupt).
 *     Success: `{ ok: true, picture, files, sourceType }`: `picture` is the `MediaPicture`
 *     (shared/platform/media.ts) to keep and render, already naming each file's key; `files`
 *     the bytes to store (`savePicture` puts them).
 *   options: `widths` (default PICTURE_WIDTHS), `formats` (default AVIF, WebP, JPEG),
 *     `maxBytes` (default 15 MB), `maxPixels` (default 64 Mpx).
 *   savePicture(store, processed) → Promise<MediaPicture>   puts every file (idempotent; each
 *     under `<picture id>-<width>.<ext>`, ADR 0053; a copy already stored is kept).
 *   deletePicture(store, picture) → Promise<void>            removes every file.
 *
 * What it does: the type is read from the first bytes (sniff.ts) and confirmed by the decoder;
 * the size in pixels is read from the header, and refused above `maxPixels` before anything is
 * decoded (libvips' own `limitInputPixels` guards the decode too); the picture is decoded once,
 * turned upright from its EXIF orientation, converted to 8-bit sRGB through its ICC profile and
 * scaled (JPEG shrink-on-load) to the largest width wanted, as raw pixels: nothing of the file's
 * metadata (EXIF, GPS, XMP, IPTC, ICC, comments) can reach the copies, which are made from those
 * pixels. Each width is then encoded in each format.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  isMediaKey,
  pictureCopyKey,
  type MediaPicture,
  type PictureFormat,
  type PictureVariant,
  type PictureVariantType,
} from '../../../shared/platform/media';
import { sniffPictureType } from './sniff';
import { contentHash, type MediaStore } from './store';

export const MAX_PICTURE_BYTES = 15 * 1024 * 1024;
/** 64 Mpx (2^26 pixels): a 64-megapixel phone photo (9248 × 6936) passes, a 10000 × 10000 bomb does not. */
export const MAX_PICTURE_PIXELS = 2 ** 26;
/** The largest side any format here can hold (WebP's limit). */
const MAX_SIDE = 16383;

/**
 * Encoder settings (ADR 0037), for the size a phone downloads and the time an editor waits on
 * this 2-core machine (`npm run bench:media`). AVIF's effort is its CPU: at quality 50, effort 1
 * took ~1/5 of effort 2's and ~1/20 of effort 4's (sharp's default) on the benchmark's photo,
 * for a file within a few per cent; WebP and mozjpeg at their defaults' speed.
 */
export const ENCODERS = {
  avif: { quality: 50, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
} as const;

/**
 * On a 2-core server that also renders pages: libvips uses one thread per image (sharp's own
 * default on glibc without jemalloc, set here so it does not depend on the allocator), its
 * operation cache is off (each upload is read once; the cache would keep up to 50 MB of pixels
 * afterwards), and pictures are processed one at a time (`oneAtATime`): two editors uploading
 * together wait a moment, the visitors keep a core. `npm run bench:media` measures the cost.
 */
sharp.concurrency(1);
sharp.cache(false);

let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

export type PictureRefusalCode = 'empty' | 'too-large' | 'heic' | 'svg' | 'unsupported' | 'too-many-pixels' | 'too-narrow' | 'damaged';

export interface PictureRefusal {
  ok: false;
  code: PictureRefusalCode;
  /** For the editor, as it is: says what is wrong and what to do. */
  message: string;
}

export interface PictureFile {
  /** `<picture id>-<width>.<ext>` (pictureCopyKey). */
  key: string;
  type: PictureVariantType;
  width: number;
  bytes: Buffer;
}

export interface ProcessedPicture {
  ok: true;
  picture: MediaPicture;
  files: PictureFile[];
  /** What the upload was, read from its content. */
  sourceType: 'image/jpeg' | 'image/png' | 'image/webp';
}

export interface PictureOptions {
  widths?: readonly number[];
  formats?: readonly PictureFormat[];
  maxBytes?: number;
  maxPixels?: number;
}

const ACCEPTED = 'Please upload a JPEG, PNG or WebP picture.';

function refuse(code: PictureRefusalCode, message: string): PictureRefusal {
  return { ok: false, code, message };
}

const megabytes = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
const megapixels = (n: number) => `${Math.round(n / 1e6)} megapixels`;

function encode(image: Sharp, format: PictureFormat): Sharp {
  if (format === 'avif') return image.avif(ENCODERS.avif);
  if (format === 'webp') return image.webp(ENCODERS.webp);
  // JPEG has no transparency: a transparent PNG's background becomes white, as on the page.
  return image.flatten({ background: '#ffffff' }).jpeg(ENCODERS.jpeg);
}

/** The widths to make for a picture `width` px wide: those it reaches, and its own when it falls short of the largest. */
export function variantWidths(width: number, wanted: readonly number[]): number[] {
  const sorted = [...new Set(wanted.filter((w) => Number.isInteger(w) && w > 0))].sort((a, b) => a - b);
  const reached = sorted.filter((w) => w <= width);
  if (sorted.length === 0) return [width];
  if (reached.length < sorted.length && !reached.includes(width)) reached.push(width);
  return reached;
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

export function processPicture(bytes: Uint8Array, options: PictureOptions = {}): Promise<ProcessedPicture | PictureRefusal> {
  return oneAtATime(() => processOne(bytes, options));
}

async function processOne(bytes: Uint8Array, options: PictureOptions): Promise<ProcessedPicture | PictureRefusal> {
  const maxBytes = options.maxBytes ?? MAX_PICTURE_BYTES;
  const maxPixels = options.maxPixels ?? MAX_PICTURE_PIXELS;
  const formats = options.formats?.length ? [...new Set(options.formats)] : PICTURE_FORMATS;
  if (bytes.length === 0) return refuse('empty', `The file is empty. ${ACCEPTED}`);
  if (bytes.length > maxBytes) {
    return refuse('too-large', `This file is ${megabytes(bytes.length)}; the largest we take is ${megabytes(maxBytes)}. Please export the picture smaller (for example 3000 pixels wide, as JPEG).`);
  }
  const sniffed = sniffPictureType(bytes);
  if (sniffed.kind === 'heif') {
    return refuse('heic', 'This is a HEIC photo (the iPhone’s format), which browsers cannot show. Please export it as JPEG and upload that: on an iPhone, set Settings › Camera › Formats › Most Compatible, or share the photo by mail or as a file, which sends a JPEG.');
  }
  if (sniffed.kind === 'svg') {
    return refuse('svg', `SVG drawings cannot be uploaded: they can carry scripts. ${ACCEPTED} (For a logo or drawing, export it as PNG.)`);
  }
  if (sniffed.kind === 'other') {
    return refuse('unsupported', sniffed.name ? `This file is a ${sniffed.name}, not a picture we can use. ${ACCEPTED}` : `This file is not a picture we can read, whatever its name says. ${ACCEPTED}`);
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // The header only: the size in pixels, before any decoding.
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return refuse('damaged', `This picture is damaged or incomplete and cannot be read. Please export it again and upload the new file. ${ACCEPTED}`);
  }
  const expected = sniffed.type.slice('image/'.length);
  if (meta.format !== expected || !meta.width || !meta.height) {
    return refuse('damaged', `This picture is damaged or incomplete and cannot be read. Please export it again and upload the new file. ${ACCEPTED}`);
  }
  const pixels = meta.width * meta.height;
  if (pixels > maxPixels) {
    return refuse(
      'too-many-pixels',
      `This picture is ${meta.width} × ${meta.height} pixels (${megapixels(pixels)}); the largest we take is about ${megapixels(maxPixels)}. Please export it smaller, for example 4000 pixels wide.`,
    );
  }
  // Upright: EXIF orientations 5 to 8 turn the picture a quarter.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const widths = variantWidths(width, options.widths?.length ? options.widths : PICTURE_WIDTHS);
  const largest = Math.max(...widths);
  if (Math.round((largest * height) / width) > MAX_SIDE || height / width > 20 || width / height > 20) {
    return refuse('too-narrow', `This picture is ${width} × ${height} pixels: too tall or too wide for any page. Please crop it nearer to the shape of a photograph.`);
  }

  // One decode: upright, sRGB, 8 bits, at the largest width, as raw pixels (no metadata survives).
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error', autoOrient: true, pages: 1 })
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return refuse('damaged', `This picture is damaged or incomplete (the file may have been cut short) and cannot be read. Please export it again and upload the new file.`);
  }
  const { info } = raw;
  const channels = info.channels as 1 | 2 | 3 | 4;
  const pixelsOf = () => sharp(raw.data, { raw: { width: info.width, height: info.height, channels } });

  const { dominant, isOpaque } = await pixelsOf().stats();

  // Every copy is named by the picture and its width (ADR 0053): one hash a picture, which a
  // page's brotli body sends once however many of its copies the page lists.
  const id = contentHash(bytes);
  const files: PictureFile[] = [];
  const variants: PictureVariant[] = [];
  for (const w of widths) {
    const h = Math.max(1, Math.round((w * info.height) / info.width));
    for (const format of formats) {
      const image = w === info.width ? pixelsOf() : pixelsOf().resize({ width: w, height: h, fit: 'fill' });
      const out = await encode(image, format).toBuffer();
      const type = `image/${format}` as PictureVariantType;
      const key = pictureCopyKey(id, w, type);
      files.push({ key, type, width: w, bytes: out });
      variants.push({ key, type, width: w, height: h, bytes: out.length });
    }
  }
  return {
    ok: true,
    sourceType: sniffed.type,
    files,
    picture: {
      id,
      width,
      height,
      dominant: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      opaque: isOpaque,
      variants,
    },
  };
}

/**
 * Puts every file of a processed picture into the store, each under the key the store makes from
 * the picture's id and the copy's width. A copy already stored (the same upload again) is kept as
 * it is: a name never changes its bytes.
 */
export async function savePicture(store: MediaStore, processed: ProcessedPicture): Promise<MediaPicture> {
  for (const file of processed.files) {
    const key = await store.put(file.bytes, file.type, { picture: processed.picture.id, width: file.width });
    if (key !== file.key) throw new Error(`media store made key ${key} for ${file.key}`);
  }
  return processed.picture;
}

/** Removes every file of a picture (those already gone are no error). */
export async function deletePicture(store: MediaStore, picture: MediaPicture): Promise<void> {
  for (const v of picture.variants) if (isMediaKey(v.key)) await store.delete(v.key);
}
