/**
 * The MediaStore contract, run against both implementations: local files (DATA_DIR/media) and
 * S3-compatible object storage (a local s3rver started here). Then the /media handler on a test
 * app, over both stores.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/platform/http/logger';
import { localMediaStore } from '../../server/platform/media/local-store';
import { deletePicture, processPicture, savePicture } from '../../server/platform/media/picture';
import { s3MediaStore } from '../../server/platform/media/s3-store';
import { mediaHandler } from '../../server/platform/media/serve';
import { MediaKeyError, contentHash, mediaKeyFor, type MediaStore } from '../../server/platform/media/store';
import { parseMediaConfig, MediaConfigError } from '../../server/platform/media/config';
import { phonePhoto } from '../support/pictures';
import { startLocalS3, type LocalS3 } from '../support/s3-server';

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Keys that would name something outside the store, or are not keys at all. */
const HOSTILE_KEYS = [
  '../package.json',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '/etc/passwd',
  'ab/../../x.jpg',
  `${'a'.repeat(32)}.jpg/..`,
  `..\\${'a'.repeat(32)}.jpg`,
  `${'A'.repeat(32)}.jpg`,
  `${'a'.repeat(32)}.svg`,
  `${'a'.repeat(32)}.jpg\0.png`,
  `${'a'.repeat(31)}.jpg`,
  // A picture's copy (`<id>-<width>.<ext>`, ADR 0053) is no looser.
  `${'a'.repeat(32)}-0640.jpg`,
  `${'a'.repeat(32)}-.jpg`,
  `${'a'.repeat(32)}--640.jpg`,
  `${'a'.repeat(32)}-640-2.jpg`,
  `${'a'.repeat(32)}-123456.jpg`,
  `${'a'.repeat(32)}-640.svg`,
  `${'a'.repeat(32)}-640.jpg/..`,
  `${'a'.repeat(32)}-640/../x.jpg`,
  `../${'a'.repeat(32)}-640.jpg`,
  '',
  '.',
  'ab',
];

let dir: string;
let s3: LocalS3;
const stores: { name: string; store: () => MediaStore }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-store-'));
  s3 = await startLocalS3();
  const local = localMediaStore(path.join(dir, 'media'));
  const remote = s3MediaStore(s3.options);
  stores.push({ name: 'local files', store: () => local }, { name: 'S3 (s3rver)', store: () => remote });
}, 60_000);

afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([['local files'], ['S3 (s3rver)']])('MediaStore contract: %s', (name) => {
  const store = () => stores.find((s) => s.name === name)!.store();
  const bytes = Buffer.from(`a picture's bytes for ${name}`);

  it('names what it stores by its content, and storing it again changes nothing', async () => {
    const key = await store().put(bytes, 'image/webp');
    expect(key).toBe(mediaKeyFor(bytes, 'image/webp'));
    expect(key).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(await store().put(bytes, 'image/webp')).toBe(key);
    // The same bytes as another type are another file.
    expect(await store().put(bytes, 'image/avif')).toBe(key.replace('.webp', '.avif'));
  });

  it('names a picture’s copy by the picture’s id and its width, writes a name once and never replaces it', async () => {
    const picture = contentHash(Buffer.from(`an upload for ${name}`));
    const copy = Buffer.from(`the 640 px copy for ${name}`);
    const key = await store().put(copy, 'image/webp', { picture, width: 640 });
    expect(key).toBe(`${picture}-640.webp`);
    expect(await store().put(copy, 'image/avif', { picture, width: 640 })).toBe(`${picture}-640.avif`);
    expect(await store().put(copy, 'image/webp', { picture, width: 1600 })).toBe(`${picture}-1600.webp`);
    // Other bytes for a name that exists (the same upload again, encoded otherwise): the name keeps
    // its first bytes, so what a browser or CDN cached under it for a year stays true.
    expect(await store().put(Buffer.from('other bytes'), 'image/webp', { picture, width: 640 })).toBe(key);
    expect((await readAll((await store().get(key))!.body)).equals(copy)).toBe(true);
    expect(await store().stat(key)).toMatchObject({ key, type: 'image/webp', size: copy.length });
    // A name from anything but a picture id and a width is refused before the disk or the bucket.
    for (const copyOf of [
      { picture: '../../etc', width: 640 },
      { picture: picture.toUpperCase(), width: 640 },
      { picture: `${picture}/..`, width: 640 },
      { picture, width: 0 },
      { picture, width: -640 },
      { picture, width: 640.5 },
      { picture, width: 123456 },
      { picture, width: Number.NaN },
    ]) {
      await expect(store().put(copy, 'image/webp', copyOf), JSON.stringify(copyOf)).rejects.toBeInstanceOf(MediaKeyError);
    }
    await store().delete(key);
    expect(await store().exists(key)).toBe(false);
  });

  it('streams back exactly what was stored, with its type, size and time', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 255;
    const key = await store().put(big, 'image/jpeg');
    const object = await store().get(key);
    expect(object).not.toBeNull();
    expect(object!.type).toBe('image/jpeg');
    expect(object!.size).toBe(big.length);
    expect(object!.lastModified.getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    const back = await readAll(object!.body);
    expect(back.equals(big)).toBe(true);
    const info = await store().stat(key);
    expect(info).toMatchObject({ key, type: 'image/jpeg', size: big.length });
    expect(await store().exists(key)).toBe(true);
  });

  it('answers null and false for a key it does not have, and deletes idempotently', async () => {
    const key = await store().put(Buffer.from(`to delete ${name}`), 'image/avif');
    await store().delete(key);
    expect(await store().exists(key)).toBe(false);
    expect(await store().get(key)).toBeNull();
    expect(await store().stat(key)).toBeNull();
    await expect(store().delete(key)).resolves.toBeUndefined();
    expect(await store().get(`${'0'.repeat(32)}.jpg`)).toBeNull();
  });

  it('refuses every key that is not one it makes, before touching the disk or the bucket', async () => {
    for (const key of HOSTILE_KEYS) {
      await expect(store().get(key), key).rejects.toBeInstanceOf(MediaKeyError);
      await expect(store().stat(key), key).rejects.toBeInstanceOf(MediaKeyError);
      await expect(store().exists(key), key).rejects.toBeInstanceOf(MediaKeyError);
      await expect(store().delete(key), key).rejects.toBeInstanceOf(MediaKeyError);
    }
  });

  it('stores only the types it serves', async () => {
    for (const type of ['image/svg+xml', 'text/html', 'image/png', 'application/octet-stream']) {
      await expect(store().put(Buffer.from('<svg onload=alert(1)>'), type as 'image/jpeg'), type).rejects.toThrow(/not a stored media type/);
    }
  });

  it('keeps a processed picture’s files and removes them all', async () => {
    const processed = await processPicture(await phonePhoto({ width: 700, height: 500 }), { widths: [400, 700], formats: ['webp', 'jpeg'] });
    if (!processed.ok) throw new Error(processed.message);
    const picture = await savePicture(store(), processed);
    expect(picture.variants.map((v) => v.key).sort()).toEqual([`${picture.id}-400.jpg`, `${picture.id}-400.webp`, `${picture.id}-700.jpg`, `${picture.id}-700.webp`]);
    for (const v of picture.variants) expect(await store().exists(v.key), v.key).toBe(true);
    // The same upload saved again (its row lost, say) keeps the files as they are.
    expect(await savePicture(store(), processed)).toEqual(picture);
    await deletePicture(store(), picture);
    for (const v of picture.variants) expect(await store().exists(v.key), v.key).toBe(false);
  });
});

describe('the local store on disk', () => {
  it('writes inside its folder only, in sub-folders by the key’s first two digits, with no temporary files left', async () => {
    const root = path.join(dir, 'media');
    const store = localMediaStore(root);
    const key = await store.put(Buffer.from('on disk'), 'image/jpeg');
    expect(existsSync(path.join(root, key.slice(0, 2), key))).toBe(true);
    expect(readdirSync(path.join(root, key.slice(0, 2))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(path.join(dir, 'package.json'))).toBe(false);
  });
});

describe('the S3 store', () => {
  it('gives each object its type and a year-long immutable Cache-Control, under the prefix', async () => {
    const store = s3MediaStore({ ...s3.options, prefix: 'site/media/' });
    const key = await store.put(Buffer.from('cache me'), 'image/avif');
    const client = new S3Client({ region: s3.options.region, endpoint: s3.options.endpoint, forcePathStyle: true, credentials: s3.options.credentials! });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.options.bucket, Key: `site/media/${key}` }));
    expect(head.ContentType).toBe('image/avif');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    client.destroy();
  });

  it('fails plainly when the bucket is unreachable (no silent null)', async () => {
    const store = s3MediaStore({ ...s3.options, endpoint: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(store.exists(`${'1'.repeat(32)}.jpg`)).rejects.toThrow();
  });
});

