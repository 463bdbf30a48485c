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
        test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'], globalSetup: ['tests/setup/auth-emulator.ts'] },
      },
    ],
  },
}));
