// `npm run seed:requests -- --count 1000000` (or just the number): adds that many requests (default 1,000) to the store at
// DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: PGlite serves one
// process), for measuring the staff inbox at scale (npm run bench:inbox). Never on a real
// clinic's database: the rows are made up, but they are rows among the real ones.
import { openAppStore } from '../server/app/store';
import { createLogger } from '../server/platform/http/logger';
import { seedRequests } from './inbox-seed';

const args = process.argv.slice(2);
const at = args.indexOf('--count');
const count = Number((at >= 0 ? args[at + 1] : args.find((a) => !a.startsWith('-'))) ?? 1000);
if (!Number.isInteger(count) || count < 1 || count > 20_000_000) {
  console.error('Usage: npm run seed:requests -- --count <how many, 1 to 20,000,000>');
  process.exit(1);
}
const logger = createLogger();
const store = await openAppStore({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.DATA_DIR ?? '.data', logger });
const started = performance.now();
try {
  await seedRequests(store, count, (done) => logger.info('seeding requests', { done, of: count, seconds: Math.round((performance.now() - started) / 100) / 10 }));
  logger.info('requests seeded', { count, engine: store.engine, seconds: Math.round((performance.now() - started) / 100) / 10 });
} finally {
  await store.close();
}
