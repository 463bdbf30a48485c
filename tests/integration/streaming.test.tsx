import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { Suspense, use } from 'react';
import type { RouteObject } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientAssets } from '../../server/platform/render/assets';
import { withoutBrotli } from '../../server/platform/http/compression';
import { createLogger } from '../../server/platform/http/logger';
import { makeTestApp } from '../support/test-app';

// A page whose second half waits on a promise the test resolves only after it has
// received the shell: if compression (or anything else) held the shell back, the
// test would never get there.
let release: (v: string) => void = () => {};
const late = new Promise<string>((resolve) => {
  release = resolve;
});
function Late() {
  return <p id="late">{use(late)}</p>;
}
function Broken(): never {
  throw new Error('broken part');
}
const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      {
        id: 'stream',
        path: '/stream',
        Component: () => (
          <main>
            <h1>Shell first</h1>
            <Suspense fallback={<p>Loading…</p>}>
              <Late />
            </Suspense>
          </main>
        ),
      },
      {
        id: 'boundary-error',
        path: '/boundary-error',
        Component: () => (
          <main>
            <h1>Half a page</h1>
            <Suspense fallback={<p>Loading…</p>}>
              <Broken />
            </Suspense>
          </main>
        ),
      },
      {
        id: 'plain',
        path: '/plain',
        Component: () => (
          <main>
            {Array.from({ length: 60 }, (_, i) => (
              <p key={i}>{`Paragraph ${i} of a page long enough to be compressed.`}</p>
            ))}
          </main>
        ),
      },
    ],
  },
];

// A built client directory: one script with the build's brotli and gzip copies beside it
// (vite.config.ts, precompressAssets), one stylesheet without.
const clientDir = mkdtempSync(path.join(tmpdir(), 'clinic-assets-'));
mkdirSync(path.join(clientDir, 'assets'));
const script = 'export const x = 1;\n'.repeat(400);
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
writeFileSync(path.join(clientDir, 'assets', 'page-def456.css'), '.a { color: red; }\n'.repeat(200));

const server = createServer(makeTestApp({ routes, clientDir })).listen(0);
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(clientDir, { recursive: true, force: true });
});

/** Status, headers and raw (still encoded) body of a GET. */
function getRaw(urlPath: string, acceptEncoding: string) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; encoding: string | undefined; vary: string | undefined; type: string | undefined; cacheControl: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ port, path: urlPath, headers: { 'accept-encoding': acceptEncoding, 'user-agent': 'Mozilla/5.0' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          vary: res.headers.vary,
          type: res.headers['content-type'],
          cacheControl: res.headers['cache-control'],
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('sends a page rendered per request as gzip even when brotli is accepted, and the hashed assets as brotli', async () => {
    const page = await getRaw('/plain', 'gzip, deflate, br, zstd');
    expect(page.status).toBe(200);
    expect(page.encoding).toBe('gzip');
    expect(page.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(page.body).toString()).toContain('Paragraph 59 of a page');

    // An asset without the build's copies: compressed per response, with brotli.
    const style = await getRaw('/assets/page-def456.css', 'gzip, deflate, br, zstd');
    expect(style.status).toBe(200);
    expect(style.encoding).toBe('br');
    expect(brotliDecompressSync(style.body).toString()).toContain('.a { color: red; }');
  });

  it('sends the build’s brotli or gzip copy of an asset as it is, with its own type, and the file itself to others', async () => {
    const br = await getRaw('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br).toMatchObject({ status: 200, encoding: 'br', type: 'text/javascript; charset=utf-8' });
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(br.cacheControl).toContain('immutable');
    expect(br.body.equals(brotliCompressSync(script))).toBe(true);

    const gz = await getRaw('/assets/app-abc123.js', 'gzip');
    expect(gz).toMatchObject({ status: 200, encoding: 'gzip', type: 'text/javascript; charset=utf-8' });
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const none = await getRaw('/assets/app-abc123.js', 'identity');
    expect(none.status).toBe(200);
    expect(none.encoding).toBeUndefined();
    expect(none.body.toString()).toBe(script);

    // Refused with q=0: the other copy.
    expect((await getRaw('/assets/app-abc123.js', 'br;q=0, gzip')).encoding).toBe('gzip');
    expect((await getRaw('/assets/missing-000000.js', 'br')).status).toBe(404);

  });

  it('sends a page uncompressed to a browser that accepts only brotli, rather than in a coding it did not ask for', async () => {
    const brOnly = await getRaw('/plain', 'br');
    expect(brOnly.encoding).toBeUndefined();
    expect(brOnly.body.toString()).toContain('Paragraph 59 of a page');
  });

  it('drops only the br entries of Accept-Encoding', () => {
    expect(withoutBrotli('gzip, deflate, br, zstd')).toBe('gzip, deflate, zstd');
    expect(withoutBrotli('br;q=1.0, gzip;q=0.8')).toBe('gzip;q=0.8');
    expect(withoutBrotli('BR')).toBe('identity');
    expect(withoutBrotli('gzip')).toBe('gzip');
  });
});

