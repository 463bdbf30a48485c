import { BlogList } from '../blog-list';

/** /blogThreeColumn: The blog in a three-column grid (two under 1100 px, one under 768 px). */
export default function BlogThreeColumnPage() {
  return <BlogList sidebar="none" columns={3} />;
}
