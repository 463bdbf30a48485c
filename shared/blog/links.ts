/** Where a post is read: the detail page with `?post=<slug>`. */
export function postHref(slug: string, detailsPath = '/blogDetails'): string {
  return `${detailsPath}?post=${encodeURIComponent(slug)}`;
}

export function tagHref(tag: string): string {
  return `/blogs?tag=${encodeURIComponent(tag)}`;
}

export function categoryHref(category: string): string {
  return `/blogs?category=${encodeURIComponent(category)}`;
}
