import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 34, defect 11: without Chromium, `npm test` says so in one line at once (its first step)
// instead of failing after minutes of other tests; with it, the check says nothing. "At once":
// it is the first step, and it only looks at the file, never starts it (a wall-clock bound was
// a timed test on a shared machine).
const check = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['tests/support/chromium-check.mjs'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });

describe('the Chromium check that starts npm test', () => {
  it('without Chromium: exit 1, one line naming apt-get install -y chromium and bash .ci/run', () => {
    const run = check({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('apt-get install -y chromium');
    expect(run.stderr).toContain('bash .ci/run');
  });

  it('with a Chromium at CHROMIUM_PATH: silent, exit 0, and Chromium is not started', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chromium-check-'));
    try {
      // A stand-in that leaves a mark if anything runs it.
      const chromium = path.join(dir, 'chromium');
      writeFileSync(chromium, `#!/bin/sh\ntouch ${path.join(dir, 'started')}\n`);
      chmodSync(chromium, 0o755);
      const run = check({ CHROMIUM_PATH: chromium });
      expect(run).toMatchObject({ status: 0, stdout: '', stderr: '' });
      expect(existsSync(path.join(dir, 'started'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the first step of npm test', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.test!.startsWith('node tests/support/chromium-check.mjs && ')).toBe(true);
  });
});
