import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { kindSpec, titleFieldOf } from '../../../shared/publishing/kinds';
import type { ContentKindData, EditorActionData } from '../../../shared/publishing/types';
import { platformContext } from '../../platform/render/route-context';
import { DETAILS_ID } from '../kinds';
import { createEntry, listEntries } from '../repo';
import { editorOf, kindOf } from '../page-data';

/** /staff/content/:kind: every item of the kind, on the site or not, with its state; a form for a new one. */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<ContentKindData> {
  const editor = editorOf(context, request);
  const kind = kindOf(params);
  if (kindSpec(kind).single) throw redirect(`/staff/content/${kind}/${DETAILS_ID}`);
  const items = await listEntries(context.get(platformContext).store.db, kind);
  return {
    staffName: editor.staffName,
    kind,
    items: items.map(({ id, title, state }) => ({
      id,
      title,
      live: state.live !== null,
      draft: state.draft !== null,
      scheduledFor: state.scheduled?.for ?? null,
      draftSavedAt: state.draftSavedAt,
      draftSavedBy: state.draftSavedBy,
    })),
  };
}

/** A new item: its title (or name, question, caption) starts its draft; the editor opens on it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const editor = editorOf(context, request);
  const kind = kindOf(params);
  const spec = kindSpec(kind);
  const form = await request.formData();
  const field = titleFieldOf(spec).name;
  const title = String(form.get(field) ?? '');
  const created = await createEntry(context.get(platformContext).store.db, kind, { [field]: title }, editor);
  if (created.ok) throw redirect(`/staff/content/${kind}/${created.id}`, 303);
  const message = created.reason === 'invalid' ? 'Please correct the marked field.' : created.reason === 'refused' ? created.message : 'It could not be created.';
  return data({ outcome: 'invalid', intent: 'create', message, errors: created.reason === 'invalid' ? created.errors : {}, values: { [field]: title }, version: 0 } satisfies EditorActionData, { status: 422 });
}
