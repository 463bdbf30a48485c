import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestAssets } from './platform/render/assets';
import { start } from './main';

// Production entry (built to dist/server/index.js): the client build sits beside it in dist/client.
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
await start({ assets: manifestAssets(clientDir), clientDir });
