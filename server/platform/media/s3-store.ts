/**
 * The media store on S3-compatible object storage (AWS S3, Cloudflare R2, DigitalOcean Spaces,
 * Backblaze B2, MinIO…), with `@aws-sdk/client-s3`. Objects are named `<prefix><key>` and carry
 * their type and a year-long immutable Cache-Control (the key is the content's hash), so a CDN
 * in front of the bucket may serve them as they are; the site itself streams them through
 * `/media/<key>` (serve.ts), so pages need no other origin in their CSP.
 *
 * Checksums: since 3.729 the SDK adds CRC32 checksums (and, for streamed bodies, aws-chunked
 * trailers) to every upload by default, which several S3-compatible services refuse or store
 * wrongly. Bodies here are whole buffers, and checksums are sent and checked only where the
 * operation requires them (`WHEN_REQUIRED`); TLS and the content-hash key already guard the bytes.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { mediaTypeOfKey, type PictureVariantType } from '../../../shared/platform/media';
import { assertMediaKey, assertMediaType, mediaKeyFor, type MediaInfo, type MediaObject, type MediaStore } from './store';

export interface S3MediaOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's endpoint, e.g. https://<account>.r2.cloudflarestorage.com; unset for AWS. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most self-hosted services need. */
  forcePathStyle?: boolean;
  /** Static credentials; unset: the SDK's default chain (environment, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key, e.g. `media/` to share a bucket. */
  prefix?: string;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);

export function s3MediaStore(options: S3MediaOptions, client?: S3Client): MediaStore {
  const config: S3ClientConfig = {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { requestTimeout: options.timeoutMs ?? 15_000, connectionTimeout: 5_000 },
  };
  const s3 = client ?? new S3Client(config);
  const Bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return `${prefix}${key}`;
  };

  async function stat(key: string): Promise<MediaInfo | null> {
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { key, type: mediaTypeOfKey(key)!, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(bytes: Uint8Array, type: PictureVariantType) {
      assertMediaType(type);
      const key = mediaKeyFor(bytes, type);
      if (await stat(key)) return key;
      await s3.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: type, ContentLength: bytes.length, CacheControl: IMMUTABLE }));
      return key;
    },
    async get(key: string): Promise<MediaObject | null> {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return { key, type: mediaTypeOfKey(key)!, size: object.ContentLength ?? 0, lastModified: object.LastModified ?? new Date(0), body: object.Body };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    stat,
    async exists(key: string) {
      return (await stat(key)) !== null;
    },
    async delete(key: string) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
