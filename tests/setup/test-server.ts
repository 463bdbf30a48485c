import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

/**
 * Bundles tests/integration/fixtures/serve.ts (server/main.ts start() and a /slow endpoint) once
 * for the integration run, as `vite build --ssr` bundles the production server, with the
 * migrations beside it; tests start it with node (tests/integration/fixtures/server-process.ts).
 * Inside node_modules/.cache, so the bundle's imports of packages resolve from the checkout.
 * Tests read its path with inject('testServerEntry'); answers how to remove it.
 */
export async function buildTestServer(project: TestProject): Promise<() => Promise<void>> {
  const cache = path.resolve('node_modules/.cache');
  const outDir = mkdtempSync(path.join(cache, 'clinic-test-server-'));
  const remove = async () => rmSync(outDir, { recursive: true, force: true });
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      ssr: { noExternal: [] },
      publicDir: false,
      // JSX as `vite build` compiles it for production: this process's NODE_ENV is 'test', which
      // would make it jsxDEV(), absent from React's production build the server runs with
      // (tests/support/react-production.mjs).
      oxc: { jsx: { runtime: 'automatic', development: false } },
      build: {
        ssr: 'tests/integration/fixtures/serve.ts',
        outDir,
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        rollupOptions: { output: { entryFileNames: 'serve.js' } },
      },
    });
    cpSync('server/platform/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
  } catch (error) {
    await remove();
    throw error;
  }
  project.provide('testServerEntry', path.join(outDir, 'serve.js'));
  return remove;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled test server (tests/integration/fixtures/serve.ts): `node <it>`. */
    testServerEntry: string;
  }
}
