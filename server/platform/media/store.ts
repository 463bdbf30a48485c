/**
 * Where media files are kept (ADR 0037): one interface, two implementations.
 *
 * API
 *   interface MediaStore
 *     put(bytes, type, copyOf?) → key stores the bytes; the key is made by the store, never from
 *                                     a name the user gave: from the content (mediaKeyFor: SHA-256,
 *                                     32 hex digits, extension of the type), or for a picture's
 *                                     copy `copyOf = { picture, width }` from the picture's id (the
 *                                     upload's content hash) and the width (pictureCopyKey:
 *                                     `<id>-<width>.<ext>`, ADR 0053). A key is written once and
 *                                     never replaced: putting to a key that exists is a no-op
 *                                     returning it, so the bytes behind a name never change (they
 *                                     are served as immutable).
 *     get(key) → MediaObject | null   a streamed read: `body` is a Readable, with `size`,
 *                                     `type`, `lastModified`; null when there is no such file.
 *     stat(key) → MediaInfo | null    the same without the body (HEAD, conditional GET).
 *     exists(key) → boolean
 *     delete(key) → void              idempotent.
 *   Every method refuses a key that is not `isMediaKey` (shared/platform/media.ts) with a
 *   MediaKeyError before touching the disk or the network: no `/`, `..`, `\` or anything else
 *   that could name a file outside the store.
 *   Implementations: `localMediaStore(dir)` (local-store.ts, DATA_DIR/media, the embedded
 *   default) and `s3MediaStore(options)` (s3-store.ts, MEDIA_S3_*), each a `MediaBackend` (four
 *   primitives on checked keys) made a MediaStore by `mediaStoreOn`, which does the checks, the
 *   keys and the idempotent put once for both. `openMediaStore(config)` (config.ts) picks one.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isMediaKey, mediaExtension, mediaTypeOfKey, pictureCopyKey, type PictureVariantType } from '../../../shared/platform/media';

export interface MediaInfo {
  key: string;
  type: PictureVariantType;
  size: number;
  lastModified: Date;
}

export interface MediaObject extends MediaInfo {
  body: Readable;
}

export interface MediaStore {
  /** 'local' or 's3', for logs and /readyz. */
  readonly kind: 'local' | 's3';
  put(bytes: Uint8Array, type: PictureVariantType, copyOf?: PictureCopyOf): Promise<string>;
  get(key: string): Promise<MediaObject | null>;
  stat(key: string): Promise<MediaInfo | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Which picture's copy a file is, and at which width: its key is `<picture>-<width>.<ext>`. */
export interface PictureCopyOf {
  picture: string;
  width: number;
}

/**
 * What a storage needs to provide; `mediaStoreOn` makes the MediaStore from it, so every
 * implementation checks keys and types, makes keys and stores idempotently the same way.
 * Each method gets a checked key; `head` and `read` answer null for a missing file.
 */
export interface MediaBackend {
  kind: MediaStore['kind'];
  head(key: string): Promise<{ size: number; lastModified: Date } | null>;
  read(key: string): Promise<{ size: number; lastModified: Date; body: Readable } | null>;
  write(key: string, bytes: Uint8Array, type: PictureVariantType): Promise<void>;
  remove(key: string): Promise<void>;
}

export function mediaStoreOn(backend: MediaBackend): MediaStore {
  const stat = async (key: string): Promise<MediaInfo | null> => {
    assertMediaKey(key);
    const head = await backend.head(key);
    return head && { key, type: mediaTypeOfKey(key)!, ...head };
  };
  return {
    kind: backend.kind,
    async put(bytes, type, copyOf) {
      assertMediaType(type);
      const key = copyOf ? copyKey(copyOf, type) : mediaKeyFor(bytes, type);
      if (!(await stat(key))) await backend.write(key, bytes, type);
      return key;
    },
    async get(key) {
      assertMediaKey(key);
      const object = await backend.read(key);
      return object && { key, type: mediaTypeOfKey(key)!, ...object };
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      assertMediaKey(key);
      await backend.remove(key);
    },
  };
}

/** A key that is not one the store makes (a programming error or a forged request). */
export class MediaKeyError extends Error {
  constructor(key: unknown) {
    super(`not a media key: ${JSON.stringify(String(key).slice(0, 80))}`);
    this.name = 'MediaKeyError';
  }
}

export function assertMediaKey(key: unknown): asserts key is string {
  if (!isMediaKey(key)) throw new MediaKeyError(key);
}

const TYPES: readonly PictureVariantType[] = ['image/avif', 'image/webp', 'image/jpeg'];

export function assertMediaType(type: unknown): asserts type is PictureVariantType {
  if (!TYPES.includes(type as PictureVariantType)) throw new TypeError(`not a stored media type: ${String(type)}`);
}

/** 32 hex digits of the SHA-256 of `bytes`: the name of a picture, and with an extension, of a file. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

function copyKey(copyOf: PictureCopyOf, type: PictureVariantType): string {
  try {
    return pictureCopyKey(copyOf.picture, copyOf.width, type);
  } catch {
    throw new MediaKeyError(`${String(copyOf.picture)}-${String(copyOf.width)}`);
  }
}

/** The key a store gives `bytes` of `type`. */
export function mediaKeyFor(bytes: Uint8Array, type: PictureVariantType): string {
  return `${contentHash(bytes)}.${mediaExtension(type)}`;
}
