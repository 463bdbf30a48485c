import { PostLayout } from '../post-layout';

/** /blogDetailsLeftSidebar: A post with its image, sidebar on the left. The post comes from `?post=<slug>` (the newest without it). */
export default function BlogDetailsLeftSidebarPage() {
  return <PostLayout sidebar="left" medium="standard" />;
}
