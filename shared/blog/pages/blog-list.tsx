import { BlogList } from '../blog-list';
import { blogListLoader } from '../loaders';

export const loader = blogListLoader('/blogs');

/** /blogs: The blog with the sidebar on the right. */
export default function BlogListPage() {
  return <BlogList sidebar="right" columns={1} />;
}
