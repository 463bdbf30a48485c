import type { PageMeta, RouteHandle } from '../page-meta';

/** One page of the site: its path, its module under shared/pages/, and its title and description. */
export interface PageRoute {
  path: string;
  /** File name under shared/pages/, without extension. */
  page: string;
  meta: PageMeta;
  handle?: Omit<RouteHandle, 'meta'>;
  /**
   * The page has a server-only loader in server/pages/<page>.ts. The browser must know
   * to ask the server for its data on client-side navigation; the server checks at start
   * that this flag and its modules agree.
   */
  serverLoader?: boolean;
}
