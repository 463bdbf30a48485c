import type { PageMeta } from '../platform/page-meta';
import type { PageRoute } from '../platform/page-route';

/**
 * A post's page: the browser takes its body, its cover and the sidebar from the server's HTML at
 * hydration (shared/ui/kept-html.tsx), so the document does not carry them twice (ADR 0052).
 */
const POST_HANDLE = { hydrateFromHtml: ['body', 'post.img', 'sidebar'] } as const;

/** The blog's pages (spec section 2): seven list variants and five detail variants. */
export const blogRoutes: PageRoute[] = [
  {
    path: '/blogs',
    // The posts are data: its loader is on the server (server/blog/pages/).
    serverLoader: true,
    page: 'blog/blog-list',
    meta: { title: 'Blog', description: 'Practical advice on posture, back and neck pain, movement and wellness from the chiropractic team at our Abuja clinic.' },
  },
  {
    path: '/blogLeftSideBar',
    // The posts are data: its loader is on the server (server/blog/pages/).
    serverLoader: true,
    page: 'blog/blog-left-sidebar',
    meta: { title: 'Blog (left sidebar)', description: 'Articles from our Abuja chiropractic clinic on posture, exercise, sleep and everyday spinal health, with topics and tags on the left.' },
  },
  {
    path: '/blogNoSideBar',
    // The posts are data: its loader is on the server (server/blog/pages/).
    serverLoader: true,
    page: 'blog/blog-no-sidebar',
    meta: { title: 'Blog (full width)', description: 'Read our clinicians’ latest articles on back care, healthy habits and what to expect from chiropractic care, without distractions.' },
  },
  {
    path: '/blogTwoColumn',
    // The posts are data: its loader is on the server (server/blog/pages/).
    serverLoader: true,
    page: 'blog/blog-two-column',
    meta: { title: 'Blog in two columns', description: 'Our latest wellness and chiropractic articles in a two-column grid: desk posture, text neck, sleep, pregnancy back care and more.' },
  },
  {
    path: '/blogTwoMasonry',
    // The posts are data: its loader is on the server (server/blog/pages/).
    serverLoader: true,
    page: 'blog/blog-two-masonry',
    meta: { title: 'Blog in two-column masonry', description: 'Browse back-care tips, exercise guides and clinic news from our Abuja team in a two-column masonry layout.' },
  },
  {
    path: '/blogThreeColumn',
    // The posts are data: its loader is on the server (server/blog/pages/).
    serverLoader: true,
    page: 'blog/blog-three-column',
    meta: { title: 'Blog in three columns', description: 'Chiropractic and wellness articles in a three-column grid: practical tips for your spine, posture and everyday movement.' },
  },
  {
    path: '/blogThreeColMasonry',
    // The posts are data: its loader is on the server (server/blog/pages/).
    serverLoader: true,
    page: 'blog/blog-three-masonry',
    meta: { title: 'Blog in three-column masonry', description: 'All our articles on posture, pain relief exercises, sleep and healthy habits in a three-column masonry layout.' },
  },
  {
    path: '/blogDetails',
    page: 'blog/blog-details',
    handle: POST_HANDLE,
    serverAction: true,
    // Its loader is on the server (server/blog/pages/): the post and its approved comments come from the store.
    serverLoader: true,
    meta: { title: 'Blog Details', description: 'Read the full article from our chiropractic team, with practical tips, comments and related posts.' },
  },
  {
    path: '/blogDetailsLeftSidebar',
    page: 'blog/blog-details-left-sidebar',
    handle: POST_HANDLE,
    serverAction: true,
    // Its loader is on the server (server/blog/pages/): the post and its approved comments come from the store.
    serverLoader: true,
    meta: { title: 'Blog Details (left sidebar)', description: 'The full article from our clinicians, with search, categories and popular posts in the left sidebar.' },
  },
  {
    path: '/blogDetailsAudio',
    page: 'blog/blog-details-audio',
    handle: POST_HANDLE,
    serverAction: true,
    // Its loader is on the server (server/blog/pages/): the post and its approved comments come from the store.
    serverLoader: true,
    meta: { title: 'Blog Details with audio', description: 'An article from our chiropractic team with a short audio guide you can play when you are ready.' },
  },
  {
    path: '/blogDetailsVideo',
    page: 'blog/blog-details-video',
    handle: POST_HANDLE,
    serverAction: true,
    // Its loader is on the server (server/blog/pages/): the post and its approved comments come from the store.
    serverLoader: true,
    meta: { title: 'Blog Details with video', description: 'An article from our chiropractic team with a short video that loads only when you choose to play it.' },
  },
  {
    path: '/blogDetailsGallery',
    page: 'blog/blog-details-gallery',
    handle: POST_HANDLE,
    serverAction: true,
    // Its loader is on the server (server/blog/pages/): the post and its approved comments come from the store.
    serverLoader: true,
    meta: { title: 'Blog Details with gallery', description: 'An article from our chiropractic team with a small photo gallery of our clinic.' },
  },
];

/** The route table's title and description of a blog path (page loaders build on them). */
export function blogRouteMeta(path: string): PageMeta {
  const route = blogRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`No blog route ${path}`);
  return route.meta;
}
