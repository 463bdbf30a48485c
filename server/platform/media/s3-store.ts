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
import { mediaStoreOn, type MediaStore } from './store';

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
  /** null when the object is not there; any other failure is thrown. */
  const orNull = async <T>(request: Promise<T>): Promise<T | null> => {
    try {
      return await request;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  return mediaStoreOn({
    kind: 's3',
    async head(key) {
      const head = await orNull(s3.send(new HeadObjectCommand({ Bucket, Key: `${prefix}${key}` })));
      return head && { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    },
    async read(key) {
      const object = await orNull(s3.send(new GetObjectCommand({ Bucket, Key: `${prefix}${key}` })));
      if (!object) return null;
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
      return { size: object.ContentLength ?? 0, lastModified: object.LastModified ?? new Date(0), body: object.Body };
    },
    async write(key, bytes, type) {
      await s3.send(new PutObjectCommand({ Bucket, Key: `${prefix}${key}`, Body: bytes, ContentType: type, ContentLength: bytes.length, CacheControl: IMMUTABLE }));
    },
    async remove(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: `${prefix}${key}` }));
    },
  });
}
