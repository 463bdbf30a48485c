import '@vitejs/plugin-react/preamble';
import '../shared/styles/index.css';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { provideAccountsClient } from '../shared/accounts/load';
import { createRoutes } from '../shared/app/routes';
import { SESSION_SCRIPT_ID, SessionProvider, type SessionUser } from '../shared/platform/session';
import { clientBinder } from './server-data';

// Browser-only pieces the shared sign-in code uses, loaded on first use (shared/ never imports client/).
provideAccountsClient({ loadAuthClient: () => import('./firebase'), loadDialogs: () => import('./dialogs') });

const routes = createRoutes(clientBinder);

// Resolve the lazy page modules of the first page before hydrating, so the browser
// renders exactly what the server sent (their chunks are already modulepreloaded).
const initial = matchRoutes(routes, window.location) ?? [];
await Promise.all(
  initial.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const resolved = await route.lazy();
    Object.assign(route, { ...resolved, lazy: undefined });
  }),
);

// The server puts the hydration data in window.__staticRouterHydrationData; the router reads it.
const router = createBrowserRouter(routes);
const user = JSON.parse(document.getElementById(SESSION_SCRIPT_ID)?.textContent || 'null') as SessionUser | null;

// In a transition, React hydrates in slices of a few milliseconds and yields between them, so
// a slow phone's main thread is never blocked for the whole page at once; a click or key press
// on a part not yet hydrated makes React hydrate that part first.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <SessionProvider user={user}>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>,
  );
});

// In production the loader (client/loader.ts) does this from the page's start; in development
// there is no loader.
if (import.meta.env.DEV) void import('./render-on-tab').then((m) => m.renderAllOnTab());

// The service worker (offline support, public/sw.js) is registered by the loader (client/loader.ts) once the
// page has loaded, hydrated or not (client/loader.ts).
