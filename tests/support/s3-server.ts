/**
 * A local S3-compatible server for the media store's contract tests: s3rver (an npm package,
 * nothing downloaded), on a free loopback port, its data in a temporary folder. It checks
 * Signature V4 (credentials S3RVER / S3RVER), answers S3's XML errors (NoSuchKey…) and keeps
 * Content-Type and Cache-Control, which is what the store relies on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3MediaOptions } from '../../server/platform/media/s3-store';

export interface LocalS3 {
  options: S3MediaOptions;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'clinic-media'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      timeoutMs: 10_000,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
