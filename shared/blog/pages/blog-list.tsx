import { BlogList } from '../blog-list';

/** /blogs: The blog with the sidebar on the right. */
export default function BlogListPage() {
  return <BlogList sidebar="right" columns={1} />;
}
