import '@vitejs/plugin-react/preamble';
import '../shared/styles/index.css';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { provideAccountsClient } from '../shared/accounts/load';
import { createRoutes } from '../shared/app/routes';
import { ClinicFactsProvider, FACTS_DATA_ATTRIBUTE } from '../shared/clinic/facts-context';
import type { ClinicFacts } from '../shared/clinic/types';
import { SESSION_SCRIPT_ID, SessionProvider, type SessionUser } from '../shared/platform/session';
import { PREVIEW_DATA_ATTRIBUTE, PreviewProvider, type PreviewNotice } from '../shared/platform/preview';
import { clientBinder } from './server-data';

// Browser-only pieces the shared sign-in code uses, loaded on first use (shared/ never imports client/).
provideAccountsClient({ loadAuthClient: () => import('./firebase'), loadDialogs: () => import('./dialogs') });

const routes = createRoutes(clientBinder);
const session = document.getElementById(SESSION_SCRIPT_ID);

// The clinic's facts the page was rendered with (a content-named file, prefetched with the page's
// scripts, so usually already in the cache), fetched alongside the first page's modules.
const factsUrl = session?.dataset[FACTS_DATA_ATTRIBUTE];
if (!factsUrl) throw new Error('The page names no clinic facts to hydrate with');
const facts = fetch(factsUrl).then((r) => {
  if (!r.ok) throw new Error(`The clinic's facts could not be loaded (${r.status})`);
  return r.json() as Promise<ClinicFacts>;
});

// Resolve the lazy page modules of the first page before hydrating, so the browser
// renders exactly what the server sent (their chunks are already modulepreloaded).
const initial = matchRoutes(routes, window.location) ?? [];
const [clinicFacts] = await Promise.all([
  facts,
  ...initial.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const resolved = await route.lazy();
    Object.assign(route, { ...resolved, lazy: undefined });
  }),
]);

// The server puts the hydration data in window.__staticRouterHydrationData; the router reads it.
const router = createBrowserRouter(routes);
const user = JSON.parse(session?.textContent || 'null') as SessionUser | null;
// An editor's preview says so on the page (shared/app/layout/preview-banner.tsx): the same notice as the server's.
const preview = JSON.parse(session?.dataset[PREVIEW_DATA_ATTRIBUTE] || 'null') as PreviewNotice | null;

// In a transition, React hydrates in slices of a few milliseconds and yields between them, so
// a slow phone's main thread is never blocked for the whole page at once; a click or key press
// on a part not yet hydrated makes React hydrate that part first.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <SessionProvider user={user}>
        <PreviewProvider notice={preview}>
          <ClinicFactsProvider facts={clinicFacts}>
            <RouterProvider router={router} />
          </ClinicFactsProvider>
        </PreviewProvider>
      </SessionProvider>
    </StrictMode>,
  );
});

// In production the loader (client/loader.ts) does this from the page's start; in development
// there is no loader.
if (import.meta.env.DEV) void import('./render-on-tab').then((m) => m.renderAllOnTab());

// The service worker (offline support, public/sw.js) is registered by the loader (client/loader.ts) once the
// page has loaded, hydrated or not (client/loader.ts).
