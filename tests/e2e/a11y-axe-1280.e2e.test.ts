import { axeSweep } from './a11y-support';

// Issue 14: axe on every route at 1280 px (and text at 200 %) (tests/e2e/a11y-support.ts). The rest of the
// sweep: a11y-axe-375, a11y-reading and a11y-dialogs.
axeSweep(1280);
