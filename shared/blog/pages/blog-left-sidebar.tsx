import { BlogList } from '../blog-list';

/** /blogLeftSideBar: The blog with the sidebar on the left. */
export default function BlogLeftSidebarPage() {
  return <BlogList sidebar="left" columns={1} />;
}
