import { data, type LoaderFunctionArgs } from 'react-router';
import type { StaffFormData } from '../../../shared/intake/page-data';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext, requireArea } from '../../platform/render/route-context';
import { intakeContext } from '../context';

const HEADERS = { 'Cache-Control': 'private, no-store' };

/**
 * /staff/bookings/:reference/form: a visit's new-patient answers, formatted and printable, for
 * the treating practitioner and admins only (shared/intake/access.ts): the front desk, another
 * practitioner and editors get a 403, on the page and on its data request alike. Every read is
 * logged before the answers are sent. A form this server cannot decrypt says so; it is never
 * shown garbled.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = requireArea(context, request, 'calendar');
  const intake = context.get(intakeContext);
  const reference = String(params.reference ?? '').toUpperCase();
  let read;
  try {
    read = await intake.readForStaff(reference, user);
  } catch (error) {
    context.get(platformContext).logger.error('new-patient answers failed', errorFields(error));
    throw data({ message: 'The answers cannot be shown just now. Please try again in a moment.' }, { status: 503, statusText: 'Service Unavailable', headers: HEADERS });
  }
  if (read.kind === 'not-found') throw data({ message: 'There is no booking with this reference.' }, { status: 404, statusText: 'Not Found', headers: HEADERS });
  if (read.kind === 'forbidden') {
    throw data({ message: 'Only the practitioner treating this patient and the clinic’s administrators can read a new-patient form.' }, { status: 403, statusText: 'Forbidden', headers: HEADERS });
  }
  const { visit } = read;
  const row = read.kind === 'none' ? null : read.row;
  if (read.kind === 'unreadable') context.get(platformContext).logger.error('new-patient form cannot be decrypted', { formId: read.row.id, kekId: read.row.kekId });
  const page: StaffFormData = {
    staffName: user.displayName || user.email || 'Staff',
    newCount: user.newRequests ?? 0,
    visit: { reference: visit.reference, startsAt: visit.startsAt, endsAt: visit.endsAt, practitionerId: visit.practitionerId, patientName: visit.patientName, serviceId: visit.serviceId },
    state: read.kind === 'none' ? 'none' : read.kind === 'unreadable' ? 'unreadable' : 'answers',
    status: row?.status ?? null,
    redFlag: read.kind === 'answers' && read.redFlag,
    blocks: read.kind === 'answers' ? read.blocks : [],
    reads: read.kind === 'answers' ? read.reads : [],
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    consentVersion: row?.consentVersion ?? null,
    dataWithdrawnAt: row?.dataWithdrawnAt?.toISOString() ?? null,
    treatmentWithdrawnAt: row?.treatmentWithdrawnAt?.toISOString() ?? null,
    meta: { title: `New-patient form ${visit.reference}`, description: 'A patient’s answers, for the practitioner treating them.' },
  };
  return data(page, { headers: HEADERS });
}
