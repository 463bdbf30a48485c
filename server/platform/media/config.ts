/**
 * Which media store, from the environment (checked at start; `.env.example`):
 *  - no MEDIA_S3_* variable → files under DATA_DIR/media (the embedded default; one instance,
 *    or several sharing that folder);
 *  - MEDIA_S3_BUCKET (and MEDIA_S3_REGION, optionally MEDIA_S3_ENDPOINT, MEDIA_S3_FORCE_PATH_STYLE,
 *    MEDIA_S3_PREFIX, MEDIA_S3_ACCESS_KEY_ID with MEDIA_S3_SECRET_ACCESS_KEY) → object storage.
 * A partial set is an error naming what is missing: a half-configured bucket silently falling
 * back to local files would lose every upload at the container's next start.
 *
 * API: parseMediaConfig(env) → MediaConfig (throws MediaConfigError); openMediaStore(config, dataDir) → MediaStore.
 */
import path from 'node:path';
import { z } from 'zod';
import { localMediaStore } from './local-store';
import { s3MediaStore, type S3MediaOptions } from './s3-store';
import type { MediaStore } from './store';

export class MediaConfigError extends Error {
  override name = 'MediaConfigError';
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const schema = z.object({
  MEDIA_S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name (3-63 lower-case letters, digits, dots and hyphens)')),
  MEDIA_S3_REGION: optional(z.string().regex(/^[a-z0-9-]{2,40}$/, 'expected a region such as eu-west-1 (auto for Cloudflare R2)')),
  MEDIA_S3_ENDPOINT: optional(z.string().regex(/^https?:\/\/[^/?#\s]+\/?$/, 'expected scheme and host only, e.g. https://<account>.r2.cloudflarestorage.com')),
  MEDIA_S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false', '1', '0'], { message: 'expected true or false' })),
  MEDIA_S3_PREFIX: optional(z.string().regex(/^([A-Za-z0-9_-]+\/)+$/, 'expected folder names ending in a slash, e.g. media/')),
  MEDIA_S3_ACCESS_KEY_ID: optional(z.string().min(3)),
  MEDIA_S3_SECRET_ACCESS_KEY: optional(z.string().min(8)),
});

export type MediaConfig = { kind: 'local' } | ({ kind: 's3' } & S3MediaOptions);

export function parseMediaConfig(env: Record<string, string | undefined>): MediaConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new MediaConfigError(`${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const set = Object.entries(e).filter(([, v]) => v !== undefined).map(([k]) => k);
  if (set.length === 0) return { kind: 'local' };
  const missing = ['MEDIA_S3_BUCKET', 'MEDIA_S3_REGION'].filter((k) => !set.includes(k));
  if (missing.length) throw new MediaConfigError(`${missing.join(' and ')} must be set with the other MEDIA_S3_* variables (${set.join(', ')}), or none of them for local files in DATA_DIR/media.`);
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new MediaConfigError('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together (or neither, for the default credential chain).');
  }
  return {
    kind: 's3',
    bucket: e.MEDIA_S3_BUCKET!,
    region: e.MEDIA_S3_REGION!,
    ...(e.MEDIA_S3_ENDPOINT ? { endpoint: e.MEDIA_S3_ENDPOINT.replace(/\/$/, '') } : {}),
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === 'true' || e.MEDIA_S3_FORCE_PATH_STYLE === '1',
    ...(e.MEDIA_S3_PREFIX ? { prefix: e.MEDIA_S3_PREFIX } : {}),
    ...(e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY } } : {}),
  };
}

/** The store the configuration names: DATA_DIR/media, or the bucket. */
export function openMediaStore(config: MediaConfig, dataDir: string): MediaStore {
  if (config.kind === 'local') return localMediaStore(path.join(dataDir, 'media'));
  const { kind: _kind, ...options } = config;
  return s3MediaStore(options);
}
