import express from 'express';
import type { Logger } from '../platform/http/logger';
import { requestIdOf } from '../platform/http/request-id';
import type { BookingService } from './service';
import { errorFields } from '../platform/http/error-fields';

/** The feed's route (a `:token` parameter: its value is kept out of the logs, server/platform/http/redact.ts). */
export const CALENDAR_FEED_ROUTE = '/staff/calendar/:token.ics';

/**
 * `GET /staff/calendar/<token>.ics` (`calendarFeedPath`): a practitioner's private feed for
 * Google Calendar or Outlook, which cannot sign in, so the token is the key (calendar-feed.ts).
 * Unknown and revoked tokens get the same plain 404. Never cached anywhere: `no-store`, and the
 * page cache never sees it (answered here, before the page renderer).
 */
export function calendarFeedRoute(deps: { booking: BookingService; logger: Logger }) {
  const router = express.Router();
  router.get(CALENDAR_FEED_ROUTE, async (req, res, next) => {
    const token = String(req.params.token);
    if (!/^[A-Za-z0-9_-]+$/.test(token)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex');
    try {
      const body = await deps.booking.feed(token);
      if (body === null) {
        res.status(404).type('text/plain').send('Not Found');
        return;
      }
      res.type('text/calendar; charset=utf-8').send(body);
    } catch (error) {
      deps.logger.error('calendar feed failed', { requestId: requestIdOf(req), ...errorFields(error) });
      next(error);
    }
  });
  return router;
}
