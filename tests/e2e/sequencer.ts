import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of the e2e files: longest first (ADR 0051). Two workers take the files in this order,
 * so the long ones start at once and the short ones fill in at the end; neither worker is left
 * running one long file alone while the other has finished. Vitest's own order needs the times
 * of an earlier run (node_modules/.vite, absent on a clean clone) and otherwise runs the largest
 * files first, which put the accessibility sweep's two axe files (five lines each, two minutes
 * each) last. A file's time from an earlier run on this machine wins; else the seconds below
 * (a clean-clone `npm test`, 2 cores); else a new file counts as `UNKNOWN` seconds. The table
 * only orders: a file missing from it, or a time gone stale, costs balance, never a check.
 */
const SECONDS: Record<string, number> = {
  'skip-rendering': 131,
  'a11y-axe-1280': 118,
  'a11y-axe-375': 100,
  'first-tap': 100,
  keyboard: 99,
  booking: 94,
  'a11y-reading': 92,
  'content-editor': 89,
  blog: 84,
  clinic: 71,
  services: 68,
  gallery: 62,
  intake: 49,
  enquiries: 48,
  waitlist: 90,
  foundation: 48,
  shop: 46,
  'booking-staff': 43,
  auth: 38,
  'a11y-dialogs': 28,
  'rich-text-editor': 24,
  deposits: 55,
  replies: 18,
  'scroll-tap': 16,
  'font-fallbacks': 14,
  staff: 9,
  'server-seam': 5,
};
const UNKNOWN = 45;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const seconds = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      const last = cache.getFileTestResults(key)?.duration;
      if (last) return last / 1000;
      return SECONDS[path.basename(spec.moduleId).replace(/\.e2e\.test\.ts$/, '')] ?? UNKNOWN;
    };
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
