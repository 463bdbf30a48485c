// Development server: Vite in middleware mode serves the client with HMR, and the
// server code is loaded through Vite so shared/ modules (TSX, CSS imports) just work.
import { createServer } from 'vite';

process.env.NODE_ENV ??= 'development';
// Each dev server gets its own HMR port, so several can run side by side.
const hmrPort = Number(process.env.PORT ?? 3000) + 20000;
const vite = await createServer({ server: { middlewareMode: true, hmr: { port: hmrPort } }, appType: 'custom' });
const { start } = await vite.ssrLoadModule('/server/main.ts');
const { devAssets } = await vite.ssrLoadModule('/server/platform/render/assets.ts');
const server = await start({ assets: devAssets, devMiddleware: vite.middlewares });
server.on('close', () => vite.close());
