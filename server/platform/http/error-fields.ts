import path from 'node:path';

/** What a log line says about an error. */
export interface ErrorFields {
  [field: string]: string | undefined;
  /** The error's class and its causes' (outermost first), e.g. `DrizzleQueryError<DatabaseError`. */
  errorClass: string;
  /** The first code found down the cause chain: PostgreSQL's SQLSTATE (`23514`), Node's (`ECONNREFUSED`), an SDK's (`auth/internal-error`). */
  code?: string;
  /** Where the outermost error was made: the first stack frame in the app's own code (`server/requests/repo.ts:33:20`). */
  at?: string;
}

// Codes are identifiers: anything longer or with other characters is not one, and is left out.
const CODE = /^[A-Za-z0-9_./-]{1,64}$/;
const MAX_CAUSES = 5;
const ROOT = process.cwd() + path.sep;

function className(value: unknown): string {
  if (value instanceof Error) return value.constructor?.name && value.constructor.name !== 'Error' ? value.constructor.name : value.name && /^\w{1,64}$/.test(value.name) ? value.name : 'Error';
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

/** The first frame of the stack outside node_modules and Node's internals, relative to the app's root. */
function origin(stack: string | undefined): string | undefined {
  for (const line of stack?.split('\n').slice(1) ?? []) {
    const location = /\(?((?:file:\/\/)?\/[^()\s]+:\d+:\d+)\)?\s*$/.exec(line)?.[1];
    if (!location || location.includes('/node_modules/') || location.startsWith('node:')) continue;
    return location.replace(/^file:\/\//, '').replace(ROOT, '');
  }
  return undefined;
}

/**
 * An error as safe log fields: its class, its code and where it was thrown, and never its
 * message. Messages carry data: Drizzle wraps every failed query as "Failed query: <sql>
 * params: <every bound value>" (a form's name, e-mail, phone and message), PostgreSQL quotes
 * the offending value in its detail, an SMTP refusal names the address. Logs are kept where
 * erasure cannot reach, so nothing a person typed may go there. The SQLSTATE, the class and the
 * request id are enough to find the cause; the request itself is in the database.
 */
export function errorFields(error: unknown): ErrorFields {
  const classes: string[] = [];
  let code: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current !== undefined; depth++) {
    classes.push(className(current));
    const candidate = (current as { code?: unknown } | null)?.code;
    if (code === undefined && typeof candidate === 'string' && CODE.test(candidate)) code = candidate;
    current = current instanceof Error ? current.cause : undefined;
  }
  const fields: ErrorFields = { errorClass: classes.join('<') };
  if (code) fields.code = code;
  const at = error instanceof Error ? origin(error.stack) : undefined;
  if (at) fields.at = at;
  return fields;
}
