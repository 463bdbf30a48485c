import { useLoaderData } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { formatVisit } from '../../booking/time';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import { AnswerList, ReadLog } from '../answer-list';
import type { StaffFormData } from '../page-data';
import { PrintButton } from '../print-button';
import '../intake.css';
import '../../ui/staff/staff.css';

/** A visit's new-patient answers for the treating practitioner and admins: formatted, printable, each read logged. */
export default function StaffIntakeFormPage() {
  const d = useLoaderData() as StaffFormData;
  const facts = useClinicFacts();
  const practitioner = facts.practitioners.find((p) => p.id === d.visit.practitionerId)?.name ?? d.visit.practitionerId;
  const service = facts.services.find((s) => s.id === d.visit.serviceId)?.name ?? '';
  return (
    <>
      <StaffBand title={`New-patient form ${d.visit.reference}`} staffName={d.staffName} newCount={d.newCount} />
      <div className="container staff-page intake intake-staff">
        <Link to={`/staff/bookings/${d.visit.reference}`} className="staff-back intake-noprint">
          ← The visit
        </Link>
        <section className="staff-card" aria-labelledby="form-visit-heading">
          <h2 id="form-visit-heading">{d.visit.patientName ?? 'Patient'}</h2>
          <p>
            First visit {formatVisit(Date.parse(d.visit.startsAt), Date.parse(d.visit.endsAt))} (Abuja time) with {practitioner}
            {service ? `, ${service}` : ''}. Reference {d.visit.reference}.
          </p>
          {d.state === 'answers' && d.status === 'submitted' && (
            <p>
              Sent {formatAbuja(d.submittedAt)}
              {d.updatedAt && d.updatedAt !== d.submittedAt ? `, last changed ${formatAbuja(d.updatedAt)}` : ''}. Consent text version {d.consentVersion}.
            </p>
          )}
          {d.state === 'answers' && d.status === 'draft' && <p className="form-notice">Not sent yet: the patient has saved only some sections (shown below).</p>}
          {d.treatmentWithdrawnAt && <p className="staff-alert staff-alert--error">The patient withdrew their consent to assessment and treatment on {formatAbuja(d.treatmentWithdrawnAt)}. Talk to them before any assessment.</p>}
          {d.status === 'withdrawn' && <p className="form-notice">The patient withdrew their consent to keeping their answers on {formatAbuja(d.dataWithdrawnAt)}; the answers were deleted.</p>}
          {d.state === 'answers' && d.blocks.length > 0 && <PrintButton />}
        </section>
        {d.state === 'none' && <p className="form-notice">The patient has not started the form yet.</p>}
        {d.state === 'unreadable' && (
          <p className="staff-alert staff-alert--error" role="alert">
            This form cannot be decrypted with the keys this server holds, so it is not shown. The server’s key (INTAKE_KEK) may be missing or wrong: tell the person who runs the site. Ask the patient
            at the visit instead.
          </p>
        )}
        {d.redFlag && (
          <p className="staff-alert staff-alert--error intake-redflag" role="status">
            <strong>Red flag:</strong> the patient answered yes to at least one red-flag question (marked below) and was told to call the clinic or 112.
          </p>
        )}
        {d.blocks.length > 0 && <AnswerList blocks={d.blocks} />}
        {d.state === 'answers' && (
          <section className="staff-card intake-noprint" aria-labelledby="reads-heading">
            <h2 id="reads-heading">Read by</h2>
            <ReadLog reads={d.reads} empty="Nobody yet." />
          </section>
        )}
      </div>
    </>
  );
}
