import express from 'express';
import { managePath } from '../../shared/booking/results';
import { BOOK_PATH } from '../../shared/clinic/book-link';
import { fullAddressOf } from '../../shared/clinic/site-facts';
import type { ClinicCatalog } from '../clinic/context';
import { visitIcs } from '../platform/ics';
import type { BookingService } from './service';

/** The calendar file's address beside the manage page: `/booking/manage/<token>/visit.ics` (the token kept out of the logs). */
export const VISIT_FILE_ROUTE = '/booking/manage/:token/visit.ics';

/**
 * `GET /booking/manage/<token>/visit.ics`: the booking's calendar entry, by its manage link (no
 * account): the same file as the confirmation mail's (same UID, so a newer one updates the entry;
 * METHOD:CANCEL once cancelled). A forged, expired or revoked link gets a plain 403. Never cached.
 */
export function calendarDownload(deps: { booking: BookingService; clinic: ClinicCatalog; publicOrigin: string }) {
  const router = express.Router();
  router.get(VISIT_FILE_ROUTE, async (req, res, next) => {
    try {
      res.setHeader('Cache-Control', 'private, no-store');
      const token = req.params.token;
      const found = await deps.booking.byManageToken(token);
      if (!found.ok) {
        res.status(403).type('text/plain').send('This link is not valid any more. Please use the link in your latest confirmation, or call the clinic.');
        return;
      }
      const visit = found.appointment;
      const { locations, details } = await deps.clinic.facts();
      const location = locations.find((l) => l.id === visit.locationId);
      const ics = visitIcs({
        reference: visit.reference,
        visitAt: new Date(visit.startsAt),
        endsAt: new Date(visit.endsAt),
        host: new URL(deps.publicOrigin).hostname,
        address: location ? fullAddressOf(location) : '',
        phone: details.phones[0].display,
        email: details.email,
        manageLink: `${deps.publicOrigin}${managePath(found.manageToken ?? token)}`,
        cancelled: visit.status === 'cancelled',
        sequence: visit.version,
        patient: { email: visit.patientEmail, phone: visit.patientPhone },
        bookLink: `${deps.publicOrigin}${BOOK_PATH}`,
      });
      res.type('text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="visit-${visit.reference}.ics"`);
      res.send(ics);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
