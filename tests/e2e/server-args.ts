import path from 'node:path';

/**
 * How the end-to-end servers start the build: React's production build preloaded while the
 * app's config reads NODE_ENV=test (tests/support/react-production.mjs, ADR 0039, ADR 0051):
 * React is external to the server bundle, and NODE_ENV=test alone would load its development
 * build, three times the CPU per page rendered.
 */
export function serverArgs(out = process.env.BUILD_OUT ?? 'dist'): string[] {
  return ['--import', path.resolve('tests/support/react-production.mjs'), path.resolve(out, 'server/index.js')];
}
