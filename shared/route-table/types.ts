import type { PageMeta, RouteHandle } from '../page-meta';

/** One page of the site: its path, its module under shared/pages/, and its title and description. */
export interface PageRoute {
  path: string;
  /** File name under shared/pages/, without extension. */
  page: string;
  meta: PageMeta;
  handle?: Omit<RouteHandle, 'meta'>;
}
