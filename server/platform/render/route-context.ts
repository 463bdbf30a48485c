import { createContext, data, redirect, RouterContextProvider } from 'react-router';
import type { SessionUser } from '../../../shared/platform/session';
import { can, type StaffArea } from '../../../shared/platform/roles';
import type { Store } from '../db/store';
import type { BodyCut } from '../http/form-body';
import type { Logger } from '../http/logger';
import type { RateLimitStore } from '../http/rate-limit';

/** Who is signed in (null when nobody is), set by the server for every request before any loader runs. */
export const userContext = createContext<SessionUser | null>(null);

/** Facts about the request that a fetch Request does not carry: the client's address (behind TRUST_PROXY) and the request id of its log lines. */
export interface ClientFacts {
  ip: string;
  requestId: string;
  /** A form body over the limit: the fields that arrived whole are in the request, this says which one was cut (server/platform/http/form-body.ts). */
  bodyCut: BodyCut | null;
}

export const clientContext = createContext<ClientFacts>({ ip: '', requestId: 'unknown', bodyCut: null });

/** What every loader and action may use: the platform's services. Each domain adds its own context (server/<domain>/context.ts). */
export interface PlatformServices {
  logger: Logger;
  /** The site's public origin (PUBLIC_ORIGIN), for absolute links in mails and feeds. */
  publicOrigin: string;
  store: Store;
  /** Counters for the limiters (the forms'), shared by every instance when kept in the store. */
  rateLimits: RateLimitStore;
  /** Public content changed (a comment published or removed, the clinic's facts): every instance's page cache empties. */
  onContentChange(): void;
}

export const platformContext = createContext<PlatformServices>();

/** One context value the composition hands to every request (a domain's service under its key). */
export type ContextEntry = readonly [ReturnType<typeof createContext<never>>, unknown];

/** Builds a request's router context: who asks, from where, and the services. */
export function requestContext(user: SessionUser | null, client: ClientFacts, platform: PlatformServices, entries: readonly ContextEntry[]): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientContext, client);
  context.set(userContext, user);
  context.set(platformContext, platform);
  for (const [key, value] of entries) context.set(key, value as never);
  return context;
}

export type ServerContext = Readonly<RouterContextProvider>;

/** The signed-in visitor, or a redirect to sign in that comes back to this page afterwards. */
export function requireUser(context: ServerContext, request: Request): SessionUser {
  const user = context.get(userContext);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}

const AREA_REFUSAL: Record<StaffArea, string> = {
  inbox: 'This page is for the clinic’s front desk.',
  calendar: 'This page is for the clinic’s front desk.',
  plans: 'This page is for the clinic’s front desk.',
  people: 'This page is for the clinic’s front desk.',
  content: 'This page is for the clinic’s editors.',
};

/**
 * A signed-in person whose role may use this part of the staff area (shared/platform/roles.ts);
 * the signed-out are sent to sign in, everyone else gets a 403, decided before anything renders.
 * Pages and their data requests (`?_data=`) go through the same loaders and actions, so both are checked.
 */
export function requireArea(context: ServerContext, request: Request, area: StaffArea): SessionUser {
  const user = requireUser(context, request);
  if (can(user.role, area)) return user;
  throw data({ message: AREA_REFUSAL[area] }, { status: 403, statusText: 'Forbidden' });
}

/** A signed-in member of the front desk (staff or admin): the inbox, calendar, plans and personal data. */
export function requireStaff(context: ServerContext, request: Request): SessionUser {
  return requireArea(context, request, 'inbox');
}

/** A signed-in editor (or admin): the site's content. */
export function requireEditor(context: ServerContext, request: Request): SessionUser {
  return requireArea(context, request, 'content');
}
