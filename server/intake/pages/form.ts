import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { managePath } from '../../../shared/booking/results';
import { lagosDate } from '../../../shared/booking/time';
import { hasRedFlag, postedOf } from '../../../shared/intake/answers';
import { HEALTH_SECTIONS, isSectionId, SECTION_IDS, SECTIONS, type SectionId } from '../../../shared/intake/definition';
import type { FormActionData, FormPageData, FormVisit, Step } from '../../../shared/intake/page-data';
import { formDownloadPath, formPath } from '../../../shared/intake/routes';
import type { Posted } from '../../../shared/intake/schemas';
import { formatE164Nigeria } from '../../../shared/platform/phone';
import { clinicPhone } from '../../clinic/details';
import { clinicContext } from '../../clinic/context';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { intakeContext } from '../context';
import type { AppointmentView } from '../../../shared/booking/results';
import type { IntakeService, OpenForm, Opened } from '../service';

/**
 * `/booking/manage/<token>/form`: the new-patient form, opened by the booking's manage link and
 * the patient's date of birth. `?section=<id>` shows one section, `?section=review` what was
 * sent; without it the form resumes where the patient left it. Never cached anywhere: the
 * answers are health information (private, no-store; the service worker keeps nothing marked so),
 * and the address, which holds the link's token, is sent to no other site (`same-origin`, not
 * `no-referrer`: under no-referrer a browser's form post says `Origin: null`, which the
 * cross-site guard refuses, and the form would not post without JavaScript).
 */
const HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' };

const visitOf = (visit: AppointmentView, manageToken: string): FormVisit => ({
  reference: visit.reference,
  startsAt: visit.startsAt,
  endsAt: visit.endsAt,
  practitionerId: visit.practitionerId,
  manageHref: managePath(manageToken),
  formHref: formPath(manageToken),
});

const stepsOf = (open: OpenForm): Step[] => SECTION_IDS.map((id) => ({ id, title: SECTIONS[id].title, done: Boolean(open.doc.sections[id]) }));

/** The section a patient coming back continues with: the first not saved yet, or what they sent. */
function resumeAt(open: OpenForm): SectionId | 'review' {
  if (open.row.status === 'submitted' || !open.editable) return 'review';
  return SECTION_IDS.find((id) => !open.doc.sections[id]) ?? 'review';
}

async function sectionPage(intake: IntakeService, open: OpenForm, section: SectionId, saved: SectionId | null): Promise<FormPageData> {
  const current = await intake.versions.current();
  const about = open.doc.sections.about?.values ?? null;
  const blocked = HEALTH_SECTIONS.includes(section) && (!open.doc.sections.privacy || open.row.status === 'withdrawn') ? 'Before you tell us about your health, please read how we keep it and agree to it.' : null;
  return {
    kind: 'section',
    visit: visitOf(open.visit, open.manageToken),
    section,
    steps: stepsOf(open),
    version: current.version,
    definition: current.definition,
    values: open.doc.sections[section] ? postedOf(section, open.doc.sections[section]) : prefill(section, open.visit),
    about: about ? { fullName: about.fullName, email: about.email } : null,
    today: lagosDate(intake.now()),
    retention: inWords(intake.retentionMonths),
    editable: open.editable,
    saved,
    redFlag: hasRedFlag(open.doc),
    blocked,
    submitted: open.row.status === 'submitted',
  };
}

/** "10 years", "18 months". */
const inWords = (months: number) => (months % 12 === 0 ? `${months / 12} year${months === 12 ? '' : 's'}` : `${months} months`);

/** "About you" the first time: what the booking already knows. */
function prefill(section: SectionId, visit: AppointmentView): Posted {
  if (section !== 'about') return {};
  return { fullName: visit.patientName ?? '', phone: visit.patientPhone ? formatE164Nigeria(visit.patientPhone) : '', email: visit.patientEmail ?? '' };
}

const NOTICES = ['sent', 'withdrawn-data', 'withdrawn-treatment', 'withdrawn-news'] as const;

async function summaryPage(intake: IntakeService, open: OpenForm, notice: string | null): Promise<FormPageData> {
  const { row, doc } = open;
  return {
    kind: 'summary',
    visit: visitOf(open.visit, open.manageToken),
    steps: stepsOf(open),
    status: row.status,
    blocks: await intake.blocks(doc),
    reads: await intake.readsOf(row.id),
    editable: open.editable,
    redFlag: hasRedFlag(doc),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    dataWithdrawnAt: row.dataWithdrawnAt?.toISOString() ?? null,
    treatmentWithdrawnAt: row.treatmentWithdrawnAt?.toISOString() ?? null,
    news: doc.sections.consent?.values.news ?? false,
    downloadHref: formDownloadPath(open.manageToken),
    notice: (NOTICES as readonly string[]).includes(notice ?? '') ? (notice as (typeof NOTICES)[number]) : null,
  };
}

