import { BlogList } from '../blog-list';

/** /blogNoSideBar: The blog in one full-width column, without a sidebar. */
export default function BlogNoSidebarPage() {
  return <BlogList sidebar="none" columns={1} />;
}
