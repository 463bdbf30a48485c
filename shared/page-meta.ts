/** Title and description of a page. Static ones live in the route table; a loader may return `meta` to override. */
export interface PageMeta {
  title: string;
  description: string;
}

export interface RouteHandle {
  meta?: PageMeta;
  /** Show the language list in the top bar (home four). */
  languages?: boolean;
}

export function isPageMeta(value: unknown): value is PageMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PageMeta).title === 'string' &&
    typeof (value as PageMeta).description === 'string'
  );
}
