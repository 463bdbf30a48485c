import { BlogList } from '../features/blog/blog-list';
import { blogListLoader } from '../features/blog/loaders';

export const loader = blogListLoader('/blogLeftSideBar');

/** /blogLeftSideBar: The blog with the sidebar on the left. */
export default function BlogLeftSidebarPage() {
  return <BlogList sidebar="left" columns={1} />;
}
