/// <reference types="vitest/config" />
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Social cards (1200×630, /og/*.png) and app icons (/icons/*.png), drawn from the SVGs in
 * public/ with resvg into the client build. Generated files only: nothing binary in git.
 */
function socialImages(): Plugin {
  return {
    name: 'clinic-social-images',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? `${out}/client`;
      // Loaded through Vite's module runner, so the config itself stays free of TypeScript imports.
      const [{ module: render }, { module: cards }] = await Promise.all([
        runnerImport<typeof import('./server/seo/card-render')>('./server/seo/card-render.ts', { configFile: false }),
        runnerImport<typeof import('./shared/seo/social-cards')>('./shared/seo/social-cards.ts', { configFile: false }),
      ]);
      const { renderCard, renderIcon } = render;
      const { allCards, APP_ICONS } = cards;
      await mkdir(path.join(dir, 'og'), { recursive: true });
      await mkdir(path.join(dir, 'icons'), { recursive: true });
      const jobs = [
        ...allCards().map((card) => async () => writeFile(path.join(dir, 'og', `${card.key}.png`), await renderCard(card, 'public'))),
        ...APP_ICONS.map((icon) => async () => writeFile(path.join(dir, 'icons', icon.file), await renderIcon(icon.size, icon.purpose, 'public'))),
      ];
      // Two at a time: the build machine is shared.
      const queue = [...jobs];
      await Promise.all([0, 1].map(async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await job();
      }));
      this.info(`social cards and icons: ${jobs.length} PNG files in ${dir}`);
    },
  };
}

// One config for the client build (dist/client, with a manifest the server reads
// for preload hints) and the SSR build (`vite build --ssr server/index.ts`).
// BUILD_OUT lets parallel builds (e.g. several end-to-end runs) use separate folders.
const out = process.env.BUILD_OUT ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), socialImages()],
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
    // One Firebase Auth Emulator for the integration tests (tests/integration/session.test.ts).
    globalSetup: ['tests/setup/auth-emulator.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
}));
