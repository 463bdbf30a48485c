// First step of `npm test`: the end-to-end tests drive Chromium, and without it the run would
// fail only after minutes of other tests. Silent when it is there; otherwise one line saying how
// to get it, and exit 1 at once. Same lookup as tests/e2e/harness.ts.
import { accessSync, constants } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
try {
  accessSync(chromium, constants.X_OK);
} catch {
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${chromium} is not an executable` : `no Chromium at ${chromium}`;
  console.error(`npm test needs Chromium for the end-to-end tests (${where}): install Debian’s with \`apt-get install -y chromium\` (as root), set CHROMIUM_PATH to another Chromium, or run \`bash .ci/run\`, which installs it and runs everything.`);
  process.exit(1);
}
