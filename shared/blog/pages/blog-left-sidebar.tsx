import { BlogList } from '../blog-list';
import { blogListLoader } from '../loaders';

export const loader = blogListLoader('/blogLeftSideBar');

/** /blogLeftSideBar: The blog with the sidebar on the left. */
export default function BlogLeftSidebarPage() {
  return <BlogList sidebar="left" columns={1} />;
}
