import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { questionsFromLines, type IntakeDefinition } from '../../../shared/intake/definition';
import type { QuestionsActionData, QuestionsData } from '../../../shared/intake/page-data';
import { QUESTIONS_PATH } from '../../../shared/intake/routes';
import type { FieldErrors } from '../../../shared/platform/form-fields';
import { isStorableText } from '../../../shared/platform/storable-text';
import { platformContext, requireEditor } from '../../platform/render/route-context';
import { intakeContext } from '../context';

const HEADERS = { 'Cache-Control': 'private, no-store' };

const lines = (questions: IntakeDefinition['redFlags']) => questions.map((q) => q.text).join('\n');

/**
 * /staff/content/new-patient-form: the red-flag questions, the health history's list and the
 * three consent texts, for editors (and admins). Saving publishes a new version: forms answer it
 * from then on, and every section already saved keeps the version it answered.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireEditor(context, request);
  const intake = context.get(intakeContext);
  const [current, history] = await Promise.all([intake.versions.current(), intake.versions.history()]);
  const published = Number(new URL(request.url).searchParams.get('published'));
  const { definition: d } = current;
  const page: QuestionsData = {
    staffName: user.displayName || user.email || 'Editor',
    version: current.version,
    publishedAt: current.createdAt,
    publishedBy: current.createdByName,
    values: { redFlags: lines(d.redFlags), conditions: lines(d.conditions), treatment: d.consent.treatment, data: d.consent.data, news: d.consent.news },
    history,
    published: Number.isInteger(published) && published > 0 ? published : null,
  };
  return data(page, { headers: HEADERS });
}

const LIMITS = { redFlags: { min: 1, max: 20, length: 300 }, conditions: { min: 0, max: 40, length: 120 } } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireEditor(context, request);
  const intake = context.get(intakeContext);
  const form = await request.formData();
  const values = Object.fromEntries(['redFlags', 'conditions', 'treatment', 'data', 'news', 'base'].map((k) => [k, String(form.get(k) ?? '').slice(0, 12_000)]));
  const errors: FieldErrors = {};
  for (const [name, text] of Object.entries(values)) if (!isStorableText(text)) errors[name] = 'This field contains an invisible control character. Please delete it and type the text again.';
  const lists = { redFlags: questionsFromLines(values.redFlags!), conditions: questionsFromLines(values.conditions!) };
  for (const name of ['redFlags', 'conditions'] as const) {
    const { min, max, length } = LIMITS[name];
    if (lists[name].length < min) errors[name] ??= 'Please write at least one question, one per line.';
    else if (lists[name].length > max) errors[name] ??= `Please keep to ${max} lines.`;
    else if (lists[name].some((q) => q.text.length > length)) errors[name] ??= `Please keep each line under ${length} characters.`;
  }
  for (const name of ['treatment', 'data', 'news'] as const) {
    const text = values[name]!.trim();
    if (!text) errors[name] ??= 'Please write the text the patient agrees to.';
    else if (text.length > 3000) errors[name] ??= 'Please keep this text under 3,000 characters.';
  }
  const answer = (body: QuestionsActionData, status: number) => data(body, { status, headers: HEADERS });
  if (Object.keys(errors).length) return answer({ message: 'Please correct the fields marked below. Nothing was published.', errors, values }, 422);
  const definition: IntakeDefinition = { ...lists, consent: { treatment: values.treatment!.trim(), data: values.data!.trim(), news: values.news!.trim() } };
  const result = await intake.versions.publish(definition, Number(values.base), { uid: user.uid, name: user.displayName || user.email || user.uid });
  if (!result.ok) {
    return answer({ message: `Someone published version ${result.current} while you were editing. Your text is still here: compare it with the page as it is now (open it in another tab), then publish again.`, errors: {}, values: { ...values, base: String(result.current) }, stale: true }, 409);
  }
  context.get(platformContext).logger.info('new-patient form questions published', { version: result.version, by: user.uid });
  throw redirect(`${QUESTIONS_PATH}?published=${result.version}`, { status: 303, headers: HEADERS });
}
