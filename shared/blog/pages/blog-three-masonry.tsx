import { BlogList } from '../blog-list';

/** /blogThreeColMasonry: The blog in three masonry columns (two under 1100 px, one under 768 px). */
export default function BlogThreeMasonryPage() {
  return <BlogList sidebar="none" columns={3} masonry />;
}
