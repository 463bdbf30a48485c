import type { RequestHandler } from 'express';

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** One JSON object per line on stdout/stderr, the form log collectors parse without configuration. */
export function createLogger(write: (line: string, level: 'info' | 'error') => void = defaultWrite): Logger {
  const log = (level: 'info' | 'error') => (msg: string, fields: LogFields = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }), level);
  return { info: log('info'), error: log('error') };
}

function defaultWrite(line: string, level: 'info' | 'error') {
  (level === 'error' ? process.stderr : process.stdout).write(line + '\n');
}

export const silentLogger: Logger = { info() {}, error() {} };

/**
 * Logs method, path (without the query string, which may carry personal data), status,
 * duration and the request id; a 5xx answer is logged as an error. Requests the Vite dev
 * middleware answered (module and asset requests, hundreds per page in development) are
 * not logged unless they failed. With `everyRequest` off (tests), only 5xx answers are logged.
 */
export function requestLogger(logger: Logger, { everyRequest = true }: { everyRequest?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      if (res.statusCode < 500 && (!everyRequest || (res.locals.devAsset === true && res.statusCode < 400))) return;
      const durationMs = Number(process.hrtime.bigint() - start) / 1e6;
      const fields = {
        requestId: res.locals.requestId as string | undefined,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      };
      // /readyz answering 503 while shutting down is the plan, not a failure.
      if (res.statusCode >= 500 && res.locals.expectedStatus !== res.statusCode) logger.error('request failed', fields);
      else logger.info('request', fields);
    });
    next();
  };
}
