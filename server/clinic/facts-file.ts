import type { RequestHandler } from 'express';
import type { ClinicCatalog } from './context';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * `GET /assets/clinic-facts-<hash>.json`: the facts a page was rendered with, for its hydration
 * (shared/clinic/facts-context.tsx). Named by content, so cached for good (the service worker
 * keeps /assets/ cache-first). An unknown hash (a page from before a restart) gets today's facts,
 * not cached: the page then hydrates with what is true now.
 */
export function factsFileRoute(clinic: ClinicCatalog): RequestHandler {
  return async (req, res, next) => {
    const hash = /^\/assets\/clinic-facts-([0-9a-f]{16})\.json$/.exec(req.path)?.[1];
    if (!hash) return next();
    try {
      await clinic.facts();
      const known = clinic.file(hash);
      const file = known ?? clinic.current()!.file;
      res.setHeader('Cache-Control', known ? `public, max-age=${YEAR_S}, immutable` : 'no-store');
      res.type('application/json').send(file.body);
    } catch (error) {
      next(error);
    }
  };
}