describe('MEDIA_S3_* configuration', () => {
  it('is local files with none set, S3 with bucket and region, and an error naming what a partial set lacks', () => {
    expect(parseMediaConfig({})).toEqual({ kind: 'local' });
    expect(parseMediaConfig({ MEDIA_S3_BUCKET: '', MEDIA_S3_REGION: ' ' })).toEqual({ kind: 'local' });
    expect(
      parseMediaConfig({ MEDIA_S3_BUCKET: 'clinic-media', MEDIA_S3_REGION: 'auto', MEDIA_S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/', MEDIA_S3_ACCESS_KEY_ID: 'AKIA1', MEDIA_S3_SECRET_ACCESS_KEY: 'secret-123' }),
    ).toEqual({ kind: 's3', bucket: 'clinic-media', region: 'auto', endpoint: 'https://acc.r2.cloudflarestorage.com', forcePathStyle: false, credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret-123' } });
    expect(() => parseMediaConfig({ MEDIA_S3_BUCKET: 'clinic-media' })).toThrow(/MEDIA_S3_REGION must be set/);
    expect(() => parseMediaConfig({ MEDIA_S3_BUCKET: 'clinic-media', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(MediaConfigError);
    expect(() => parseMediaConfig({ MEDIA_S3_BUCKET: 'Bad_Bucket', MEDIA_S3_REGION: 'eu-west-1' })).toThrow(/MEDIA_S3_BUCKET/);
  });
});

describe.each([['local files'], ['S3 (s3rver)']])('GET /media/<key> over %s', (name) => {
  let app: express.Express;
  let key: string;
  const jpeg = Buffer.from(`\xff\xd8\xff a jpeg for ${name}`, 'latin1');
  const lines: string[] = [];

  beforeAll(async () => {
    const store = stores.find((s) => s.name === name)!.store();
    key = await store.put(jpeg, 'image/jpeg');
    app = express();
    app.use('/media', mediaHandler({ store, logger: createLogger((line) => lines.push(line)) }));
    app.use((_req, res) => res.status(418).send('fell through'));
  });

  it('sends the file with its stored type, nosniff, and a year-long immutable cache', async () => {
    const res = await request(app).get(`/media/${key}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(jpeg)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(jpeg.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${key}"`);
    expect(new Date(res.headers['last-modified']!).getTime()).toBeGreaterThan(0);
  });

  it('answers HEAD with the headers only, and a matching conditional GET with 304', async () => {
    const head = await request(app).head(`/media/${key}`);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers['content-length']).toBe(String(jpeg.length));
    expect(head.text ?? '').toBe('');
    const etag = head.headers.etag!;
    const byTag = await request(app).get(`/media/${key}`).set('If-None-Match', etag);
    expect(byTag.status).toBe(304);
    expect(byTag.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const byDate = await request(app).get(`/media/${key}`).set('If-Modified-Since', new Date(Date.now() + 60_000).toUTCString());
    expect(byDate.status).toBe(304);
    const stale = await request(app).get(`/media/${key}`).set('If-None-Match', '"0123"');
    expect(stale.status).toBe(200);
  });

  it('serves a picture’s copies by the picture and the width, each with its own type and ETag, as immutable as the older names', async () => {
    const store = stores.find((s) => s.name === name)!.store();
    const picture = contentHash(Buffer.from(`a served upload for ${name}`));
    const avif = await store.put(Buffer.from(`avif 800 for ${name}`), 'image/avif', { picture, width: 800 });
    const webp = await store.put(Buffer.from(`webp 800 for ${name}`), 'image/webp', { picture, width: 800 });
    const a = await request(app).get(`/media/${avif}`);
    const w = await request(app).get(`/media/${webp}`);
    expect([a.status, w.status]).toEqual([200, 200]);
    expect([a.headers['content-type'], w.headers['content-type']]).toEqual(['image/avif', 'image/webp']);
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.headers.etag).not.toBe(w.headers.etag);
    expect((await request(app).get(`/media/${picture}-801.avif`)).status).toBe(404);
    expect((await request(app).get(`/media/${picture}-0800.avif`)).status).toBe(404);
  });

  it('is 404 for an unknown key, for anything that is not a key, and for the folder itself (no listing)', async () => {
    for (const p of [`/media/${'0'.repeat(32)}.jpg`, '/media/', '/media', '/media/../package.json', '/media/%2e%2e%2fpackage.json', `/media/${key}/x`, `/media/${key.slice(0, 2)}/${key}`, '/media/.env', `/media/${key.toUpperCase()}`]) {
      const res = await request(app).get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toMatch(/^text\/plain/);
      expect(res.text, p).not.toMatch(/stack|Error|node_modules/);
    }
  });

  it('allows GET and HEAD only', async () => {
    const res = await request(app).post(`/media/${key}`).send('x');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect((await request(app).delete(`/media/${key}`)).status).toBe(405);
  });
});

describe('GET /media/<key> when the store fails', () => {
  it('is a 503, logged, without the error in the answer', async () => {
    const lines: string[] = [];
    const failing: MediaStore = {
      kind: 's3',
      put: async () => '',
      get: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.9:443 secret-bucket');
      },
      stat: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.9:443 secret-bucket');
      },
      exists: async () => false,
      delete: async () => {},
    };
    const app = express();
    app.use('/media', mediaHandler({ store: failing, logger: createLogger((line) => lines.push(line)) }));
    const key = `${'2'.repeat(32)}.webp`;
    for (const res of [await request(app).get(`/media/${key}`), await request(app).head(`/media/${key}`)]) {
      expect(res.status).toBe(503);
      expect(res.text ?? '').not.toMatch(/ECONNREFUSED|secret-bucket/);
      expect(res.headers.etag).toBeUndefined();
    }
    expect(lines.some((l) => l.includes('media store failed'))).toBe(true);
  });
});
