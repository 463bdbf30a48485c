import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useMatches, useNavigation, useRouteError } from 'react-router';
import { Layout } from './components/layout/layout';
import { LanguageList } from './components/layout/language-list';
import { isPageMeta, type PageMeta, type RouteHandle } from './page-meta';
import { site } from './content/site';
import { NotFound } from './components/not-found';

function documentTitle(meta: PageMeta): string {
  return `${meta.title} | ${site.name}`;
}

/** Title and description of the deepest match that has them: a loader's `meta` wins over the route table's. */
function usePageMeta(): PageMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const fromData = (m?.loaderData as { meta?: unknown } | undefined)?.meta;
    if (isPageMeta(fromData)) return fromData;
    const fromHandle = (m?.handle as RouteHandle | undefined)?.meta;
    if (fromHandle) return fromHandle;
  }
  return undefined;
}

function HeadMeta({ meta }: { meta: PageMeta }) {
  return (
    <>
      <title>{documentTitle(meta)}</title>
      <meta name="description" content={meta.description} />
    </>
  );
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
  const meta = usePageMeta();
  useScrollTopOnNavigate();
  useHydratedMarker();
  return (
    <Layout topBarExtra={useShowsLanguages() ? <LanguageList /> : undefined}>
      {meta && <HeadMeta meta={meta} />}
      <NavigationProgress />
      <Outlet />
    </Layout>
  );
}

export function RootErrorBoundary() {
  const error = useRouteError();
  useHydratedMarker();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && !isRouteErrorResponse(error)) {
    // Logged on the server by the render's onError; never shown to the visitor.
    console.error(error);
  }
  return (
    <Layout>
      <HeadMeta
        meta={
          notFound
            ? { title: 'Page not found', description: 'The page you are looking for does not exist.' }
            : { title: 'Something went wrong', description: 'An unexpected error occurred.' }
        }
      />
      {notFound ? (
        <NotFound />
      ) : (
        <section className="section error-page">
          <div className="container narrow">
            <h1>Something went wrong</h1>
            <p>We could not show this page. Please try again in a moment, or call us if it keeps happening.</p>
          </div>
        </section>
      )}
    </Layout>
  );
}
