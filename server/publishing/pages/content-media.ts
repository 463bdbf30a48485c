import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { isPictureId, pictureSources } from '../../../shared/platform/media';
import type { MediaActionData, MediaPageData } from '../../../shared/publishing/types';
import { platformContext } from '../../platform/render/route-context';
import { deleteMedia, listMedia, mediaUses } from '../media-library';
import { mediaContext } from '../media-context';
import { editorOf } from '../page-data';

/** /staff/content/media: every uploaded picture, newest first, with where it is used. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<MediaPageData> {
  const editor = editorOf(context, request);
  const { store } = context.get(platformContext);
  const rows = await listMedia(store.db);
  const pictures = await Promise.all(
    rows.map(async (r) => {
      const copies = pictureSources(r.picture);
      return { id: r.id, name: r.originalName, thumb: copies.src, width: copies.width, height: copies.height, bytes: r.bytes, uploadedBy: r.uploadedBy, uploadedAt: r.createdAt.toISOString(), uses: await mediaUses(store.db, r.id) };
    }),
  );
  return { staffName: editor.staffName, pictures, canUpload: context.get(mediaContext) !== null };
}

/** Deletes a picture nothing uses; a picture in use stays, and the page says where. */
export async function action({ request, context }: ActionFunctionArgs) {
  editorOf(context, request);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const mediaStore = context.get(mediaContext);
  if (!isPictureId(id) || !mediaStore) return data({ outcome: 'refused', message: 'There is no such picture.' } satisfies MediaActionData, { status: 404 });
  const { store, logger } = context.get(platformContext);
  const result = await deleteMedia(store.db, mediaStore, id);
  if (result.ok) {
    logger.info('picture deleted', { id });
    return { outcome: 'deleted', id } satisfies MediaActionData;
  }
  if (!result.uses) return data({ outcome: 'refused', message: 'There is no such picture.' } satisfies MediaActionData, { status: 404 });
  return data({ outcome: 'in-use', id, uses: result.uses, message: 'This picture is in use, so it was not deleted. Choose another picture where it is used (listed below), then delete it.' } satisfies MediaActionData, { status: 409 });
}
