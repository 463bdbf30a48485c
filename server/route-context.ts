import { createContext, data, redirect, type RouterContextProvider } from 'react-router';
import type { SessionUser } from '../shared/session';
import type { Services } from './services';

/** Who is signed in (null when nobody is), set by the server for every request before any loader runs. */
export const userContext = createContext<SessionUser | null>(null);

/** Facts about the request that a fetch Request does not carry: the client's address (behind TRUST_PROXY). */
export const clientContext = createContext<{ ip: string }>({ ip: '' });

/** The server's services (store, mail, configuration) for loaders and actions. */
export const servicesContext = createContext<Services>();

export type ServerContext = Readonly<RouterContextProvider>;

/** The signed-in visitor, or a redirect to sign in that comes back to this page afterwards. */
export function requireUser(context: ServerContext, request: Request): SessionUser {
  const user = context.get(userContext);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A signed-in member of staff; others get a 403 with that status, decided before anything renders. */
export function requireStaff(context: ServerContext, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.role === 'staff' || user.role === 'admin') return user;
  throw data({ message: 'This page is for the clinic’s staff.' }, { status: 403, statusText: 'Forbidden' });
}
