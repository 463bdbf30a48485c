// `npm test` (everything CI runs) and `npm run test:quick` (the development loop): the checks
// as a graph of steps, each started as soon as the steps it needs have passed, side by side.
// Each step's output goes to its own log (TEST_LOGS, default node_modules/.cache/test-logs/);
// a step's log is printed when it fails, its time when it ends, and a table of every step's
// time and the total at the end. Exit code 1 when any step failed or was not run.
// ADR 0039 says what runs beside what, and why.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * @typedef {{ name: string, cmd: string, args: string[], env?: Record<string, string>, needs?: string[], background?: boolean, what: string }} Step
 */

/** @type {Step[]} */
const FULL = [
  // `background`: no time limit inside, so it runs at a lower CPU priority and takes the cores
  // whenever the timed tests (unit, integration, e2e: each test has a limit) wait (ADR 0039).
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit'], background: true, what: 'TypeScript, strict' },
  { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'], background: true, what: 'ESLint and the layer rules' },
  { name: 'unit', cmd: bin('vitest'), args: ['run', '--project', 'unit'], what: 'tests/unit' },
  { name: 'integration', cmd: bin('vitest'), args: ['run', '--project', 'integration'], what: 'tests/integration, store tests on PGlite and PostgreSQL' },
  { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'], what: 'the production build, once, for e2e and prod' },
  { name: 'e2e', cmd: bin('vitest'), args: ['run', '--config', 'vitest.e2e.config.ts'], needs: ['build'], what: 'tests/e2e in Chromium against the build' },
  { name: 'prod', cmd: 'bash', args: ['tests/prod/smoke-prod.sh', '--built'], needs: ['build'], what: 'the production image reproduced, on PostgreSQL' },
];

/** @type {Step[]} */
const QUICK = [
  FULL[0],
  FULL[1],
  FULL[2],
  { ...FULL[3], env: { TEST_ENGINES: 'pglite' }, what: 'tests/integration on PGlite only' },
];

const quick = process.argv.includes('--quick');
const steps = quick ? QUICK : FULL;
const logDir = path.resolve(root, process.env.TEST_LOGS ?? 'node_modules/.cache/test-logs');
mkdirSync(logDir, { recursive: true });

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
const say = (line) => process.stdout.write(`[${clock(Date.now() - started)}] ${line}\n`);

/** @type {Map<string, { state: 'waiting' | 'running' | 'passed' | 'failed' | 'skipped', ms: number, cpu?: number, started?: number, child?: import('node:child_process').ChildProcess }>} */
const status = new Map(steps.map((s) => [s.name, { state: 'waiting', ms: 0 }]));

// CPU-seconds of the processes a step ran (user + system), so the table shows where the cores
// went, not only the wall clock (the steps share the cores). On Linux, a process's "children"
// times in /proc/self/stat grow by a child's own time plus the times of every descendant it
// waited for, at the moment the child is reaped: read just after each step's process exits,
// the increase since the last step's exit is that step's CPU (two steps ending in the same
// instant could share one reading). Elsewhere: not shown.
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** @returns {number | undefined} */
function childrenCpuSeconds() {
  try {
    // Fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th of the line.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
let reapedCpu = childrenCpuSeconds();

// The whole machine's CPU over the run (/proc/stat: busy and idle, in ticks of every core): what
// the steps' own figures miss (daemons they started and did not wait for, like the test
// PostgreSQL cluster) and how much of the cores stood idle. Linux only.
/** @returns {{ busy: number, idle: number } | undefined} */
function machineTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
  } catch {
    return undefined;
  }
}
const machineAtStart = machineTicks();

function start(step) {
  const entry = status.get(step.name);
  entry.state = 'running';
  entry.started = Date.now();
  const logFile = path.join(logDir, `${step.name}.log`);
  const log = createWriteStream(logFile);
  say(`start  ${step.name}: ${step.what}`);
  // Its own process group, so an interrupted run stops everything a step started.
  // `nice` (coreutils): the step and everything it starts at priority 10, not the timed tests' 0.
  const [cmd, args] = step.background && process.platform !== 'win32' ? ['nice', ['-n', '10', step.cmd, ...step.args]] : [step.cmd, step.args];
  const child = spawn(cmd, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...step.env },
  });
  entry.child = child;
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      entry.ms = Date.now() - entry.started;
      entry.state = code === 0 ? 'passed' : 'failed';
      log.end(() => {
        const cpu = entry.cpu === undefined ? '' : `, CPU ${seconds(entry.cpu * 1000)}`;
        if (code === 0) say(`passed ${step.name} in ${seconds(entry.ms)}${cpu}`);
        else {
          say(`FAILED ${step.name} in ${seconds(entry.ms)}${cpu} (exit ${code}); its log, ${path.relative(root, logFile)}:`);
          process.stdout.write(`----- ${step.name} -----\n${readFileSync(logFile, 'utf8')}----- end of ${step.name} -----\n`);
        }
        resolve(undefined);
      });
    };
    child.on('error', (error) => {
      log.write(`could not start ${step.cmd}: ${error.message}\n`);
      done(127);
    });
    // 'close': the process has exited and its output has all been read.
    child.on('exit', () => {
      const now = childrenCpuSeconds();
      if (now !== undefined && reapedCpu !== undefined) entry.cpu = now - reapedCpu;
      reapedCpu = now;
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/** Starts every step whose needs have passed; marks as skipped those whose needs failed. Resolves when all have ended. */
async function runAll() {
  const running = new Set();
  for (;;) {
    for (const step of steps) {
      const entry = status.get(step.name);
      if (entry.state !== 'waiting') continue;
      const needs = (step.needs ?? []).map((n) => status.get(n).state);
      if (needs.some((s) => s === 'failed' || s === 'skipped')) {
        entry.state = 'skipped';
        say(`skip   ${step.name}: needs ${step.needs.join(', ')}`);
      } else if (needs.every((s) => s === 'passed')) {
        const run = start(step).then(() => running.delete(run));
        running.add(run);
      }
    }
    if (running.size === 0) return;
    await Promise.race(running);
  }
}

// A line a minute while steps run, so a long run shows where it is.
const heartbeat = setInterval(() => {
  const now = Date.now();
  const list = [...status].filter(([, e]) => e.state === 'running').map(([name, e]) => `${name} ${clock(now - e.started)}`);
  if (list.length) say(`running: ${list.join(', ')}`);
}, 60_000);

function stopAll(signal) {
  for (const entry of status.values()) {
    if (entry.state !== 'running' || !entry.child?.pid) continue;
    try {
      process.kill(-entry.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

say(`${quick ? 'quick checks' : 'all checks'}: ${steps.map((s) => s.name).join(', ')} (logs in ${path.relative(root, logDir)}/)`);
await runAll();
clearInterval(heartbeat);

const total = Date.now() - started;
const width = Math.max(...steps.map((s) => s.name.length));
process.stdout.write('\nstep'.padEnd(width + 2) + '  result   time       CPU\n');
let cpuTotal = 0;
for (const step of steps) {
  const { state, ms, cpu } = status.get(step.name);
  if (cpu !== undefined) cpuTotal += cpu;
  const time = state === 'skipped' ? '' : seconds(ms).padStart(8);
  process.stdout.write(`${step.name.padEnd(width)}  ${state.padEnd(7)}  ${time}${cpu === undefined ? '' : `  ${seconds(cpu * 1000).padStart(8)}`}\n`);
}
const machineAtEnd = machineTicks();
if (machineAtStart && machineAtEnd) {
  const busy = (machineAtEnd.busy - machineAtStart.busy) / ticksPerSecond;
  const idle = (machineAtEnd.idle - machineAtStart.idle) / ticksPerSecond;
  process.stdout.write(`machine: ${seconds(busy * 1000)} of CPU busy, ${seconds(idle * 1000)} idle (${Math.round((100 * busy) / (busy + idle))} % busy, every process on it)\n`);
}
const failed = steps.filter((s) => status.get(s.name).state !== 'passed').map((s) => s.name);
process.stdout.write(`${'total'.padEnd(width)}  ${(failed.length ? 'FAILED' : 'passed').padEnd(7)}  ${seconds(total).padStart(8)}  ${seconds(cpuTotal * 1000).padStart(8)} (wall clock, steps side by side; CPU: user + system of each step's processes)\n`);
process.exit(failed.length ? 1 : 0);
