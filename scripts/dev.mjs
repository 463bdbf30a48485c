// Development server: Vite in middleware mode serves the client with HMR, and the
// server code is loaded through Vite so shared/ modules (TSX, CSS imports) just work.
import { createServer } from 'vite';

process.env.NODE_ENV ??= 'development';
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const { start } = await vite.ssrLoadModule('/server/main.ts');
const { devAssets } = await vite.ssrLoadModule('/server/assets.ts');
const server = await start({ assets: devAssets, devMiddleware: vite.middlewares });
server.on('close', () => vite.close());
