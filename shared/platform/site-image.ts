import type { Img } from '../content/types';
import type { MediaPicture } from './media';

/**
 * A picture as an editable part of the site holds it: one of the site's illustrations (an `Img`),
 * or an upload, whose `media` (the pipeline's copies, shared/platform/media.ts) the page shows in
 * a `<picture>` with `srcset` (shared/ui/site-picture.tsx). `src`, `width` and `height` are then
 * the upload's fallback copy, so code that reads only an `Img` still has a real picture.
 */
export interface SiteImage extends Img {
  media?: MediaPicture;
}
