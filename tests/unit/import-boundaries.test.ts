import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The one-way dependencies (server/ → shared/ ← client/; shared/content/ imports no views)
// are kept by eslint.config.js. These cases lint small pieces of code as if they lived in
// a given file, through the same config `npm run lint` uses.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax', 'no-restricted-globals']);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId) && m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it.each([
    ['shared/x.ts', "import { prepare } from '../client/firebase';\nexport const p = prepare;"],
    ['shared/features/accounts/x.ts', "import type { SessionUser } from '../../../client/firebase';\nexport type U = SessionUser;"],
    ['shared/features/accounts/x.ts', "export const load = () => import('../../../client/firebase');"],
    ['shared/ui/x.tsx', "export { showError } from '../../client/dialogs';"],
    ['shared/x.ts', "import { createApp } from '../server/app';\nexport const c = createApp;"],
    ['shared/pages/x.tsx', "export * from '../../server/route-context';"],
    ['shared/pages/x.tsx', "export const load = () => import('../../server/firebase');"],
    ['shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;"],
    ['shared/x.ts', "import { getAuth } from 'firebase-admin/auth';\nexport const g = getAuth;"],
    ['shared/x.ts', 'export const env = process.env.NODE_ENV;'],
    ['shared/content/x.ts', "import type { Option } from '../ui/demo-form';\nexport type O = Option;"],
    ['shared/content/x.ts', "import { Counters } from '../ui/counter';\nexport const c = Counters;"],
    ['shared/content/x.ts', "import type { HeroSlide } from '../sections/hero-slider';\nexport type H = HeroSlide;"],
    ['shared/content/x.ts', "export { LoginForm } from '../features/accounts/login-form';"],
    ['shared/content/x.ts', "import Home from '../pages/home';\nexport const h = Home;"],
    ['shared/content/x.ts', "import { SiteHeader } from '../layout/site-header';\nexport const s = SiteHeader;"],
    ['shared/content/x.ts', "export const load = () => import('../pages/home');"],
    ['shared/content/x.ts', "import { x } from '../../client/entry';\nexport const y = x;"],
    ['client/x.ts', "import { createApp } from '../server/app';\nexport const c = createApp;"],
    ['client/x.ts', "export const load = () => import('../server/config');"],
    ['client/x.ts', "export type { AppDeps } from '../server/app';"],
    ['client/x.ts', 'export const b = Buffer.from("x");'],
    ['server/x.ts', "import { clientBinder } from '../client/server-data';\nexport const b = clientBinder;"],
    ['server/pages/x.ts', "export const load = () => import('../../client/firebase');"],
    ['server/x.ts', "export { clientBinder } from '../client/server-data';"],
    ['server/x.ts', 'export const title = () => document.title;'],
    // The site's links come from shared/ui/link.tsx (ADR 0017).
    ['shared/pages/x.tsx', "import { Link } from 'react-router';\nexport const l = Link;"],
    ['shared/layout/x.tsx', "import { NavLink, useLocation } from 'react-router';\nexport const l = [NavLink, useLocation];"],
  ])('refuses, in %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['shared/x.ts', "import { site } from './content/site';\nexport const s = site;"],
    ['shared/pages/x.tsx', "import { useLocation } from 'react-router';\nimport { Link, NavLink } from '../ui/link';\nexport const l = [Link, NavLink, useLocation];"],
    ['shared/ui/link.tsx', "import { Link, NavLink } from 'react-router';\nexport const l = [Link, NavLink];"],
    ['shared/features/accounts/x.ts', "import { PageHeader } from '../../ui/page-header';\nexport const p = PageHeader;"],
    ['shared/ui/x.tsx', "export const load = () => import('./carousel-swiper');"],
    ['shared/ui/x.tsx', 'export function onClick() { window.scrollTo(0, 0); }'],
    ['shared/content/x.ts', "import type { Img, Option } from './types';\nimport { site } from './site';\nexport const x: [Img?, Option?, typeof site?] = [];"],
    ['client/x.ts', "import { createRoutes } from '../shared/routes';\nexport const r = createRoutes;"],
    ['client/x.ts', "export const load = () => import('./firebase');"],
    ['client/x.ts', 'export const here = () => window.location.href;'],
    ['server/x.ts', "import { createRoutes } from '../shared/routes';\nexport const r = createRoutes;"],
    ['server/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = () => readFileSync(process.cwd());"],
    ['server/pages/x.ts', "import { requireUser } from '../route-context';\nexport const r = requireUser;"],
  ])('allows, in %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });

  it('finds no wrong-way import in the files that once had them', async () => {
    const results = await eslint.lintFiles(['shared/content', 'shared/features/accounts', 'client/entry.tsx'].map((p) => `${root}${p}`));
    const problems = results.flatMap((r) => r.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${r.filePath}: ${m.message}`));
    expect(problems).toEqual([]);
  });
});
