import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

/**
 * With CPU_LOG=<file> (vite.config.ts adds this setup file to the integration project): one JSON
 * line per test file, appended to <file>: the CPU-seconds its worker spent on the file (`self`,
 * user + system, imports excepted), those of the processes it started and reaped (`kids`: server
 * processes, `tsx`), and its wall time. PostgreSQL's own CPU is one line at the end
 * (tests/support/postgres-cluster.mjs). What the integration step costs the machine, file by file
 * (ADR 0039); never read by a test.
 */
function cpu() {
  // /proc/self/stat after the command's ')': utime, stime, cutime, cstime are the 12th to 15th fields, in ticks of 1/100 s.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]) / 100) as [number, number, number, number];
  return { self: utime + stime, kids: cutime + cstime };
}

let start = cpu();
let started = 0;
let file = '?';
// eslint-disable-next-line no-empty-pattern -- Vitest reads the hook's first parameter as fixtures; the suite is the second
beforeAll(({}, suite) => {
  file = ((suite as { filepath?: string }).filepath ?? suite.name).split('/').pop()!;
  start = cpu();
  started = Date.now();
});
afterAll(() => {
  const end = cpu();
  const round = (n: number) => Math.round(n * 100) / 100;
  appendFileSync(process.env.CPU_LOG!, `${JSON.stringify({ file, self: round(end.self - start.self), kids: round(end.kids - start.kids), wall: (Date.now() - started) / 1000 })}\n`);
});
