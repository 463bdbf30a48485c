import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { FormStateContext, TextAreaField } from '../../ui/fields';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import type { QuestionsActionData, QuestionsData } from '../page-data';
import '../../ui/staff/staff.css';

/** The editors' page of the new-patient form: the questions and consent texts, published as a new version. */
export default function StaffQuestionsPage() {
  const d = useLoaderData() as QuestionsData;
  const echo = useActionData() as QuestionsActionData | undefined;
  const busy = useNavigation().state === 'submitting';
  const values = echo?.values ?? { ...d.values, base: String(d.version) };
  return (
    <>
      <StaffBand title="New-patient form" staffName={d.staffName} />
      <div className="container staff-page">
        {d.published && !echo && (
          <p className="staff-alert staff-alert--ok" role="status">
            Version {d.published} is published. New answers use it from now on; answers already given keep the version they answered.
          </p>
        )}
        {echo && (
          <p className="staff-alert staff-alert--error" role="alert">
            {echo.message}
          </p>
        )}
        <p>
          Version {d.version}, published {formatAbuja(d.publishedAt)} by {d.publishedBy}. Patients see these questions and texts on the new-patient form; a “yes” to any red-flag question tells
          them to call the clinic or 112 at once, and marks the visit for its practitioner.
        </p>
        <FormStateContext.Provider value={{ values, errors: echo?.errors ?? {} }}>
          <Form method="post" className="staff-form" aria-label="The new-patient form’s questions">
            <input type="hidden" name="base" value={values.base} />
            <TextAreaField label="Red-flag questions (one per line, answered yes or no)" name="redFlags" rows={10} required hint="Plain words a patient understands. A yes flags the visit." />
            <TextAreaField label="Past conditions to tick (one per line)" name="conditions" rows={8} hint="Shown as boxes in “Your health history”." />
            <TextAreaField label="Consent to assessment and treatment" name="treatment" rows={6} required hint="Signed with the patient’s typed name; its version is recorded with the signature." />
            <TextAreaField label="Consent to keeping the health information" name="data" rows={6} required hint="Asked before any health question; never ticked in advance." />
            <TextAreaField label="Consent to news by e-mail" name="news" rows={3} required hint="Optional for the patient." />
            <div className="staff-actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? 'Publishing…' : 'Publish a new version'}
              </button>
            </div>
          </Form>
        </FormStateContext.Provider>
        <h2>Versions</h2>
        <ol className="staff-history" reversed>
          {d.history.map((v) => (
            <li key={v.version}>
              <time dateTime={v.createdAt}>{formatAbuja(v.createdAt)}</time>
              Version {v.version} by {v.createdByName}
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
