/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One config for the client build (dist/client, with a manifest the server reads
// for preload hints) and the SSR build (`vite build --ssr server/index.ts`).
// BUILD_OUT lets parallel builds (e.g. several end-to-end runs) use separate folders.
const out = process.env.BUILD_OUT ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? { target: 'node20', outDir: `${out}/server`, emptyOutDir: true, copyPublicDir: false, sourcemap: false }
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
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    // One Firebase Auth Emulator for the integration tests (tests/integration/session.test.ts);
    // a migrated PGlite template and a throw-away PostgreSQL cluster for the store tests.
    globalSetup: ['tests/setup/auth-emulator.ts', 'tests/setup/store.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
}));
