import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { kindSpec } from '../../../shared/publishing/kinds';
import type { FormValues } from '../../../shared/publishing/fields';
import type { EditorActionData, EditorData } from '../../../shared/publishing/types';
import { StoreUnavailableError } from '../../platform/db/store';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { kindStore } from '../kinds';
import { libraryPictures } from '../pictures';
import { cancelSchedule, discardDraft, getEntry, listRevisions, publishNow, saveDraft, schedule, takeDown, valuesOf, type Outcome } from '../repo';
import { depositAction, depositEditor } from '../deposit-rule';
import { editorChoices, editorOf, formVersion, kindOf, notFound, previewHref, scheduleInstant, valuesFromForm } from '../page-data';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** /staff/content/:kind/:id: the item's form (its working copy, else what is live), its state and history. */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<EditorData> {
  const editor = editorOf(context, request);
  const kind = kindOf(params);
  const id = String(params.id ?? '');
  const { store } = context.get(platformContext);
  const state = await getEntry(store.db, kind, id);
  if (!state) throw notFound();
  const values = valuesOf(kind, state);
  const [choices, pictures, revisions, refusal] = await Promise.all([
    editorChoices(store.db),
    kindSpec(kind).fields.some((f) => f.type === 'picture' || f.type === 'rich') ? libraryPictures(store.db) : Promise.resolve([]),
    listRevisions(store.db, kind, id),
    state.live ? kindStore(kind).refusal(store.db, id) : Promise.resolve(null),
  ]);
  const deposit = kind === 'service' ? await depositEditor(context, id, state.live !== null) : null;
  return { staffName: editor.staffName, kind, id, state, values, choices, pictures, revisions, previewHref: previewHref(kind, id, values), takeDownRefusal: refusal, deposit };
}

const CONFLICT = 'Someone else saved this item while you were editing it, so your change was not saved. Their version and yours are side by side below: nothing you typed is lost. Keep yours to save it over theirs, or take theirs.';

/**
 * The editor's buttons, one POST with `intent`: autosave (JavaScript, as you type), save, preview
 * (save, then open the page with the draft), publish, schedule, cancel-schedule, discard,
 * take-down. Every one carries the version the form was made from: a save made meanwhile is a
 * conflict, answered with both versions. A database fault keeps what was typed and says so.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const editor = editorOf(context, request);
  const kind = kindOf(params);
  const id = String(params.id ?? '');
  const { store, logger } = context.get(platformContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  // A service's deposit rule (issue 48): its own form on this page, saved at once, admins only.
  if (intent === 'deposit' && kind === 'service') return depositAction(context, request, id, form);
  const version = formVersion(form.get('version'));
  const { values, errors: formErrors } = valuesFromForm(kind, form);
  const here = `/staff/content/${kind}/${id}`;
  const answer = (body: EditorActionData, status: number) => data(body, { status, headers: PRIVATE });
  if (version === null) return answer({ outcome: 'refused', intent, message: 'This form is out of date: please reload the page.', values }, 400);

  const refused = (outcome: Exclude<Outcome<object>, { ok: true }>, typed: FormValues) => {
    switch (outcome.reason) {
      case 'not-found':
        throw notFound();
      case 'conflict':
        return answer({ outcome: 'conflict', intent, message: CONFLICT, values: typed, current: outcome.current, theirs: valuesOf(kind, outcome.current) }, 409);
      case 'invalid':
        return answer({ outcome: 'invalid', intent, message: 'Please correct the marked fields. Nothing is lost: your draft is kept as you typed it.', errors: outcome.errors, values: typed, version }, 422);
      default:
        return answer({ outcome: 'refused', intent, message: outcome.message, values: typed, version }, 409);
    }
  };

  try {
    switch (intent) {
      case 'autosave':
      case 'save':
      case 'preview': {
        const saved = await saveDraft(store.db, { kind, id, version, values, actor: editor });
        if (!saved.ok) return refused(saved, values);
        if (intent === 'autosave') return answer({ outcome: 'saved', intent, version: saved.version, savedAt: saved.savedAt, ...(Object.keys(formErrors).length ? { errors: formErrors } : {}) }, 200);
        if (Object.keys(formErrors).length) return answer({ outcome: 'invalid', intent, message: 'Saved as a draft. Please correct the marked field before you publish.', errors: formErrors, values, version: saved.version }, 422);
        if (intent === 'preview') {
          const href = previewHref(kind, id, values);
          if (href) throw redirect(href, 303);
        }
        throw redirect(`${here}?done=saved`, 303);
      }
      case 'publish': {
        if (Object.keys(formErrors).length) return refused({ ok: false, reason: 'invalid', errors: formErrors }, values);
        const published = await publishNow(store.db, { kind, id, version, values, actor: editor });
        if (!published.ok) return refused(published, values);
        logger.info('content published', { kind, id, revision: published.revision, by: editor.uid });
        context.get(platformContext).onContentChange();
        throw redirect(`${here}?done=published`, 303);
      }
      case 'schedule': {
        if (Object.keys(formErrors).length) return refused({ ok: false, reason: 'invalid', errors: formErrors }, values);
        const raw = String(form.get('scheduleAt') ?? '') || (typeof values.publishAt === 'string' ? values.publishAt : '');
        const at = scheduleInstant(raw);
        if (!at) return refused({ ok: false, reason: 'invalid', errors: { scheduleAt: 'Please choose the date and time to publish, like 2026-12-01 09:00.' } }, { ...values, scheduleAt: raw });
        const scheduled = await schedule(store.db, { kind, id, version, values, at, actor: editor });
        if (!scheduled.ok) return refused(scheduled, { ...values, scheduleAt: raw });
        logger.info('content scheduled', { kind, id, at: at.toISOString(), by: editor.uid });
        throw redirect(`${here}?done=scheduled`, 303);
      }
      case 'cancel-schedule': {
        const cancelled = await cancelSchedule(store.db, { kind, id, version, actor: editor });
        if (!cancelled.ok) return refused(cancelled, values);
        throw redirect(`${here}?done=unscheduled`, 303);
      }
      case 'discard': {
        const discarded = await discardDraft(store.db, { kind, id, version });
        if (!discarded.ok) return refused(discarded, values);
        throw redirect(`${here}?done=discarded`, 303);
      }
      case 'take-down': {
        if (form.get('confirm') !== 'yes') return answer({ outcome: 'refused', intent, message: 'Tick the box to confirm you want it off the site.', values, version }, 422);
        const down = await takeDown(store.db, { kind, id, version, actor: editor });
        if (!down.ok) return refused(down, values);
        logger.info('content taken down', { kind, id, by: editor.uid });
        context.get(platformContext).onContentChange();
        throw redirect(`${here}?done=taken-down`, 303);
      }
      default:
        return answer({ outcome: 'refused', intent, message: 'Please use the buttons on this page.', values, version }, 400);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof StoreUnavailableError || isDatabaseFault(error)) {
      logger.error('content action failed', { kind, id, intent, ...errorFields(error) });
      return answer({ outcome: 'unavailable', intent, message: 'The site’s database is not answering, so this was not saved. Everything you typed is still in the form (and in this browser): try again in a moment.', values, version }, 503);
    }
    throw error;
  }
}

/** A failure of the database (connection lost, server shutting down), as opposed to a bug. */
function isDatabaseFault(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(08|57P|53)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
