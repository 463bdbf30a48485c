import type { LoaderFunctionArgs } from 'react-router';
import { KIND_IDS, kindSpec } from '../../../shared/publishing/kinds';
import type { ContentHomeData } from '../../../shared/publishing/types';
import { platformContext } from '../../platform/render/route-context';
import { DETAILS_ID } from '../kinds';
import { kindSummaries } from '../repo';
import { editorOf } from '../page-data';

/** /staff/content: what the editor edits, with what waits in drafts and schedules. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ContentHomeData> {
  const editor = editorOf(context, request);
  const summaries = await kindSummaries(context.get(platformContext).store.db);
  return {
    staffName: editor.staffName,
    kinds: KIND_IDS.map((kind) => {
      const spec = kindSpec(kind);
      return { kind, label: spec.plural, intro: spec.intro, href: spec.single ? `/staff/content/${kind}/${DETAILS_ID}` : `/staff/content/${kind}`, drafts: summaries[kind]?.drafts ?? 0, scheduled: summaries[kind]?.scheduled ?? 0 };
    }),
  };
}
