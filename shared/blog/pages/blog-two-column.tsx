import { BlogList } from '../blog-list';

/** /blogTwoColumn: The blog in a two-column grid (one column under 768 px). */
export default function BlogTwoColumnPage() {
  return <BlogList sidebar="none" columns={2} />;
}
