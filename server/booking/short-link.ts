import express from 'express';
import { managePath } from '../../shared/booking/results';

/**
 * `GET /m/<token>` (`shortManagePath`): the manage link as messages write it, 13 characters
 * shorter than `/booking/manage/<token>`, so a reminder fits one SMS (ADR 0038). It only
 * redirects: the manage page checks the token. Never cached, and the token is not passed on
 * as a referrer.
 */
export function shortManageLink() {
  const router = express.Router();
  router.get('/m/:token', (req, res, next) => {
    const token = String(req.params.token);
    if (!/^[A-Za-z0-9_.-]{1,200}$/.test(token)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, managePath(token));
  });
  return router;
}
