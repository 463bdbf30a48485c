import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGunzip } from 'node:zlib';
import { Suspense, use } from 'react';
import type { RouteObject } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp } from './test-app';

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
    ],
  },
];

const server = makeTestApp({ routes }).listen(0);
afterAll(() => new Promise<void>((r) => server.close(() => r())));

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
