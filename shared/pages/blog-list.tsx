import { BlogList } from '../features/blog/blog-list';
import { blogListLoader } from '../features/blog/loaders';

export const loader = blogListLoader('/blogs');

/** /blogs: The blog with the sidebar on the right. */
export default function BlogListPage() {
  return <BlogList sidebar="right" columns={1} />;
}
