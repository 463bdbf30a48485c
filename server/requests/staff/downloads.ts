import express, { type Request, type Response } from 'express';
import { isStorableText } from '../../../shared/platform/storable-text';
import { requestKind, requestStatus } from '../../../shared/requests/kinds';
import type { SessionUser } from '../../../shared/platform/session';
import { can } from '../../../shared/platform/roles';
import { errorFields } from '../../platform/http/error-fields';
import { requestIdOf } from '../../platform/http/request-id';
import { isCrossSite } from '../../platform/http/security';
import type { Store } from '../../platform/db/store';
import type { Logger } from '../../platform/http/logger';
import { csvLine, csvStart } from './csv';
import { exportPerson, exportRequests, personPhone, type ExportRow } from './repo';
import type { PersonExporter } from '../context';
import { filtersOf } from './page-data';

const CSV_HEADER = ['Reference', 'Received (UTC)', 'Kind', 'Status', 'Name', 'E-mail', 'Phone', 'Visit (UTC)', 'Closed (UTC)', 'Note', 'Erased'];

function csvRow(r: ExportRow): string {
  return csvLine([r.reference, r.createdAt, requestKind.label(r.kind), requestStatus.label(r.status), r.name, r.email, r.phone, r.visitAt, r.closedAt, r.note, r.erasedAt ? 'yes' : '']);
}

/** Resolves when the response can take more, or is closed (then the loop sees `gone`). */
function drained(res: Response): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Files for staff: `GET /staff/export.csv` (the list as filtered, `?kind=&status=&q=`) and
 * `POST /staff/people/export.json` (everything stored about one person, by e-mail or phone;
 * a POST so the address stays out of URLs). Same decisions as the staff pages: signed out →
 * sign in and come back, no role → 403; never cached.
 */
export function staffDownloads(deps: { getUser: (req: Request) => Promise<SessionUser | null>; store: Store; logger: Logger; exporters?: readonly PersonExporter[] }) {
  const router = express.Router();

  async function staffOnly(req: Request, res: Response): Promise<SessionUser | null> {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Vary', 'Cookie');
    const user = await deps.getUser(req);
    if (!user) {
      const back = req.method === 'GET' ? req.originalUrl : '/staff/people';
      res.redirect(302, `/login?returnTo=${encodeURIComponent(back)}`);
      return null;
    }
    if (!can(user.role, 'inbox')) {
      res.status(403).type('text/plain').send('This page is for the clinic’s staff.');
      return null;
    }
    return user;
  }

  // Streamed: each batch of rows is written as it comes from the database (keyset batches,
  // repo.ts exportRequests) and the next is read only once the client has taken it (the
  // socket's backpressure), so memory stays one batch for ten rows or a million.
  router.get('/staff/export.csv', async (req, res, next) => {
    let gone = false;
    try {
      if (!(await staffOnly(req, res))) return;
      const params = new URL(req.originalUrl, 'http://localhost').searchParams;
      const rows = exportRequests(deps.store.db, filtersOf(params));
      // The first batch before the headers: a database that fails now is still an error page.
      const first = await rows.next();
      const stamp = new Date().toISOString().slice(0, 10);
      res.setHeader('Content-Disposition', `attachment; filename="requests-${stamp}.csv"`);
      res.type('text/csv; charset=utf-8');
      res.on('close', () => (gone = !res.writableFinished));
      res.write(csvStart(CSV_HEADER));
      for (let batch = first; !batch.done && !gone; batch = await rows.next()) {
        if (!res.write(batch.value.map(csvRow).join(''))) await drained(res);
      }
      if (gone) await rows.return(undefined);
      else res.end();
    } catch (error) {
      if (!res.headersSent) return next(error);
      // Half a file already went out: cut the connection, so the download fails visibly instead of looking complete.
      deps.logger.error('CSV export failed', { requestId: requestIdOf(req), ...errorFields(error) });
      res.destroy();
    }
  });

  // Its own body parser: pages read their forms' bodies as they came (the page renderer), this route as fields.
  router.post('/staff/people/export.json', express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 }), async (req, res, next) => {
    try {
      if (isCrossSite(req)) {
        res.status(403).type('text/plain').send('Forbidden');
        return;
      }
      const user = await staffOnly(req, res);
      if (!user) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const email = typeof body.email === 'string' ? body.email : undefined;
      const phone = typeof body.phone === 'string' ? body.phone : undefined;
      if (!email?.trim() && !phone?.trim()) {
        res.status(422).type('text/plain').send('Give an e-mail address or a phone number.');
        return;
      }
      if (![email, phone].every((v) => v === undefined || isStorableText(v))) {
        res.status(422).type('text/plain').send('The address or number contains an invisible control character. Please type it again.');
        return;
      }
      const found = await exportPerson(deps.store.db, { email, phone });
      // What other domains keep of them, found as erasure finds them (the addresses given and their requests').
      const person = { emails: [...new Set([email, ...found.map((r) => r.email)].map((e) => e?.trim().toLowerCase()).filter((e): e is string => Boolean(e)))], phone: personPhone({ phone }) };
      const more = await Promise.all((deps.exporters ?? []).map((exporter) => exporter(deps.store.db, person)));
      // Who exported whose data is worth a log line; the data itself is not.
      deps.logger.info('personal data exported', { requestId: requestIdOf(req), by: user.uid, requests: found.length });
      res.setHeader('Content-Disposition', 'attachment; filename="personal-data.json"');
      res.json(Object.assign({ exportedAt: new Date().toISOString(), query: { email: email?.trim() || null, phone: phone?.trim() || null }, requests: found }, ...more));
    } catch (error) {
      next(error);
    }
  });

  return router;
}