function refusedPage(opened: Extract<Opened, { kind: 'refused' }>, token: string) {
  return data({ kind: 'refused', reason: opened.reason, manageHref: opened.reason === 'bad-link' ? null : managePath(token) } satisfies FormPageData, { status: opened.status, headers: HEADERS });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const intake = context.get(intakeContext);
  const token = params.token ?? '';
  const q = new URL(request.url).searchParams;
  try {
    const opened = await intake.open(token, request.headers.get('cookie'));
    if (opened.kind === 'refused') return refusedPage(opened, token);
    if (opened.kind === 'gate') {
      const locked = opened.lockedUntil;
      const page: FormPageData = { kind: 'gate', visit: visitOf(opened.visit, opened.manageToken), first: opened.first, lockedUntil: locked?.toISOString() ?? null };
      return data(page, { status: locked ? 429 : 200, headers: locked ? { ...HEADERS, 'Retry-After': String(Math.max(1, Math.ceil((locked.getTime() - intake.now().getTime()) / 1000))) } : HEADERS });
    }
    const asked = q.get('section') ?? '';
    const at = isSectionId(asked) ? asked : asked === 'review' ? 'review' : resumeAt(opened);
    const saved = q.get('saved');
    const page = at === 'review' ? await summaryPage(intake, opened, q.get('notice') ?? (saved === 'consent' ? 'sent' : null)) : await sectionPage(intake, opened, at, isSectionId(saved) ? saved : null);
    return data(page, { headers: HEADERS });
  } catch (error) {
    context.get(platformContext).logger.error('new-patient form failed', errorFields(error));
    return data({ kind: 'refused', reason: 'unavailable', manageHref: managePath(token) } satisfies FormPageData, { status: 503, headers: HEADERS });
  }
}

/** A form's fields: one string each, several for a list of boxes; the intent fields left out. */
function postedFields(form: FormData, prefix = ''): Posted {
  const out: Posted = {};
  let n = 0;
  for (const key of new Set(form.keys())) {
    if (!key.startsWith(prefix) || n++ > 200) continue;
    const name = key.slice(prefix.length);
    if (!prefix && (name === 'intent' || name === 'section' || name === 'what' || name.startsWith('pending.') || name.startsWith('dob'))) continue;
    const values = form.getAll(key).filter((v): v is string => typeof v === 'string').map((v) => v.slice(0, 4000));
    out[name] = name === 'regions' || name === 'conditions' || values.length > 1 ? values : (values[0] ?? '');
  }
  return out;
}

const answer = (body: FormActionData, status: number, extra: Record<string, string> = {}) => data(body, { status, headers: { ...HEADERS, ...extra } });

/** The form cannot open: the way out is the clinic's number as its details say now (never the seed's). */
const unavailableIn = (context: ActionFunctionArgs['context']) => async () => `We cannot open your form just now. Please try again in a few minutes, or call us on ${await clinicPhone(context.get(clinicContext))}.`;

const sectionHref = (token: string, next: SectionId | 'summary', saved: SectionId) => `${formPath(token)}?${next === 'summary' ? 'section=review' : `section=${next}`}&saved=${saved}`;

