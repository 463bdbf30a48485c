import express from 'express';
import { managePath } from '../../shared/booking/results';

/** The short link's route: its token segment is redacted in every log line (server/app/app.tsx tokenRoutes). */
export const SHORT_MANAGE_ROUTE = '/m/:token';

/**
 * `GET /m/<token>` (`shortManagePath`): the manage link as messages write it, 13 characters
 * shorter than `/booking/manage/<token>`, so a reminder fits one SMS (ADR 0038).
 */
export function shortManageLink() {
  return shortTokenRedirect(SHORT_MANAGE_ROUTE, managePath);
}

/**
 * A short address of messages (`route` with a `:token`) that only redirects to `target(token)`:
 * the page there checks the token. Never cached, and the token is not passed on as a referrer.
 * The new-patient form's `/m/<token>/form` is one too (composed in server/app/app.tsx).
 */
export function shortTokenRedirect(route: string, target: (token: string) => string) {
  const router = express.Router();
  router.get(route, (req, res, next) => {
    const token = String(req.params.token);
    if (!/^[A-Za-z0-9_.-]{1,200}$/.test(token)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, target(token));
  });
  return router;
}
