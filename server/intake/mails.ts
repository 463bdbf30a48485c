import { staffBookingPath } from '../../shared/booking/results';
import { formatClock, lagosTime } from '../../shared/booking/time';
import type { Mail } from '../platform/mail/transport';

/**
 * The clinic's notices about new-patient forms. Like every notice to the clinic's inbox they say
 * what happened, the visit's reference and where to look: never a name, never an answer (e-mail
 * is not the place for health information, NDPA 2023).
 */
const footer = (reference: string, publicOrigin: string) => ['', `Reference: ${reference}`, `Open the visit in the staff area: ${publicOrigin}${staffBookingPath(reference)}`, '', 'The details are only in the staff area: e-mail is not a safe place for health information.', ''];

export function lockedNotice(input: { reference: string; until: Date; publicOrigin: string; to: string }): Mail {
  return {
    to: input.to,
    subject: `New-patient form locked ${input.reference}`,
    text: [
      `Five wrong dates of birth were entered in a row to open the new-patient form of visit ${input.reference}.`,
      `The form is locked until ${formatClock(lagosTime(input.until))} (Abuja time); it opens again by itself then.`,
      'If the patient calls, check who they are before helping them. If it was not the patient, consider revoking the visit’s manage links.',
      ...footer(input.reference, input.publicOrigin),
    ].join('\n'),
  };
}

export function redFlagNotice(input: { reference: string; publicOrigin: string; to: string }): Mail {
  return {
    to: input.to,
    subject: `New-patient form needs a look ${input.reference}`,
    text: [
      `An answer in the new-patient form of visit ${input.reference} asks for the treating practitioner’s attention before the visit.`,
      'The patient was told to call the clinic now, or 112 in an emergency.',
      ...footer(input.reference, input.publicOrigin),
    ].join('\n'),
  };
}

export function withdrawnNotice(input: { reference: string; what: 'data' | 'treatment'; publicOrigin: string; to: string }): Mail {
  const line =
    input.what === 'data'
      ? 'The patient withdrew their consent to keeping the health answers of their new-patient form: the answers have been deleted.'
      : 'The patient withdrew their consent to assessment and treatment given on their new-patient form.';
  return {
    to: input.to,
    subject: `Consent withdrawn ${input.reference}`,
    text: [line, 'The visit stays booked. Please talk to the patient before or at the visit.', ...footer(input.reference, input.publicOrigin)].join('\n'),
  };
}
