import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatWhen } from '../../booking/time';
import { FormStateContext } from '../../ui/fields';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { PhoneLink } from '../../ui/phone-link';
import { Section } from '../../ui/section';
import { formatAbuja } from '../../ui/staff/format';
import { AnswerList, ReadLog } from '../answer-list';
import { SECTION_IDS, SECTIONS } from '../definition';
import { BirthDateForm, Steps, UrgentNotice, VisitLine } from '../form-parts';
import { SectionFields } from '../form-sections';
import type { FormActionData, FormPageData, RefusalReason } from '../page-data';
import type { Posted } from '../schemas';
import '../intake.css';

const crumbs = (manageHref: string | null) => [{ label: 'Home', to: '/' }, ...(manageHref ? [{ label: 'Your booking', to: manageHref }] : []), { label: 'New-patient form' }];

/** A form's values for the kit's text fields (the boxes of a list are read from `values` itself). */
const textValues = (values: Posted) => Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * The new-patient form, /booking/manage/:token/form: the date-of-birth gate, then six short
 * sections saved one by one (so it can be finished later, on another device), then what was
 * sent, to correct, download or withdraw. Every step is a plain form: it works without
 * JavaScript; with it, the same forms post in place.
 */
export default function IntakeFormPage() {
  const page = useLoaderData() as FormPageData;
  const echo = useActionData() as FormActionData | undefined;
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal: focus moves to its message, read out at once.
  useEffect(() => {
    if (echo) alertRef.current?.focus();
  }, [echo]);
  const alert = (
    <div ref={alertRef} tabIndex={-1} role="alert" className="intake-alert">
      {echo && <p className="form-error">{echo.message}</p>}
    </div>
  );

  if (page.kind === 'refused') return <Refused reason={page.reason} manageHref={page.manageHref} />;

  if (page.kind === 'gate' || echo?.kind === 'reopen') {
    const gate = page.kind === 'gate' ? page : null;
    const visit = page.visit;
    const gateEcho = echo?.kind === 'gate' ? echo : null;
    const lockedUntil = gateEcho?.lockedUntil ?? gate?.lockedUntil ?? null;
    const pending = echo?.kind === 'reopen' ? { section: echo.section, values: echo.values } : null;
    return (
      <>
        <PageHeader title="New-patient form" crumbs={crumbs(visit.manageHref)} />
        <Section headingId="gate-heading" className="intake" containerClassName="intake__inner">
          <VisitLine visit={visit} />
          <h2 id="gate-heading">{gate?.first ? 'First, your date of birth' : 'Confirm it is you'}</h2>
          {alert}
          {lockedUntil ? (
            <div className="form-notice" role="status">
              <p>
                The form is locked until <strong>{formatWhen(Date.parse(lockedUntil)).split(' at ')[1]}</strong> (Abuja time) after five wrong dates of birth, and the clinic has been told. Try again then, or
                call us on <PhoneLink />.
              </p>
            </div>
          ) : (
            <>
              <p>
                {gate?.first
                  ? 'Your answers are kept private. To open them again, here or on another phone, you will need this link and your date of birth.'
                  : 'To keep your answers private, please give the date of birth you gave when you started this form.'}
              </p>
              <FormStateContext.Provider value={{ errors: gateEcho?.errors ?? {} }}>
                <BirthDateForm action={visit.formHref} values={gateEcho?.values ?? {}} errors={gateEcho?.errors ?? {}} submit={gate?.first ? 'Start the form' : 'Open my form'} pending={pending} />
              </FormStateContext.Provider>
            </>
          )}
          <p className="intake-help">
            Questions, or would you rather do it by phone? Call <PhoneLink />.
          </p>
        </Section>
      </>
    );
  }

  if (page.kind === 'summary') return <Summary page={page} alert={alert} />;

  return <SectionPage page={page} echo={echo?.kind === 'section' && echo.section === page.section ? echo : undefined} alert={alert} />;
}

