import express, { type Request, type Router } from 'express';
import { can } from '../../shared/platform/roles';
import type { SessionUser } from '../../shared/platform/session';
import { monthRange } from '../booking/pages/staff-payments';
import type { DepositService } from '../booking/deposits';
import type { Logger } from '../platform/http/logger';
import { errorFields } from '../platform/http/error-fields';
import { csvLine, csvStart } from '../requests/staff/csv';

const HEADER = ['started', 'payment_reference', 'booking_reference', 'service', 'amount_naira', 'currency', 'status', 'outcome', 'channel', 'paid_at', 'refunded_naira', 'note'];
const naira = (kobo: number) => (kobo / 100).toFixed(2);

/**
 * GET /staff/payments.csv?month=2026-12: a month's deposits for the accountant (issue 48), the
 * same rows as /staff/payments, for the clinic's staff only (the calendar's area). The
 * composition's: it uses the booking's deposits and the requests domain's CSV cells.
 */
export function paymentsCsvRoute(deps: { deposits: DepositService; getUser: (req: Request) => Promise<SessionUser | null>; logger: Logger; now?: () => Date }): Router {
  const router = express.Router();
  router.get('/staff/payments.csv', async (req, res, next) => {
    try {
      const user = await deps.getUser(req);
      res.setHeader('Cache-Control', 'private, no-store');
      if (!user || !can(user.role, 'calendar')) {
        res.status(user ? 403 : 401).type('text/plain').send('This file is for the clinic’s staff.');
        return;
      }
      const range = monthRange(typeof req.query.month === 'string' ? req.query.month : null, deps.now?.() ?? new Date());
      const rows = await deps.deposits.payments(range);
      res.setHeader('Content-Disposition', `attachment; filename="payments-${range.month}.csv"`);
      res.type('text/csv; charset=utf-8');
      res.send(
        csvStart(HEADER) +
          rows
            .map((p) => csvLine([p.createdAt, p.reference, p.bookingReference, p.serviceId, naira(p.amountKobo), 'NGN', p.status, p.outcome, p.channel, p.paidAt, naira(p.refundedKobo), p.note]))
            .join(''),
      );
    } catch (error) {
      deps.logger.error('payments CSV failed', errorFields(error));
      next(error);
    }
  });
  return router;
}
