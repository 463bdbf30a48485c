// `npm run bench:inbox [-- <rows>]`: the staff inbox at scale on PostgreSQL (what it measures:
// scripts/bench-inbox-run.ts). The app's route table is built with Vite's import.meta.glob, so
// the benchmark runs through Vite's SSR loader.
// NODE_ENV=production first, so React renders as it does in production.
process.env.NODE_ENV = 'production';
const { createServer } = await import('vite');
const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent', optimizeDeps: { noDiscovery: true, include: [] } });
try {
  const { run } = await vite.ssrLoadModule('/scripts/bench-inbox-run.ts');
  await run(Number(process.argv[2] ?? 1_000_000));
} finally {
  await vite.close();
}
