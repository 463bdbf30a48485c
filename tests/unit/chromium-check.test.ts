import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Issue 34, defect 11: without Chromium, `npm test` says so in one line at once (its first step)
// instead of failing after minutes of other tests; with it, the check says nothing.
const check = (env: Record<string, string>) => {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['tests/support/chromium-check.mjs'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return { ...run, ms: Date.now() - started };
};

describe('the Chromium check that starts npm test', () => {
  it('without Chromium: exit 1 within a second, one line naming apt-get install -y chromium and bash .ci/run', () => {
    const run = check({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(run.status).toBe(1);
    expect(run.ms).toBeLessThan(1000);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('apt-get install -y chromium');
    expect(run.stderr).toContain('bash .ci/run');
  });

  it('with a Chromium at CHROMIUM_PATH: silent, exit 0', () => {
    const run = check({ CHROMIUM_PATH: process.execPath });
    expect(run).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('is the first step of npm test', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.test!.startsWith('node tests/support/chromium-check.mjs && ')).toBe(true);
  });
});
