/**
 * Loading hints for an `<img>`. A page's first image is usually its largest paint on a phone:
 * it is fetched at once, ahead of the rest, and decoded with the page (`priority`). Every other
 * image waits until it nears the viewport and is decoded off the main thread.
 */
export function imageLoading(priority = false) {
  return priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
}
