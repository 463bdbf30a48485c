import type { Request, RequestHandler, Response } from 'express';

export interface FormBodyOptions {
  /** Bytes of a form body that are kept and handed to the action (the largest form at its worst fits). */
  limit: number;
  /** Past this, the body is not read on: the sender is not one of our forms (a 413 page, and the connection closes). */
  hardLimit: number;
  /** Time allowed for the whole body to arrive (408 after it): a body trickled byte by byte holds no socket for long. */
  timeoutMs: number;
  /** The page that answers a refusal (413 past hardLimit, 408 on the timeout). */
  refusal: (status: 408 | 413, req: Request) => string;
}

/** Where a body over the limit was cut: the field whose value did not arrive whole (null when its name did not either). */
export interface BodyCut {
  field: string | null;
}

/** A body over the limit, as a form's action gets it: the fields that arrived whole, and which one was cut (`res.locals.bodyCut`). */
export function bodyCutOf(res: Response): BodyCut | null {
  return (res.locals.bodyCut as BodyCut | undefined) ?? null;
}

/** Keeps the complete `name=value` pairs of a url-encoded prefix; says which field the cut fell in. */
function cutAtLastPair(prefix: Buffer): { body: Buffer; cut: BodyCut } {
  const end = prefix.lastIndexOf(0x26); // '&'
  const body = end < 0 ? Buffer.alloc(0) : prefix.subarray(0, end);
  const partial = prefix.subarray(end + 1).toString('latin1');
  const equals = partial.indexOf('=');
  let field: string | null = null;
  if (equals > 0) {
    try {
      field = decodeURIComponent(partial.slice(0, equals).replace(/\+/g, ' ')).slice(0, 100);
    } catch {
      field = null;
    }
  }
  return { body, cut: { field } };
}

/**
 * Reads a url-encoded form body (pages' POSTs) into `req.body` as the bytes that came, once.
 * Unlike a parser that refuses a body over its limit with a bare 413, a body over `limit` (but
 * under `hardLimit`) is read to its end and handed on cut at the last whole field, with
 * `res.locals.bodyCut` saying so: the page answers with its form, everything that arrived
 * before the cut and a message at the cut field. Reading to the end matters: a browser still
 * sending its upload when the server closes shows a connection error, not the answer.
 */
export function formBody(options: FormBodyOptions): RequestHandler {
  const { limit, hardLimit, timeoutMs } = options;
  return (req, res, next) => {
    if (req.method !== 'POST' || !req.is('application/x-www-form-urlencoded')) return next();
    const refuse = (status: 408 | 413) => {
      if (res.headersSent) return;
      // The rest of the body is not read: this connection cannot carry another request.
      res.setHeader('Connection', 'close');
      res.status(status).type('html').send(options.refusal(status, req));
      res.once('finish', () => req.socket.destroySoon?.());
    };
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') {
      res.status(415).type('text/plain').send('Unsupported Media Type');
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > hardLimit) {
      refuse(413);
      return;
    }
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let total = 0;
    let done = false;
    const finish = (then: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      then();
    };
    const timer = setTimeout(() => finish(() => refuse(408)), timeoutMs);
    timer.unref();
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > hardLimit) {
        finish(() => {
          req.pause();
          refuse(413);
        });
        return;
      }
      if (keptBytes < limit + 1) {
        const piece = chunk.subarray(0, limit + 1 - keptBytes);
        kept.push(piece);
        keptBytes += piece.length;
      }
    };
    const onEnd = () =>
      finish(() => {
        const body = Buffer.concat(kept);
        if (total <= limit) {
          req.body = body;
        } else {
          const { body: whole, cut } = cutAtLastPair(body.subarray(0, limit));
          req.body = whole;
          res.locals.bodyCut = cut;
        }
        next();
      });
    const onError = (error: Error) => finish(() => next(Object.assign(error, { status: 400 })));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  };
}
