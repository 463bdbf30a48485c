import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/e2e/sequencer.ts';

// End-to-end tests: the production build, served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, each with its own Chromium; within a file, tests marked concurrent
    // (the accessibility sweep's route tests, a11y-*.e2e.test.ts) run two at a time, each on its
    // own reused page. Both cores stay busy while a page waits on the server or a frame.
    fileParallelism: true,
    maxWorkers: 2,
    maxConcurrency: 2,
    retry: 0,
    // Longest file first, so neither worker ends the run alone on a long file (ADR 0051).
    sequence: { sequencer: LongestFirst },
    // A worker imports playwright-core, the harness and axe once for all the files it runs, not
    // once per file (75 s of import summed over a run): no e2e file keeps state in a module
    // shared with another (docs/conventions.md).
    isolate: false,
    // expect.poll waits for something the browser will do (a dialog opening, focus moving, a
    // carousel settling): it returns as soon as that happens, so a generous limit costs nothing
    // and a loaded machine (Chromium, the server and the test on 2 shared cores) gets room.
    // Vitest's default is 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
