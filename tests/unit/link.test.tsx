import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchedBranch } from '../../server/platform/render/page-renderer';
import { Link, NavLink } from '../../shared/ui/link';

// shared/ui/link.tsx stands in for React Router's Link and NavLink on the site's own absolute
// paths (ADR 0017). It must render exactly what React Router's would, wherever it is rendered,
// and leave everything else to React Router's.

/** Renders `page` at `url` in a data router, as the server does (with the matched branch only, as the server does). */
async function render(url: string, page: () => ReactNode, whole = false): Promise<string> {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'home', index: true, Component: page },
        { id: 'services', path: 'services', children: [{ id: 'service', path: ':id', Component: page }, { id: 'services-index', index: true, Component: page }] },
        { id: 'other', path: '*', Component: page },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = (await handler.query(new Request(`http://localhost${url}`))) as StaticHandlerContext;
  const router = createStaticRouter(whole ? handler.dataRoutes : matchedBranch(context, handler.dataRoutes), context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

// The site's own links leave out React Router's `data-discover` (ADR 0027): React Router reads it only
// in framework mode, to discover routes lazily, and this app declares every route.
const withoutDiscover = (html: string) => html.replaceAll(' data-discover="true"', '');

const linkCases: Array<[string, Record<string, unknown>]> = [
  ['/about', {}],
  ['/shop?page=2', {}],
  ['/about#team', { className: 'button button--primary' }],
  ['/', { 'aria-label': 'Home page', title: 'Home' }],
  ['/services/1', { target: '_blank', rel: 'noopener' }],
  ['/contact', { replace: true, state: { from: 'x' }, preventScrollReset: true }],
];
const linkCasesLeft: Array<[string, Record<string, unknown>]> = [
  // Left to React Router's Link (relative, protocol-relative, external, options it handles):
  ['services', {}],
  ['../about', {}],
  ['//example.com/x', {}],
  ['https://example.com/x', {}],
  ['/about', { reloadDocument: true }],
  ['/about', { relative: 'path' }],
];

describe('Link', () => {
  it.each(linkCases)('renders what React Router renders, without data-discover: to=%s %o', async (to, props) => {
    for (const url of ['/', '/services/2', '/deep/page']) {
      const ours = await render(url, () => <Link to={to} {...props}>Go</Link>);
      const theirs = await render(url, () => <RouterLink to={to} {...props}>Go</RouterLink>);
      expect(theirs).toContain(' data-discover="true"');
      expect(ours).toBe(withoutDiscover(theirs));
      expect(ours).toContain('>Go</a>');
    }
  });
  it.each(linkCasesLeft)('leaves the rest to React Router: to=%s %o', async (to, props) => {
    for (const url of ['/', '/services/2', '/deep/page']) {
      const ours = await render(url, () => <Link to={to} {...props}>Go</Link>);
      const theirs = await render(url, () => <RouterLink to={to} {...props}>Go</RouterLink>);
      expect(ours).toBe(theirs);
      expect(ours).toContain('>Go</a>');
    }
  });
});

const navCases: Array<[string, string, Record<string, unknown>]> = [
  ['/', '/', { end: true }],
  ['/services/2', '/', { end: true }],
  ['/services', '/services', {}],
  ['/services/2', '/services', {}],
  ['/services/2', '/services', { end: true }],
  ['/Services/2', '/services', { className: 'nav__link' }],
  ['/servicesX', '/services', {}],
  ['/services/2', '/services/', {}],
  ['/services', '/services', { 'aria-current': 'location' }],
];
const navCasesLeft: Array<[string, string, Record<string, unknown>]> = [
  // Left to React Router's NavLink:
  ['/services', '/services?x=1', {}],
  ['/services', '/services', { className: ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off') }],
  ['/services', 'services', {}],
];

describe('NavLink', () => {
  it.each(navCases)('at %s, renders what React Router renders, without data-discover: to=%s %o', async (url, to, props) => {
    const ours = await render(url, () => <NavLink to={to} {...props}>Go</NavLink>);
    const theirs = await render(url, () => <RouterNavLink to={to} {...props}>Go</RouterNavLink>);
    expect(theirs).toContain(' data-discover="true"');
    expect(ours).toBe(withoutDiscover(theirs));
  });
  it.each(navCasesLeft)('at %s, leaves the rest to React Router: to=%s %o', async (url, to, props) => {
    const ours = await render(url, () => <NavLink to={to} {...props}>Go</NavLink>);
    const theirs = await render(url, () => <RouterNavLink to={to} {...props}>Go</RouterNavLink>);
    expect(ours).toBe(theirs);
  });
});

describe('matchedBranch', () => {
  it('renders the same page as the whole route table', async () => {
    const page = () => (
      <p>
        <Link to="/services">Services</Link> <NavLink to="/services/2">Two</NavLink>
      </p>
    );
    for (const url of ['/', '/services', '/services/2', '/elsewhere']) {
      expect(await render(url, page)).toBe(await render(url, page, true));
    }
  });
});
