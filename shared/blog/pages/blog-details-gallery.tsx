import { PostLayout } from '../post-layout';

/** /blogDetailsGallery: A post with a small gallery of clinic photos. The post comes from `?post=<slug>` (the newest without it). */
export default function BlogDetailsGalleryPage() {
  return <PostLayout sidebar="right" medium="gallery" />;
}
