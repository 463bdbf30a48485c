import type { PageRoute } from '../platform/page-route';

const meta = (title: string, description: string) => ({ title, description });

/**
 * The site's editor, for editors and admins (shared/platform/roles.ts): decided on the server,
 * never cached, never indexed, never in the sitemap.
 */
export const publishingRoutes: PageRoute[] = [
  {
    path: '/staff/content',
    page: 'publishing/content-home',
    serverLoader: true,
    handle: { private: true },
    meta: meta('Site content', 'Edit the site’s services, team, hours, details, posts, pictures and questions.'),
  },
  {
    path: '/staff/content/media',
    page: 'publishing/content-media',
    serverLoader: true,
    serverAction: true,
    handle: { private: true },
    meta: meta('Pictures', 'The site’s picture library: upload, see where each is used, delete.'),
  },
  {
    path: '/staff/content/:kind',
    page: 'publishing/content-kind',
    serverLoader: true,
    serverAction: true,
    handle: { private: true },
    meta: meta('Site content', 'One kind of the site’s content: its items and their state.'),
  },
  {
    path: '/staff/content/:kind/:id',
    page: 'publishing/content-editor',
    serverLoader: true,
    serverAction: true,
    handle: { private: true },
    meta: meta('Edit', 'Edit one item of the site’s content: draft, preview, publish, history.'),
  },
  {
    path: '/staff/content/:kind/:id/revisions/:n',
    page: 'publishing/content-revision',
    serverLoader: true,
    serverAction: true,
    handle: { private: true },
    meta: meta('Revision', 'An earlier revision beside what is on the site, to restore.'),
  },
];
