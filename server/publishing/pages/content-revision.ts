import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { kindSpec } from '../../../shared/publishing/kinds';
import type { EditorActionData, RevisionData } from '../../../shared/publishing/types';
import { platformContext } from '../../platform/render/route-context';
import { kindStore } from '../kinds';
import { getEntry, getRevision, restoreRevision } from '../repo';
import { editorOf, formVersion, kindOf, notFound } from '../page-data';

function revisionNumber(raw: string | undefined): number {
  const n = formVersion(raw ?? null);
  if (n === null) throw notFound('There is no such revision.');
  return n;
}

/** /staff/content/:kind/:id/revisions/:n: a revision beside what is on the site, field by field. */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<RevisionData> {
  const editor = editorOf(context, request);
  const kind = kindOf(params);
  const id = String(params.id ?? '');
  const n = revisionNumber(params.n);
  const { store } = context.get(platformContext);
  const [state, revision] = await Promise.all([getEntry(store.db, kind, id), getRevision(store.db, kind, id, n)]);
  if (!state || !revision) throw notFound('There is no such revision.');
  const spec = kindSpec(kind);
  const live = await kindStore(kind).load(store.db, id);
  return {
    staffName: editor.staffName,
    kind,
    id,
    title: spec.title(revision.doc as never),
    revision: { n: revision.n, at: revision.at, byName: revision.byName, changed: revision.changed, note: revision.note },
    then: spec.toValues(revision.doc as never),
    now: live ? spec.toValues(live as never) : null,
    version: state.version,
    latest: state.revision,
  };
}

/** Restore: the revision is published again, as a new revision (so a restore can be undone too). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const editor = editorOf(context, request);
  const kind = kindOf(params);
  const id = String(params.id ?? '');
  const n = revisionNumber(params.n);
  const form = await request.formData();
  const version = formVersion(form.get('version'));
  if (version === null) return data({ outcome: 'refused', intent: 'restore', message: 'This page is out of date: please reload it and restore again.' } satisfies EditorActionData, { status: 400 });
  const { store, logger, onContentChange } = context.get(platformContext);
  const restored = await restoreRevision(store.db, { kind, id, n, version, actor: editor });
  if (restored.ok) {
    logger.info('content restored', { kind, id, from: n, revision: restored.revision, by: editor.uid });
    onContentChange();
    throw redirect(`/staff/content/${kind}/${id}?done=restored&revision=${n}`, 303);
  }
  if (restored.reason === 'not-found') throw notFound('There is no such revision.');
  const message =
    restored.reason === 'conflict'
      ? 'Someone saved or published this item while you were looking: the page now shows the latest. Check and restore again if you still want to.'
      : restored.reason === 'refused'
        ? restored.message
        : 'This revision cannot be published again.';
  return data({ outcome: 'refused', intent: 'restore', message } satisfies EditorActionData, { status: 409 });
}
