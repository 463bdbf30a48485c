/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One config for the client build (dist/client, with a manifest the server reads
// for preload hints) and the SSR build (`vite build --ssr server/index.ts`).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, sourcemap: false }
    : {
        outDir: 'dist/client',
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
    testTimeout: 20000,
    hookTimeout: 60000,
  },
}));
