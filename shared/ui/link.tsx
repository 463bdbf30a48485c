import { forwardRef, startTransition, useContext, type FormEvent, type MouseEvent } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterNavigationContext as DataRouterNavigationContext,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';

/**
 * React Router's `Link` for the site's own absolute paths (`/about`, `/shop?page=2`), at a
 * fraction of its cost on the server. A page renders 60–120 links (header, drawer, footer,
 * cards); React Router's `Link` resolves each `to` against the route matches twice (for its
 * `href` and again for its click handler), which was about 8 % of an uncached render. An
 * absolute path needs no resolving: the `href` is the path itself. The markup is React Router's
 * without `data-discover` (React Router reads it only in framework mode, to discover routes
 * lazily; this app declares every route, and it was ~50 bytes of brotli per page, ADR 0027), and
 * the click is the same: same-tab, unmodified, primary
 * clicks navigate in the app (replacing the entry when it is the current page), in a transition
 * when the router uses them; everything else is the browser's. Relative paths, objects and the
 * options this one does not handle go to React Router's `Link`. ADR 0017.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to, relative, reloadDocument, prefetch, discover, mask, defaultShouldRevalidate } = props;
  const plain =
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.startsWith('//') &&
    relative === undefined &&
    !reloadDocument &&
    (prefetch === undefined || prefetch === 'none') &&
    (discover === undefined || discover === 'render') &&
    mask === undefined &&
    defaultShouldRevalidate === undefined;
  return plain ? <PathLink ref={ref} {...props} to={to} /> : <RouterLink ref={ref} {...props} />;
});

type PathLinkProps = Omit<LinkProps, 'to'> & { to: string };

const PathLink = forwardRef<HTMLAnchorElement, PathLinkProps>(function PathLink(
  { to, onClick, replace, state, target, preventScrollReset, viewTransition, relative: _relative, reloadDocument: _reload, prefetch: _prefetch, discover: _discover, mask: _mask, defaultShouldRevalidate: _revalidate, ...rest },
  ref,
) {
  const go = useGoToPath();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isAppClick(event, target)) return;
    event.preventDefault();
    go(to, { replace, state, preventScrollReset, viewTransition });
  };
  return <a {...rest} href={to} onClick={handleClick} ref={ref} target={target} />;
});

/** A click the app navigates for: not handled yet, primary, unmodified, in this tab. Everything else is the browser's. */
function isAppClick(event: MouseEvent<HTMLElement>, target: string | null | undefined): boolean {
  if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return false;
  return !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

type GoOptions = Pick<PathLinkProps, 'replace' | 'state' | 'preventScrollReset' | 'viewTransition'>;

/** The app's navigation to one of the site's absolute paths, as its links make it. */
function useGoToPath(): (to: string, options?: GoOptions) => void {
  // The router itself rather than useNavigate(), whose extra hooks cost more than the rest of
  // a link on the server; for an absolute path the result is the same.
  const { navigator, useTransitions } = useContext(NavigationContext);
  const dataRouter = useContext(DataRouterContext);
  return (to, { replace, state, preventScrollReset, viewTransition } = {}) => {
    // As React Router does: a link to the page already shown replaces its history entry.
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const replacing = replace ?? here === to;
    const go = () => {
      if (dataRouter) void dataRouter.router.navigate(to, { replace: replacing, state, preventScrollReset, viewTransition });
      else if (replacing) navigator.replace(to, state, { preventScrollReset, viewTransition });
      else navigator.push(to, state, { preventScrollReset, viewTransition });
    };
    if (useTransitions) startTransition(go);
    else go();
  };
}

/** The site's own path of a URL (path, query, hash), or null for another origin's. */
function ownPath(href: string): string | null {
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * Handlers for an element whose inside React does not render (shared/ui/kept-html.tsx): a click
 * on one of the site's own links in it, and a GET form of the site's submitted in it, navigate
 * in the app as `Link` and React Router's `Form` do; everything else is the browser's.
 */
export function useAppNavigationWithin(): { onClick: (event: MouseEvent<HTMLElement>) => void; onSubmit: (event: FormEvent<HTMLElement>) => void } {
  const go = useGoToPath();
  return {
    onClick: (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || !isAppClick(event, link.target)) return;
      const to = ownPath(link.href);
      if (to === null) return;
      event.preventDefault();
      go(to);
    },
    onSubmit: (event) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.method !== 'get' || (form.target && form.target !== '_self')) return;
      const action = ownPath(form.action);
      if (action === null) return;
      event.preventDefault();
      const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
      go(`${action.replace(/[?#].*$/, '')}${query ? `?${query}` : ''}`);
    },
  };
}

/**
 * React Router's `NavLink` for the site's own absolute paths without query or hash: `active`
 * (and `pending` while navigating there) added to the class and `aria-current="page"` when it
 * is the current page (or, without `end`, a page below it), as React Router does, without
 * resolving the path. Other uses go to React Router's `NavLink`.
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const { to, className, style, children, caseSensitive, viewTransition } = props;
  const plain =
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.startsWith('//') &&
    !/[?#]/.test(to) &&
    typeof className !== 'function' &&
    typeof style !== 'function' &&
    typeof children !== 'function' &&
    !caseSensitive &&
    !viewTransition;
  return plain ? <PathNavLink ref={ref} {...props} to={to} className={className} style={style} children={children} /> : <RouterNavLink ref={ref} {...props} />;
});

type PathNavLinkProps = Omit<NavLinkProps, 'to' | 'className' | 'style' | 'children'> & {
  to: string;
  className?: string;
  style?: LinkProps['style'];
  children?: LinkProps['children'];
};

const PathNavLink = forwardRef<HTMLAnchorElement, PathNavLinkProps>(function PathNavLink(
  { to, end = false, 'aria-current': ariaCurrent = 'page', className = '', style, children, caseSensitive: _caseSensitive, viewTransition: _viewTransition, ...rest },
  ref,
) {
  const location = useLocation();
  const navigation = useContext(DataRouterNavigationContext);
  const target = to.toLowerCase();
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const matches = (pathname: string) => pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(endSlash) === '/');
  const isActive = matches(location.pathname.toLowerCase());
  const next = navigation?.navigation.location?.pathname.toLowerCase();
  const isPending = next !== undefined && matches(next);
  const classes = [className, isActive ? 'active' : null, isPending ? 'pending' : null].filter(Boolean).join(' ');
  return (
    <Link {...rest} ref={ref} aria-current={isActive ? ariaCurrent : undefined} className={classes} style={style} to={to}>
      {children}
    </Link>
  );
});
