/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

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
        runnerImport<typeof import('./server/app/seo/card-render')>('./server/app/seo/card-render.ts', { configFile: false }),
        runnerImport<typeof import('./shared/app/seo/social-cards')>('./shared/app/seo/social-cards.ts', { configFile: false }),
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

/**
 * Brotli (quality 11) and gzip (level 9) copies of the hashed scripts, styles and SVGs, written
 * beside them (`app-x.js.br`, `app-x.js.gz`) for server/platform/http/compression.ts to send as they are:
 * smaller than compressing per response, and no CPU per request. A copy is kept only when it
 * saves at least a tenth of the file.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  return {
    name: 'clinic-precompress-assets',
    apply: 'build',
    async writeBundle(options) {
      const dir = path.join(options.dir ?? `${out}/client`, 'assets');
      const files = (await readdir(dir)).filter((f) => /\.(js|css|svg|json)$/.test(f));
      let written = 0;
      for (const file of files) {
        const source = await readFile(path.join(dir, file));
        if (source.length < 1024) continue;
        const [br, gz] = await Promise.all([
          brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gzip(source, { level: 9 }),
        ]);
        for (const [ext, data] of [['br', br], ['gz', gz]] as const) {
          if (data.length > source.length * 0.9) continue;
          await writeFile(path.join(dir, `${file}.${ext}`), data);
          written++;
        }
      }
      this.info(`precompressed: ${written} files beside ${files.length} assets in ${dir}`);
    },
  };
}

// One config for the client build (dist/client, with a manifest the server reads
// for preload hints) and the SSR build (`vite build --ssr`: dist/server/index.js, the
// server, and dist/server/migrate.js, `npm run db:migrate` for the production image).
// BUILD_OUT lets parallel builds (e.g. several end-to-end runs) use separate folders.
const out = process.env.BUILD_OUT ?? 'dist';

/** The SQL migrations ship beside the server bundle (dist/server/migrations), where server/platform/db/migrate.ts looks. */
function copyMigrations(): Plugin {
  const dir = 'server/platform/db/migrations';
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
  plugins: isSsrBuild ? [react(), copyMigrations()] : [react(), socialImages(), precompressAssets()],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: `${out}/server`,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: { input: { index: 'server/index.ts', migrate: 'server/app/cli/migrate.ts' } },
      }
    : {
        outDir: `${out}/client`,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        cssCodeSplit: true,
        rollupOptions: {
          // The entry (hydration) and the loader (client/loader.ts: what starts it on the first
          // intent; on every page, so its own small file).
          input: ['client/entry.tsx', 'client/loader.ts'],
          // Everything the entry imports statically (React, the router, the layout) in one file
          // beside it, instead of a dozen 1–2 kB chunks shared with the pages: on a phone's slow
          // connection each request costs a round trip.
          // The entry module itself stays in its own chunk: it awaits the first page's modules, which
          // import from this one, and a module cannot wait on modules that wait on it.
          // The loader's own imports (client/render-on-tab.ts, client/early.ts, client/open-modal.ts) stay in the loader's file.
          output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !/[\\/]client[\\/](entry\.tsx|loader\.ts|render-on-tab\.ts|early\.ts|player\.ts|open-modal\.ts)$/.test(id) }] } },
        },
      },
  ssr: { noExternal: [] },
  test: {
    environment: 'node',
    // A limit for a test that hangs, not a wait: in `npm test`'s first minutes seven steps share the
    // two cores, and integration tests that take 4–7 s there (under 1 s alone) were seen at 21–23 s
    // (intake.test.ts, message-replies.test.ts), failing a run for nothing they do (issue 49).
    testTimeout: 60000,
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
          // Two files at a time (Vitest's default on 2 cores is one): much of a file's time is spent
          // waiting on PostgreSQL, a server process or the emulator. Its own group, as it differs
          // from the unit project's worker count.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // One Firebase Auth Emulator; a migrated PGlite template and a throw-away PostgreSQL
          // cluster for the store; the test server bundled once (tests/setup/integration.ts).
          globalSetup: ['tests/setup/integration.ts'],
          // React's production build, as the server runs it; the app's config still reads
          // NODE_ENV=test (tests/support/react-production.mjs, ADR 0039).
          setupFiles: ['tests/support/react-production.mjs', ...(process.env.CPU_LOG ? ['tests/support/cpu-per-file.ts'] : [])],
          // A worker imports the app (React, the router, drizzle, PGlite…) once for all the files
          // it runs, not once per file (2–3 CPU-seconds each): no file keeps state in a module,
          // each opens its own store and app (docs/conventions.md, "Test files share a worker").
          isolate: false,
        },
        // JSX compiled as the production build compiles it: jsx(), not jsxDEV(), which React's
        // production build does not have.
        oxc: { jsx: { runtime: 'automatic', development: false } },
      },
    ],
  },
}));