describe('streaming', () => {
  it('sends the gzipped shell before the rest of the page is ready', async () => {
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest({ port, path: '/stream', headers: { 'accept-encoding': 'gzip', 'user-agent': 'Mozilla/5.0' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        const gunzip = createGunzip();
        let text = '';
        let released = false;
        res.pipe(gunzip);
        gunzip.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (!released && text.includes('Shell first')) {
            expect(text).not.toContain('the rest arrived');
            released = true;
            release('the rest arrived');
          }
        });
        gunzip.on('end', () => resolve(text));
        gunzip.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(body).toContain('the rest arrived');
  });
});

// Production assets inline the page's stylesheet; a page rendered per request is then gzipped
// with the stylesheet's piece compressed once and spliced in (server/platform/render/page-gzip.ts, ADR 0017).
describe('a page rendered per request in one pass', () => {
  const css = Array.from({ length: 300 }, (_, i) => `.rule-${i} { margin: ${i}px; }`).join('\n');
  const styledAssets: ClientAssets = {
    forPages: () => ({ entryScripts: ['/assets/entry.js'], preloads: [], styles: ['/assets/page.css'], inlineStyle: { css, hash: "'sha256-test'" }, loaderScript: '/assets/loader.js' }),
  };
  const errors: string[] = [];
  const logger = createLogger((line, level) => {
    if (level === 'error') errors.push(line);
  });
  const styled = createServer(makeTestApp({ routes, assets: styledAssets, logger })).listen(0);
  afterAll(() => new Promise<void>((r) => styled.close(() => r())));

  function get(urlPath: string, acceptEncoding: string) {
    const { port } = styled.address() as AddressInfo;
    return new Promise<{ status: number; encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
      httpRequest({ port, path: urlPath, headers: { 'accept-encoding': acceptEncoding, 'user-agent': 'Mozilla/5.0' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }
  const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, '');

  it('is gzipped with the stylesheet spliced in, and reads as the page sent uncompressed', async () => {
    const gz = await get('/plain', 'gzip, deflate, br');
    expect(gz.status).toBe(200);
    expect(gz.encoding).toBe('gzip');
    expect(gz.vary).toMatch(/cookie/i);
    expect(gz.vary).toMatch(/accept-encoding/i);
    const page = gunzipSync(gz.body).toString();
    expect(page).toContain(`<style>${css}</style>`);
    expect(page).toContain('Paragraph 59 of a page');
    expect(page).toMatch(/<\/html>$/);
    const plain = await get('/plain', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(withoutNonces(page)).toBe(withoutNonces(plain.body.toString()));
    // A browser that takes only deflate gets it from the compression middleware.
    const deflate = await get('/plain', 'deflate');
    expect(deflate.encoding).toBe('deflate');
  });

  it('a part that throws inside a Suspense boundary: the streaming renderer takes over, answers 500 and logs it once', async () => {
    errors.length = 0;
    const res = await get('/boundary-error', 'gzip');
    expect(res.status).toBe(500);
    const page = gunzipSync(res.body).toString();
    expect(page).toContain('Half a page');
    expect(page).toContain('Loading…');
    expect(errors.filter((line) => line.includes('render error'))).toHaveLength(1);
  });
});
