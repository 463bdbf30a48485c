import { PostLayout } from '../post-layout';

/** /blogDetailsVideo: A post with a video that loads on request. The post comes from `?post=<slug>` (the newest without it). */
export default function BlogDetailsVideoPage() {
  return <PostLayout sidebar="right" medium="video" />;
}
