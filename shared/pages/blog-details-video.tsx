import { blogPostLoader } from '../features/blog/loaders';
import { PostLayout } from '../features/blog/post-layout';

export const loader = blogPostLoader('/blogDetailsVideo');

/** /blogDetailsVideo: A post with a video that loads on request. The post comes from `?post=<slug>` (the newest without it). */
export default function BlogDetailsVideoPage() {
  return <PostLayout sidebar="right" medium="video" />;
}
