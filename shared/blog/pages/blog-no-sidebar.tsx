import { BlogList } from '../blog-list';
import { blogListLoader } from '../loaders';

export const loader = blogListLoader('/blogNoSideBar');

/** /blogNoSideBar: The blog in one full-width column, without a sidebar. */
export default function BlogNoSidebarPage() {
  return <BlogList sidebar="none" columns={1} />;
}
