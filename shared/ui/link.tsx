import { forwardRef, startTransition, useContext, type MouseEvent } from 'react';
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
  // The router itself rather than useNavigate(), whose extra hooks cost more than the rest of
  // this link on the server; for an absolute path the result is the same.
  const { navigator, useTransitions } = useContext(NavigationContext);
  const dataRouter = useContext(DataRouterContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
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
  return <a {...rest} href={to} onClick={handleClick} ref={ref} target={target} />;
});

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