/**
 * `intent=gate` (the date of birth; with `pending.*` fields, a section typed before the form
 * closed on this device, saved as soon as it opens again), `intent=save` with `section`,
 * `intent=withdraw` with `what` (data, treatment, news), `intent=close` (this device).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const intake = context.get(intakeContext);
  const { logger } = context.get(platformContext);
  const token = params.token ?? '';
  const unavailable = unavailableIn(context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const field = (name: string) => String(form.get(name) ?? '');
  try {
    if (intent === 'gate') {
      const values = { dobDay: field('dobDay'), dobMonth: field('dobMonth'), dobYear: field('dobYear') };
      const result = await intake.gate(token, { day: values.dobDay, month: values.dobMonth, year: values.dobYear });
      switch (result.kind) {
        case 'refused':
          return answer({ kind: 'refused', message: await unavailable() }, result.status);
        case 'invalid':
          return answer({ kind: 'gate', message: 'Please correct your date of birth.', errors: result.errors, values }, 422);
        case 'wrong':
          return answer(
            {
              kind: 'gate',
              message: `That date of birth does not match the one given for this form. ${result.triesLeft === 1 ? 'One more wrong try' : `${result.triesLeft} more wrong tries`} will lock the form for an hour.`,
              errors: { dobDay: 'This date does not match. Please check the day, the month and the year.' },
              values,
            },
            422,
          );
        case 'locked':
          return answer(
            { kind: 'gate', message: 'The form is locked for an hour after five wrong dates of birth.', errors: {}, values: {}, lockedUntil: result.until.toISOString() },
            429,
            { 'Retry-After': String(Math.max(1, Math.ceil((result.until.getTime() - intake.now().getTime()) / 1000))) },
          );
        case 'opened': {
          const pending = field('pending.section');
          if (isSectionId(pending)) return await saveAndGo(intake, token, request, pending, postedFields(form, 'pending.'), result.setCookie);
          return redirect(formPath(token), { status: 303, headers: { ...HEADERS, 'Set-Cookie': result.setCookie } });
        }
      }
    }
    const opened = await intake.open(token, request.headers.get('cookie'));
    if (opened.kind === 'refused') return answer({ kind: 'refused', message: opened.reason === 'unavailable' ? await unavailable() : 'This link does not open a form any more.' }, opened.status);
    if (opened.kind === 'gate') {
      const section = field('section');
      if (intent === 'save' && isSectionId(section)) {
        return answer({ kind: 'reopen', section, message: 'For your safety the form closed on this device. Please confirm your date of birth: what you typed is kept and will be saved.', values: postedFields(form), errors: {} }, 401);
      }
      return redirect(formPath(token), { status: 303, headers: HEADERS });
    }
    if (intent === 'save') {
      const section = field('section');
      if (!isSectionId(section)) return answer({ kind: 'refused', message: 'Please use the buttons on this page.' }, 400);
      return await saveSection(intake, opened, token, section, postedFields(form));
    }
    if (intent === 'withdraw') {
      const what = field('what');
      if (what !== 'data' && what !== 'treatment' && what !== 'news') return answer({ kind: 'refused', message: 'Please use the buttons on this page.' }, 400);
      await intake.withdraw(opened, what);
      return redirect(`${formPath(token)}?section=review&notice=withdrawn-${what}`, { status: 303, headers: { ...HEADERS, 'Set-Cookie': intake.renew(opened) } });
    }
    if (intent === 'close') return redirect(managePath(token), { status: 303, headers: { ...HEADERS, 'Set-Cookie': intake.close(opened) } });
    return answer({ kind: 'refused', message: 'Please use the buttons on this page.' }, 400);
  } catch (error) {
    logger.error('new-patient form change failed', errorFields(error));
    return answer({ kind: 'refused', message: await unavailable() }, 503);
  }
}

async function saveSection(intake: IntakeService, opened: OpenForm, token: string, section: SectionId, posted: Posted) {
  const result = await intake.save(opened, section, posted);
  if (!result.ok) {
    const message = result.errors._form ?? 'Please correct the answers marked below. Everything you typed is still here.';
    return answer({ kind: 'section', section, message, errors: result.errors, values: posted }, result.status);
  }
  return redirect(sectionHref(token, result.next, section), { status: 303, headers: { ...HEADERS, 'Set-Cookie': intake.renew(opened) } });
}

/** After the gate opened the form again: the section typed before it closed, saved now. */
async function saveAndGo(intake: IntakeService, token: string, request: Request, section: SectionId, posted: Posted, setCookie: string) {
  // The request as it would come next: its cookies with the form's new one in place of any old one.
  const cookie = setCookie.split(';')[0]!;
  const name = cookie.slice(0, cookie.indexOf('='));
  const others = (request.headers.get('cookie') ?? '').split(';').map((c) => c.trim()).filter((c) => c && !c.startsWith(`${name}=`));
  const opened = await intake.open(token, [...others, cookie].join('; '));
  if (opened.kind !== 'open') return redirect(formPath(token), { status: 303, headers: { ...HEADERS, 'Set-Cookie': setCookie } });
  const result = await intake.save(opened, section, posted);
  if (!result.ok) {
    const message = result.errors._form ?? 'Your form is open again. Please correct the answers marked below. Everything you typed is still here.';
    return answer({ kind: 'section', section, message, errors: result.errors, values: posted }, result.status, { 'Set-Cookie': setCookie });
  }
  return redirect(sectionHref(token, result.next, section), { status: 303, headers: { ...HEADERS, 'Set-Cookie': setCookie } });
}
