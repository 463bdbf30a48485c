import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useMatches, useNavigation, useRouteError } from 'react-router';
import { Link } from '../ui/link';
import { Layout } from './layout/layout';
import { LanguageList } from './layout/language-list';
import { documentTitle, ERROR_META, FORBIDDEN_META, NOT_FOUND_META, resolvePageMeta, type PageMeta, type RouteHandle } from '../platform/page-meta';
import { NotFound } from './not-found';

/**
 * The server writes <title> and the description into the document head; after
 * client-side navigations this keeps them in step with the current page.
 */
function useDocumentMeta(meta: PageMeta) {
  useEffect(() => {
    const title = documentTitle(meta);
    if (document.title !== title) document.title = title;
    const description = document.head.querySelector('meta[name="description"]');
    if (description && description.getAttribute('content') !== meta.description) description.setAttribute('content', meta.description);
  }, [meta]);
}

function usePageMeta(): PageMeta {
  return resolvePageMeta(useMatches().map((m) => ({ handle: m.handle, data: m.loaderData })));
}

function useShowsLanguages(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.languages === true);
}

/** Scrolls to the top after a client-side navigation to a new page, as a full load would. */
function useScrollTopOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
}

function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return <div className={`nav-progress${busy ? ' is-active' : ''}`} role="progressbar" aria-hidden={!busy} aria-label="Loading page" />;
}

/** Marks the document once React has hydrated, for tests and for CSS that needs JavaScript. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export function Root() {
  useScrollTopOnNavigate();
  useHydratedMarker();
  return (
    <Layout topBarExtra={useShowsLanguages() ? <LanguageList /> : undefined}>
      <NavigationProgress />
      <Outlet />
    </Layout>
  );
}

/** The pages' shell: keeps the document's title in step with the page (its error boundary does it for errors). */
export function Pages() {
  useDocumentMeta(usePageMeta());
  return <Outlet />;
}

/** A page's error (404, 403, a failed action or render), inside the site's layout (the root route renders it). */
export function PageErrorBoundary() {
  const error = useRouteError();
  useHydratedMarker();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  useDocumentMeta(notFound ? NOT_FOUND_META : forbidden ? FORBIDDEN_META : ERROR_META);
  if (!notFound && !isRouteErrorResponse(error) && typeof document !== 'undefined') {
    // In the browser only, for whoever opens its console. On the server the renderer logs it by
    // class and code (server/platform/http/error-fields.ts): the whole error would put a failed
    // query's parameters, what someone typed, in the server's log.
    console.error(error);
  }
  return (
    <>
      {notFound ? (
        <NotFound />
      ) : forbidden ? (
        <section className="section error-page">
          <div className="container narrow">
            <h1>Not allowed</h1>
            <p>{(error.data as { message?: string } | null)?.message ?? 'You do not have access to this page.'}</p>
            <p>
              <Link to="/">Back to home</Link>
            </p>
          </div>
        </section>
      ) : (
        <section className="section error-page">
          <div className="container narrow">
            <h1>Something went wrong</h1>
            <p>We could not show this page. Please try again in a moment, or call us if it keeps happening.</p>
          </div>
        </section>
      )}
    </>
  );
}

/**
 * The root's own error (its loader could not read the clinic's facts): a plain page without the
 * site's layout, which needs those facts.
 */
export function RootErrorBoundary() {
  useHydratedMarker();
  useDocumentMeta(ERROR_META);
  return (
    <main id="main" className="section error-page">
      <div className="container narrow">
        <h1>Something went wrong</h1>
        <p>We could not show this page. Please try again in a moment, or call us if it keeps happening.</p>
        <p>
          <a href="/">Back to home</a>
        </p>
      </div>
    </main>
  );
}
