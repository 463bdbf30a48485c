import { Link } from '../ui/link';
import { formatAbuja } from '../ui/staff/format';
import type { PatientVisitForm, StaffVisitForm } from './visit-form';

/** The new-patient form on the patient's booking page: what is left to do, and the way in. */
export function PatientFormCard({ form }: { form: PatientVisitForm }) {
  const words = {
    'not-started': { title: 'Before your first visit: the new-patient form', text: 'It takes about 10 minutes and saves as you go, so you can finish it later or on another phone. It saves ten minutes of paper at the clinic.', button: 'Fill in the form' },
    'in-progress': { title: 'Your new-patient form is not finished', text: `${form.sectionsDone} of ${form.sections} sections saved. Finish it before your visit.`, button: 'Continue the form' },
    done: { title: 'Your new-patient form is sent', text: 'Thank you. You can see what you sent and correct it until your visit.', button: 'See what you sent' },
    withdrawn: { title: 'You withdrew your new-patient form', text: 'Your answers were deleted. Your practitioner will ask you at the visit instead.', button: 'Open the form' },
  }[form.state];
  return (
    <section className={`visit-form visit-form--${form.state}`} aria-labelledby="visit-form-heading">
      <h3 id="visit-form-heading">{words.title}</h3>
      <p>{form.editable || form.state === 'done' ? words.text : 'Your visit has started, so the form can no longer be changed.'}</p>
      {(form.editable || form.state === 'done') && (
        <Link to={form.href} className={form.state === 'done' ? 'btn btn--outline btn--sm' : 'btn btn--primary btn--sm'}>
          {words.button}
        </Link>
      )}
    </section>
  );
}

/**
 * A visit's form as staff see it, in words (colour is never the only signal): done or not for
 * everyone; the red flag, a withdrawn consent and an unreadable form only for those who may read
 * the answers (the server leaves them out for the others).
 */
export function FormBadge({ form }: { form: StaffVisitForm }) {
  const state = form.unreadable ? 'unreadable' : form.redFlag ? 'red-flag' : form.done ? 'done' : 'not-done';
  const label = { unreadable: 'Form: cannot be read', 'red-flag': 'Form: red flag', done: 'Form: done', 'not-done': 'Form: not done' }[state];
  return (
    <span className={`status status--form-${state}`}>
      {label}
      {form.withdrawn ? (form.withdrawn === 'data' ? ', consent withdrawn' : ', treatment consent withdrawn') : ''}
      {form.lockedUntil ? `, locked until ${formatAbuja(form.lockedUntil).split(', ')[1]}` : ''}
    </span>
  );
}

/** The badge, and the way to the answers for those who may read them. */
export function StaffFormLine({ form }: { form: StaffVisitForm }) {
  return (
    <span className="visit-form-line">
      <FormBadge form={form} />
      {form.href && <Link to={form.href}>Read the answers</Link>}
    </span>
  );
}
