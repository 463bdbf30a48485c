import type { Logger, LogFields } from './logger';

/**
 * Secrets in paths, kept out of the logs (issue 44). A route parameter named `token` carries a
 * secret by convention: whoever holds `/booking/manage/<token>` may move or cancel that visit,
 * whoever holds `/staff/calendar/<token>.ics` reads a practitioner's calendar. A log line says
 * which route answered, never the token: `/booking/manage/[token]`.
 *
 * Query strings are never logged at all (requestLogger), so tokens that travel there (the
 * newsletter's confirm and unsubscribe links) need nothing more.
 */

/** The name a route parameter has when its value is a secret. */
export const SECRET_PARAM = 'token';

/** What stands in the log for the secret segment. */
export const REDACTED = `[${SECRET_PARAM}]`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a route pattern (`/booking/manage/:token`) has a secret segment. */
export const hasSecretParam = (pattern: string) => new RegExp(`:${SECRET_PARAM}(?![A-Za-z0-9_])`).test(pattern);

/**
 * A function that replaces the secret segment of any path matching one of `patterns` (route
 * paths as Express and React Router write them: `:name` parameters, literal text between) and
 * leaves every other path as it is. A pattern also covers the paths below it
 * (`/booking/manage/:token` covers `/booking/manage/<token>/visit.ics`).
 */
export function pathRedactor(patterns: readonly string[]): (path: string) => string {
  const compiled = [...new Set(patterns.filter(hasSecretParam))].map((pattern) => {
    // Every piece its own group (literal text as it is, a parameter one segment or less), so the
    // matched prefix is rebuilt piece by piece with the secret one replaced.
    const pieces = pattern.split(/(:[A-Za-z_][A-Za-z0-9_]*)/).filter(Boolean);
    const source = pieces.map((piece) => (piece.startsWith(':') ? '([^/]+?)' : `(${escape(piece)})`)).join('');
    return { regex: new RegExp(`^${source}(?=/|$)`), secret: pieces.map((piece) => piece === `:${SECRET_PARAM}`) };
  });
  return (path) => {
    for (const { regex, secret } of compiled) {
      const m = regex.exec(path);
      if (m) return m.slice(1).map((piece, i) => (secret[i] ? REDACTED : piece)).join('') + path.slice(m[0].length);
    }
    return path;
  };
}

/** The logger with every path-like field (a string starting with `/`) passed through `redact`. */
export function redactingLogger(logger: Logger, redact: (path: string) => string): Logger {
  const clean = (fields?: LogFields): LogFields | undefined => {
    if (!fields) return fields;
    let out: LogFields | undefined;
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value !== 'string' || !value.startsWith('/')) continue;
      const redacted = redact(value);
      if (redacted !== value) (out ??= { ...fields })[key] = redacted;
    }
    return out ?? fields;
  };
  return { info: (msg, fields) => logger.info(msg, clean(fields)), error: (msg, fields) => logger.error(msg, clean(fields)) };
}
