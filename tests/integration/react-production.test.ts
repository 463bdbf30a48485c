import { createRequire } from 'node:module';
import request from 'supertest';
import { expect, it } from 'vitest';
import { makeTestApp } from '../support/test-app';

// The integration tests render pages with React's production build, as the server does in
// production, while the app's config reads NODE_ENV=test (tests/support/react-production.mjs,
// ADR 0039): React's development build costs two to three times the CPU per page.

/** React's builds that have run in this process (Node's import of a CommonJS file also puts the files it re-exports in the cache, unrun: `loaded` false). */
const reactBuilds = () =>
  Object.values(createRequire(import.meta.url).cache)
    .filter((module) => module?.loaded && /[\\/]node_modules[\\/]react(-dom)?[\\/]cjs[\\/]/.test(module.id))
    .map((module) => module!.id.split(/[\\/]/).pop()!);

it('pages render with React’s production build while the app runs with NODE_ENV=test', async () => {
  expect(process.env.NODE_ENV).toBe('test');
  const page = await request(makeTestApp()).get('/');
  expect(page.status).toBe(200);
  const loaded = reactBuilds();
  expect(loaded).toContain('react.production.js');
  expect(loaded).toContain('react-dom-server.node.production.js');
  expect(loaded.filter((file) => file.includes('development'))).toEqual([]);
});
