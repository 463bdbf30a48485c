import { PostLayout } from '../post-layout';

/** /blogDetails: A post with its image, sidebar on the right. The post comes from `?post=<slug>` (the newest without it). */
export default function BlogDetailsPage() {
  return <PostLayout sidebar="right" medium="standard" />;
}
