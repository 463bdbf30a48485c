import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, get, type IncomingMessage } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { copyPgliteTemplate } from '../support/test-store';
import { killIfRunning, startServerProcess, type ServerProcess } from './fixtures/server-process';

// The server as a real process (tests/integration/fixtures/server-process.ts: serve.ts runs
// server/main.ts start(), bundled once for the run), driven by keep-alive clients and signals. Every wait is
// on an event (a log line, a socket closing, the process exiting), never a fixed sleep: the
// machine is shared and loaded.

type Child = ServerProcess;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) killIfRunning(c);
});

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startChild(env: Record<string, string>): Child {
  // Each child opens its own copy of the migrated embedded database (creating one takes seconds).
  const dataDir = copyPgliteTemplate();
  dataDirs.push(dataDir);
  const child = startServerProcess({ DATA_DIR: dataDir, ...env });
  children.push(child.proc);
  return child;
}

const portOf = (child: Child) => child.port();

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: Socket;
}
function fetchVia(port: number, path: string, agent: Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, agent }, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, socket: req.socket! }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('graceful shutdown of a real server process', () => {
  it('SIGTERM: /readyz 503 at once, /healthz 200, still accepting through the drain window, Connection: close, idle and half-sent sockets closed, in-flight finished, exit 0, nothing reset', { timeout: 90_000 }, async () => {
    // The window must outlast the requests the test makes in it (three, one a page render) on a
    // loaded machine; it failed at 1.5 s. The in-flight request outlasts the window.
    const drainMs = 5000;
    const child = startChild({ SHUTDOWN_DRAIN_MS: String(drainMs), SHUTDOWN_TIMEOUT_MS: '20000', LOG_REQUESTS: 'true' });
    const port = await portOf(child);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    // The page is rendered once before the signal: its first render loads the page modules
    // (seconds on a loaded machine), which must not eat into the window below.
    expect((await fetchVia(port, '/', false)).status).toBe(200);

    // Warm keep-alive sockets, left idle.
    const warm = await Promise.all([1, 2, 3].map(() => fetchVia(port, '/healthz', agent)));
    for (const w of warm) expect(w.connection).toBe('keep-alive');
    const idleClosed = warm.map((w) => once(w.socket, 'close'));
    expect((await fetchVia(port, '/readyz', false)).status).toBe(200);

    // A client holding half-sent headers, and a request that will still be running at the end of the window.
    const half = connect(port, '127.0.0.1');
    await once(half, 'connect');
    half.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const halfClosed = once(half, 'close');
    const halfErrors: string[] = [];
    half.on('error', (e: NodeJS.ErrnoException) => halfErrors.push(e.code ?? e.message));
    const inFlight = fetchVia(port, `/slow?ms=${drainMs + 3000}`, false);
    inFlight.catch(() => {}); // awaited below; if an assertion fails first, its rejection is not unhandled
    await child.line((l) => l.msg === 'request' && l.path === '/readyz');

    child.proc.kill('SIGTERM');
    await child.line((l) => l.msg === 'shutting down');

    // During the window: not ready, still healthy, still accepting new connections, every answer closes its connection.
    const ready = await fetchVia(port, '/readyz', false);
    expect(ready.status).toBe(503);
    const health = await fetchVia(port, '/healthz', new Agent({ keepAlive: true }));
    expect(health.status).toBe(200);
    expect(health.connection).toBe('close');
    const page = await fetchVia(port, '/', new Agent({ keepAlive: true }));
    expect(page.status).toBe(200);
    expect(page.connection).toBe('close');
    expect(child.lines.some((l) => l.msg === 'drain window over: not accepting')).toBe(false);
    // The half-sent request is still held open while the window lasts.
    expect(half.destroyed || half.readyState !== 'open').toBe(false);

    // Idle keep-alive sockets are closed; the half-sent request only once the window is over (the
    // log line and the socket's close can reach this process in either order, so wait for both).
    await Promise.all(idleClosed);
    await Promise.all([halfClosed, child.line((l) => l.msg === 'drain window over: not accepting')]);
    expect(halfErrors).toEqual([]);

    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(slow.body).toBe('slow done');

    const { code } = await child.exit;
    expect(code).toBe(0);
    const stopped = child.lines.find((l) => l.msg === 'stopped');
    expect(stopped?.reason).toBe('all connections closed');
    expect(child.lines.some((l) => l.level === 'error')).toBe(false);
    agent.destroy();
  });

  it('keep-alive clients hammering through SIGTERM, behind a balancer that polls /readyz, see no reset; exit 0', { timeout: 60_000 }, async () => {
    // The window must outlast the balancer noticing the 503 (as in production, where it is 3 s and
    // probes are frequent); on a loaded test machine a poll can take a second or more.
    const child = startChild({ SHUTDOWN_DRAIN_MS: '4000', SHUTDOWN_TIMEOUT_MS: '8000' });
    const port = await portOf(child);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let ok = 0;
    let closedByServer = 0;
    const failures: string[] = [];
    let routed = true;
    // The balancer: polls /readyz and stops routing to this instance at the first 503.
    const balancer = (async () => {
      while (routed) {
        const r = await fetchVia(port, '/readyz', false).catch(() => ({ status: 0 }));
        if (r.status !== 200) routed = false;
      }
    })();
    const client = async () => {
      while (routed) {
        try {
          const a = await fetchVia(port, '/healthz', agent);
          if (a.status === 200) ok++;
          else failures.push(`status ${a.status}`);
          if (a.connection === 'close') closedByServer++;
        } catch (error) {
          // Any failure of a request that was sent counts: nothing accepted may be reset.
          failures.push((error as NodeJS.ErrnoException).code ?? String(error));
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    while (ok < 200 && failures.length === 0) await new Promise((resolve) => setImmediate(resolve));
    child.proc.kill('SIGTERM');
    await Promise.all([balancer, ...clients]);
    const { code } = await child.exit;
    expect(code).toBe(0);
    expect(failures).toEqual([]);
    expect(closedByServer).toBeGreaterThan(0);
    agent.destroy();
  });

  it('at SHUTDOWN_TIMEOUT_MS the connections still open are closed, and the exit code is still 0', { timeout: 60_000 }, async () => {
    const child = startChild({ SHUTDOWN_DRAIN_MS: '100', SHUTDOWN_TIMEOUT_MS: '1500' });
    const port = await portOf(child);
    const stuck = fetchVia(port, '/slow?ms=60000', false).catch((e: NodeJS.ErrnoException) => e.code ?? 'error');
    await child.line((l) => l.msg === 'identity service');
    // The request has reached the server once a second request on another connection has been answered.
    await fetchVia(port, '/healthz', false);
    child.proc.kill('SIGTERM');
    const { code } = await child.exit;
    expect(code).toBe(0);
    expect(child.lines.find((l) => l.msg === 'stopped')?.reason).toBe('timeout');
    expect(child.lines.find((l) => l.msg === 'shutdown timeout: closed connections still open')?.connections).toBe(1);
    expect(await stuck).toBe('ECONNRESET');
  });
});

describe('start-up failures say what to do, in one line, and exit 1', () => {
  it('a port that is taken: no "listening" line, and how to choose another', { timeout: 60_000 }, async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as AddressInfo).port;
    try {
      const child = startChild({ PORT: String(taken) });
      const { code } = await child.exit;
      expect(code).toBe(1);
      expect(child.lines.some((l) => l.msg === 'listening')).toBe(false);
      const errors = child.lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toMatch(new RegExp(`Port ${taken} .*already in use.*PORT=3001 npm run dev`));
    } finally {
      blocker.close();
    }
  });

  it('GOOGLE_APPLICATION_CREDENTIALS naming a missing file stops production at start', { timeout: 60_000 }, async () => {
    const child = startChild({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'clinic-prod',
      FIREBASE_WEB_API_KEY: 'AIzaSyExampleExampleExample',
      FIREBASE_AUTH_DOMAIN: 'clinic-prod.firebaseapp.com',
      GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent.json',
      DATABASE_URL: 'postgres://clinic:secret@127.0.0.1:9/clinic',
      FORM_KEY_SECRET: 'lifecycle-test-secret-of-32-characters-at-least',
    });
    const { code } = await child.exit;
    expect(code).toBe(1);
    expect(child.raw).toHaveLength(1);
    expect(child.lines[0]!.msg).toMatch(/GOOGLE_APPLICATION_CREDENTIALS=\/nonexistent.json cannot be read \(ENOENT\)/);
  });

  it('a database that cannot be reached: one line naming it (password hidden), no "listening", exit 1', { timeout: 60_000 }, async () => {
    const child = startChild({ DATABASE_URL: 'postgres://clinic:secret@127.0.0.1:9/clinic' });
    const { code } = await child.exit;
    expect(code).toBe(1);
    expect(child.lines.some((l) => l.msg === 'listening')).toBe(false);
    const errors = child.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('Cannot reach the database at DATABASE_URL (postgres://clinic:***@127.0.0.1:9/clinic): connect ECONNREFUSED 127.0.0.1:9');
    expect(child.raw.join('\n')).not.toContain('secret');
  });

  it.runIf(inject('postgresUrl'))('a PostgreSQL server without the database named in DATABASE_URL: one line saying so, exit 1', { timeout: 60_000 }, async () => {
    const child = startChild({ DATABASE_URL: `${inject('postgresUrl')}/no_such_database` });
    const { code } = await child.exit;
    expect(code).toBe(1);
    expect(child.lines.some((l) => l.msg === 'listening')).toBe(false);
    const errors = child.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(/^Cannot reach the database at DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/no_such_database\): database "no_such_database" does not exist$/);
  });
});
