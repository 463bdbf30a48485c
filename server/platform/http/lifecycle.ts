import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { errorFields } from './error-fields';
import type { Logger } from './logger';

/**
 * Draining state shared by the app (readiness answers 503, responses say `Connection: close`)
 * and the shutdown sequence below.
 */
export interface DrainState {
  isDraining(): boolean;
  begin(): void;
}

export function createDrainState(): DrainState {
  let draining = false;
  return {
    isDraining: () => draining,
    begin: () => {
      draining = true;
    },
  };
}

export interface ShutdownOptions {
  server: Server;
  drain: DrainState;
  logger: Logger;
  /** After SIGTERM, keep accepting this long so the load balancer sees /readyz fail and stops sending. */
  drainMs: number;
  /** From SIGTERM: connections still open by then are closed. Below the orchestrator's kill timeout. */
  timeoutMs: number;
  exit?: (code: number) => void;
  now?: () => number;
  /** Runs once the connections are done, before exiting (stop the mail worker, close the database). */
  beforeExit?: () => Promise<void>;
}

/** A keep-alive socket idle this long is closed during the drain window: a client racing it is unlikely. */
const IDLE_GRACE_MS = 1000;
const SWEEP_EVERY_MS = 200;

interface Conn {
  active: number;
  idleSince: number;
  /** Bytes read when the socket last became idle: more since then means a request is arriving. */
  bytesAtIdle: number;
}

/**
 * Graceful shutdown as orchestrators expect it. On the first SIGTERM/SIGINT:
 * 1. drain window (`drainMs`): still accepting; /readyz says 503; every response carries
 *    `Connection: close`; keep-alive sockets idle for a second are closed;
 * 2. end of the window: stop listening; close every socket without a request in progress
 *    (idle, or holding half-sent headers); requests in progress finish, then their sockets close;
 * 3. `timeoutMs` after the signal: whatever is left is closed. Exit code 0 throughout.
 * Returns `stop(signal)`, also usable directly (tests).
 */
export function installShutdown(options: ShutdownOptions): (signal: string) => void {
  const { server, drain, logger, drainMs, timeoutMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const now = options.now ?? Date.now;
  const conns = new Map<Socket, Conn>();
  let phase: 'serving' | 'draining' | 'closing' = 'serving';
  let startedAt = 0;
  let exited = false;

  server.on('connection', (socket: Socket) => {
    conns.set(socket, { active: 0, idleSince: now(), bytesAtIdle: 0 });
    socket.once('close', () => conns.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    const conn = conns.get(socket);
    if (!conn) return;
    conn.active++;
    res.once('close', () => {
      conn.active--;
      conn.idleSince = now();
      conn.bytesAtIdle = socket.bytesRead;
      // Past the window, a socket whose last response went out as keep-alive is closed once it is done.
      if (phase === 'closing' && conn.active === 0) socket.end();
    });
  });

  const closeIdle = (minIdleMs: number, includePartial: boolean) => {
    const t = now();
    let closed = 0;
    for (const [socket, conn] of conns) {
      if (conn.active > 0) continue;
      const partial = socket.bytesRead > conn.bytesAtIdle;
      if (partial && !includePartial) continue;
      if (t - conn.idleSince < minIdleMs) continue;
      // Half-sent headers get no answer: destroy. An idle socket is ended politely.
      if (partial) socket.destroy();
      else socket.end();
      closed++;
    }
    return closed;
  };

  const finish = (reason: string) => {
    if (exited) return;
    exited = true;
    logger.info('stopped', { reason, afterMs: now() - startedAt });
    const cleanup = options.beforeExit ?? (async () => {});
    cleanup().then(
      () => exit(0),
      (error: unknown) => {
        logger.error('shutdown cleanup failed', errorFields(error));
        exit(1);
      },
    );
  };

  const endWindow = () => {
    phase = 'closing';
    server.close(() => finish('all connections closed'));
    const closed = closeIdle(0, true);
    logger.info('drain window over: not accepting', { closedIdle: closed, inProgress: [...conns.values()].filter((c) => c.active > 0).length });
  };

  return (signal: string) => {
    if (phase !== 'serving') {
      // A second Ctrl-C in a terminal means "now".
      if (signal === 'SIGINT') finish('second SIGINT');
      return;
    }
    phase = 'draining';
    startedAt = now();
    drain.begin();
    logger.info('shutting down', { signal, drainMs, timeoutMs, connections: conns.size });
    const deadline = setTimeout(() => {
      const left = conns.size;
      for (const socket of conns.keys()) socket.destroy();
      if (left) logger.error('shutdown timeout: closed connections still open', { connections: left });
      finish('timeout');
    }, timeoutMs);
    deadline.unref();
    if (drainMs <= 0) {
      endWindow();
      return;
    }
    closeIdle(IDLE_GRACE_MS, false);
    const sweep = setInterval(() => closeIdle(IDLE_GRACE_MS, false), SWEEP_EVERY_MS);
    sweep.unref();
    setTimeout(() => {
      clearInterval(sweep);
      endWindow();
    }, drainMs).unref();
  };
}
