import { BlogList } from '../blog-list';

/** /blogTwoMasonry: The blog in two masonry columns (one under 768 px). */
export default function BlogTwoMasonryPage() {
  return <BlogList sidebar="none" columns={2} masonry />;
}