function Refused({ reason, manageHref }: { reason: RefusalReason; manageHref: string | null }) {
  const words: Record<RefusalReason, { title: string; text: string }> = {
    'bad-link': { title: 'This link does not open a form', text: 'It may have been changed, or it is no longer valid: please use the link in your latest confirmation.' },
    'no-form': { title: 'No form is needed for this visit', text: 'The new-patient form is for a first visit to the clinic. We already have what we need.' },
    cancelled: { title: 'This visit is cancelled', text: 'There is no form to fill in for a cancelled visit.' },
    unavailable: { title: 'We cannot open your form just now', text: 'Please try again in a few minutes.' },
  };
  return (
    <>
      <PageHeader title={words[reason].title} crumbs={crumbs(manageHref)} />
      <Section headingId="refused-heading" className="intake" containerClassName="intake__inner">
        <h2 id="refused-heading" className="visually-hidden">
          Why
        </h2>
        <p className="form-error" role="alert">
          {words[reason].text}
        </p>
        <p>
          To talk to us, call <PhoneLink />.{manageHref ? ' ' : ''}
          {manageHref && <Link to={manageHref}>Back to your booking</Link>}
        </p>
      </Section>
    </>
  );
}

function SectionPage({ page, echo, alert }: { page: Extract<FormPageData, { kind: 'section' }>; echo: Extract<FormActionData, { kind: 'section' }> | undefined; alert: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { section, visit } = page;
  const index = SECTION_IDS.indexOf(section);
  const previous = SECTION_IDS[index - 1];
  const last = section === 'consent';
  const values = echo?.values ?? page.values;
  const errors = echo?.errors ?? {};
  const here = `${visit.formHref}?section=${section}`;
  return (
    <>
      <PageHeader title="New-patient form" crumbs={crumbs(visit.manageHref)} />
      <Section headingId="section-heading" className="intake" containerClassName="intake__inner">
        <VisitLine visit={visit} />
        <Steps steps={page.steps} current={section} formHref={visit.formHref} />
        {page.saved && !echo && (
          <p className="intake-saved" role="status">
            Saved: {SECTIONS[page.saved].title}.
          </p>
        )}
        {page.redFlag && section !== 'safety' && <UrgentNotice />}
        {alert}
        <h2 id="section-heading">{SECTIONS[section].title}</h2>
        <p className="intake-intro">{SECTIONS[section].intro}</p>
        {page.blocked ? (
          <div className="form-notice">
            <p>
              {page.blocked} <Link to={`${visit.formHref}?section=privacy`}>{SECTIONS.privacy.title}</Link>
            </p>
          </div>
        ) : (
          <FormStateContext.Provider value={{ values: textValues(values), errors }}>
            <Form method="post" action={here} className="intake-form" aria-labelledby="section-heading" preventScrollReset={false}>
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="section" value={section} />
              <fieldset className="intake-form__body" disabled={!page.editable}>
                <SectionFields section={section} values={values} errors={errors} definition={page.definition} about={page.about} today={page.today} retention={page.retention} />
              </fieldset>
              {page.editable ? (
                <div className="intake-form__actions">
                  <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={busy || undefined}>
                    {busy ? 'Saving…' : last ? (page.submitted ? 'Save my signature' : 'Send the form') : 'Save and continue'}
                  </button>
                  {previous && (
                    <Link to={`${visit.formHref}?section=${previous}`} className="btn btn--ghost">
                      Back
                    </Link>
                  )}
                </div>
              ) : (
                <p className="form-notice">Your visit has started or is no longer booked, so the form can no longer be changed. Please tell your practitioner at the visit.</p>
              )}
              <p className="field__hint">Each section is saved when you press its button. You can stop at any time and finish later with the same link.</p>
            </Form>
          </FormStateContext.Provider>
        )}
        <FormFoot page={page} />
      </Section>
    </>
  );
}

/** What the patient can always do at the bottom of the form: see what they sent, close the form on this device. */
function FormFoot({ page }: { page: Extract<FormPageData, { kind: 'section' | 'summary' }> }) {
  return (
    <div className="intake-foot">
      {page.kind === 'section' && (
        <Link to={`${page.visit.formHref}?section=review`}>See all your answers</Link>
      )}
      <Form method="post" action={page.visit.formHref}>
        <input type="hidden" name="intent" value="close" />
        <button type="submit" className="btn btn--ghost btn--sm">
          Close the form on this device
        </button>
      </Form>
      <p className="intake-help">
        Questions? Call <PhoneLink />.
      </p>
    </div>
  );
}

const NOTICE_TEXT = {
  sent: 'Thank you: your form is sent. Your practitioner will read it before your visit.',
  'withdrawn-data': 'Your consent is withdrawn and your answers are deleted. The clinic has been told; your visit stays booked.',
  'withdrawn-treatment': 'Your consent to assessment and treatment is withdrawn. The clinic has been told and will talk to you; your visit stays booked.',
  'withdrawn-news': 'You will not get our news any more.',
} as const;

function Summary({ page, alert }: { page: Extract<FormPageData, { kind: 'summary' }>; alert: ReactNode }) {
  const { visit } = page;
  const done = page.steps.filter((s) => s.done).length;
  const next = page.steps.find((s) => !s.done);
  return (
    <>
      <PageHeader title={page.status === 'submitted' ? 'Your new-patient form' : 'New-patient form'} crumbs={crumbs(visit.manageHref)} />
      <Section headingId="summary-heading" className="intake" containerClassName="intake__inner">
        <VisitLine visit={visit} />
        {page.notice && (
          <p className="intake-saved" role="status">
            {NOTICE_TEXT[page.notice]}
          </p>
        )}
        {page.redFlag && <UrgentNotice />}
        {alert}
        <h2 id="summary-heading">{page.status === 'submitted' ? 'What you sent' : 'Your answers so far'}</h2>
        {page.status === 'submitted' ? (
          <p>
            Sent {formatAbuja(page.submittedAt)}.{' '}
            {page.editable ? 'You can correct any section until your visit starts: your practitioner sees the latest.' : 'Your visit has started, so it can no longer be changed.'}
          </p>
        ) : page.status === 'withdrawn' ? (
          <p>
            You withdrew your consent on {formatAbuja(page.dataWithdrawnAt)}, and your answers were deleted.{' '}
            {page.editable && (
              <>
                If you change your mind, <Link to={`${visit.formHref}?section=privacy`}>fill in the form again</Link>.
              </>
            )}
          </p>
        ) : (
          <p>
            Not sent yet: {done} of {page.steps.length} sections saved.{' '}
            {next && page.editable && (
              <Link to={`${visit.formHref}?section=${next.id}`} className="btn btn--primary btn--sm">
                Continue with “{next.title}”
              </Link>
            )}
          </p>
        )}
        {page.treatmentWithdrawnAt && <p className="form-notice">You withdrew your consent to assessment and treatment on {formatAbuja(page.treatmentWithdrawnAt)}. To give it again, sign the last section again.</p>}
        {page.blocks.length > 0 && (
          <AnswerList
            blocks={page.blocks}
            headingLevel={3}
            action={(b) =>
              page.editable ? (
                <Link to={`${visit.formHref}?section=${b.id}`} className="btn btn--ghost btn--sm">
                  Change<span className="visually-hidden"> {b.title}</span>
                </Link>
              ) : null
            }
          />
        )}
        {page.blocks.length > 0 && (
          <p>
            <a href={page.downloadHref} className="btn btn--outline" download>
              Download your answers (text file)
            </a>
          </p>
        )}
        <section className="intake-card" aria-labelledby="reads-heading">
          <h2 id="reads-heading">Who has read your form</h2>
          <ReadLog reads={page.reads} empty="Nobody at the clinic has read it yet." forPatient />
        </section>
        <Withdraw page={page} />
        <FormFoot page={page} />
      </Section>
    </>
  );
}

/** Each consent withdrawn by one button, as easily as it was given (NDPA 2023 s.35); the clinic is told, the visit stays. */
function Withdraw({ page }: { page: Extract<FormPageData, { kind: 'summary' }> }) {
  const items: { what: 'data' | 'treatment' | 'news'; title: string; text: string; button: string }[] = [];
  if (page.status !== 'withdrawn' && page.blocks.length) {
    items.push({ what: 'data', title: 'Your health information', text: 'We delete every answer on this form and tell the clinic. Your visit stays booked; your practitioner will ask you at the visit instead.', button: 'Withdraw and delete my answers' });
  }
  if (page.status === 'submitted' && !page.treatmentWithdrawnAt) {
    items.push({ what: 'treatment', title: 'Assessment and treatment', text: 'We tell the clinic, and nobody will assess or treat you before talking to you. Your visit stays booked.', button: 'Withdraw my consent to treatment' });
  }
  if (page.news) items.push({ what: 'news', title: 'News by e-mail', text: 'We stop sending you our news.', button: 'Stop the news' });
  if (!items.length) return null;
  return (
    <section className="intake-card" aria-labelledby="withdraw-heading">
      <h2 id="withdraw-heading">Withdraw your consent</h2>
      {items.map((item) => (
        <Form key={item.what} method="post" action={page.visit.formHref} className="intake-withdraw" aria-label={item.title}>
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="what" value={item.what} />
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          <button type="submit" className="btn btn--ghost btn--sm">
            {item.button}
          </button>
        </Form>
      ))}
    </section>
  );
}
