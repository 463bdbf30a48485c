import { axeSweep } from './a11y-support';

// Issue 14: axe on every route at 375 px (tests/e2e/a11y-support.ts). The rest of the
// sweep: a11y-axe-1280, a11y-reading and a11y-dialogs.
axeSweep(375);
