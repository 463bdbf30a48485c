/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// One config for the client build (dist/client, with a manifest the server reads
// for preload hints) and the SSR build (`vite build --ssr`: dist/server/index.js, the
// server, and dist/server/migrate.js, `npm run db:migrate` for the production image).
// BUILD_OUT lets parallel builds (e.g. several end-to-end runs) use separate folders.
const out = process.env.BUILD_OUT ?? 'dist';

/** The SQL migrations ship beside the server bundle (dist/server/migrations), where server/db/migrate.ts looks. */
function copyMigrations(): Plugin {
  const dir = 'server/db/migrations';
  return {
    name: 'copy-migrations',
    apply: (_config, env) => Boolean(env.isSsrBuild),
    generateBundle() {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
        this.emitFile({ type: 'asset', fileName: `migrations/${file}`, source: readFileSync(`${dir}/${file}`, 'utf8') });
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), copyMigrations()],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: `${out}/server`,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: { input: { index: 'server/index.ts', migrate: 'server/db/migrate-cli.ts' } },
      }
    : {
        outDir: `${out}/client`,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        cssCodeSplit: true,
        rollupOptions: { input: 'client/entry.tsx' },
      },
  ssr: { noExternal: [] },
  test: {
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    // Two projects, so `npm run test:unit` starts nothing: unit tests need no emulator and no
    // server; integration tests (supertest against createApp()) share one Firebase Auth
    // Emulator started by the global setup. `extends: true` inherits the plugins and options above.
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          // One Firebase Auth Emulator; a migrated PGlite template and a throw-away PostgreSQL cluster for the store.
          globalSetup: ['tests/setup/auth-emulator.ts', 'tests/setup/store.ts'],
        },
      },
    ],
  },
}));
