import express from 'express';
import { answersAsText } from '../../shared/intake/answers';
import { formatVisit } from '../../shared/booking/time';
import { FORM_DOWNLOAD_ROUTE, formPath } from '../../shared/intake/routes';
import { site } from '../../shared/content/site';
import type { ClinicCatalog } from '../clinic/context';
import { clinicPhone } from '../clinic/details';
import type { IntakeService } from './service';

/**
 * `GET /booking/manage/<token>/form/answers.txt`: the patient's own answers as a text file, by the
 * manage link and the form's session on this device (the date of birth given). Plain text opens
 * on any phone and prints. Never cached; the address is sent to no other site.
 */
export function intakeDownload(deps: { intake: IntakeService; clinic: ClinicCatalog }) {
  const router = express.Router();
  router.get(FORM_DOWNLOAD_ROUTE, async (req, res, next) => {
    try {
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Referrer-Policy', 'same-origin');
      const token = req.params.token ?? '';
      const opened = await deps.intake.open(token, req.headers.cookie ?? null);
      if (opened.kind !== 'open') {
        res.status(opened.kind === 'refused' ? opened.status : 403).type('text/plain');
        res.send(opened.kind === 'gate' ? `Please open your form with your date of birth first: ${formPath(token)}\n` : `This link does not open a form. Please call the clinic on ${await clinicPhone(deps.clinic)}.\n`);
        return;
      }
      const { visit } = opened;
      const blocks = await deps.intake.blocks(opened.doc);
      const text = answersAsText(
        [
          `${site.name}: new-patient form`,
          `Visit ${visit.reference}, ${formatVisit(Date.parse(visit.startsAt), Date.parse(visit.endsAt))} (Abuja time)`,
          `Status: ${opened.row.status === 'submitted' ? `sent ${opened.row.submittedAt?.toISOString().slice(0, 16).replace('T', ' ')} UTC` : opened.row.status === 'withdrawn' ? 'consent withdrawn, answers deleted' : 'not sent yet'}`,
          `Downloaded ${deps.intake.now().toISOString().slice(0, 16).replace('T', ' ')} UTC. Keep it private: it holds your health information.`,
        ],
        blocks,
      );
      res.type('text/plain; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="new-patient-form-${visit.reference}.txt"`);
      res.send(text);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
