import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The one-way dependencies (server/ → shared/ ← client/; shared/content/ imports no views)
// are kept by eslint.config.js. These cases lint small pieces of code as if they lived in
// a given file, through the same config `npm run lint` uses.
// Only the boundary rules run (ruleFilter): the other rules' findings are not read here, and
// `npm run lint` runs every rule on every file anyway.
const root = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax', 'no-restricted-globals', 'local/layers']);
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js`, ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId) });
/** server/, shared/ and client/ linted once for the tests that read the whole tree (each took a minute under load). */
let tree: ReturnType<ESLint['lintFiles']> | undefined;
const lintTree = () => (tree ??= eslint.lintFiles(['server', 'shared', 'client'].map((p) => `${root}${p}`)));

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId) && m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it.each([
    ['shared/x.ts', "import { prepare } from '../client/firebase';\nexport const p = prepare;"],
    ['shared/accounts/x.ts', "import type { SessionUser } from '../../client/firebase';\nexport type U = SessionUser;"],
    ['shared/accounts/x.ts', "export const load = () => import('../../client/firebase');"],
    ['shared/ui/x.tsx', "export { showError } from '../../client/dialogs';"],
    ['shared/x.ts', "import { createApp } from '../server/app';\nexport const c = createApp;"],
    ['shared/app/pages/x.tsx', "export * from '../../../server/platform/render/route-context';"],
    ['shared/app/pages/x.tsx', "export const load = () => import('../../../server/platform/session/firebase');"],
    ['shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;"],
    ['shared/x.ts', "import { getAuth } from 'firebase-admin/auth';\nexport const g = getAuth;"],
    ['shared/x.ts', 'export const env = process.env.NODE_ENV;'],
    ['shared/content/x.ts', "import type { Option } from '../ui/fields';\nexport type O = Option;"],
    ['shared/content/x.ts', "import { Counters } from '../ui/counter';\nexport const c = Counters;"],
    ['shared/content/x.ts', "import type { HeroSlide } from '../ui/sections/hero-slider';\nexport type H = HeroSlide;"],
    ['shared/content/x.ts', "export { LoginForm } from '../accounts/login-form';"],
    ['shared/content/x.ts', "import Home from '../app/pages/home';\nexport const h = Home;"],
    ['shared/content/x.ts', "import { SiteHeader } from '../app/layout/site-header';\nexport const s = SiteHeader;"],
    ['shared/content/x.ts', "export const load = () => import('../app/pages/home');"],
    ['shared/content/x.ts', "import { x } from '../../client/entry';\nexport const y = x;"],
    ['client/x.ts', "import { createApp } from '../server/app';\nexport const c = createApp;"],
    ['client/x.ts', "export const load = () => import('../server/config');"],
    ['client/x.ts', "export type { AppDeps } from '../server/app';"],
    ['client/x.ts', 'export const b = Buffer.from("x");'],
    ['server/x.ts', "import { clientBinder } from '../client/server-data';\nexport const b = clientBinder;"],
    ['server/requests/pages/x.ts', "export const load = () => import('../../../client/firebase');"],
    ['server/x.ts', "export { clientBinder } from '../client/server-data';"],
    ['server/x.ts', 'export const title = () => document.title;'],
    // The loader's chunk imports only its own modules: a module the app shares put the app's chunk in front of it.
    ['client/open-modal.ts', "import { afterPaint } from '../shared/ui/after-paint';\nexport const a = afterPaint;"],
    ['client/loader.ts', "import { CLINIC } from '../shared/content/site';\nexport const c = CLINIC;"],
    // The site's links come from shared/ui/link.tsx (ADR 0017).
    ['shared/app/pages/x.tsx', "import { Link } from 'react-router';\nexport const l = Link;"],
    ['shared/app/layout/x.tsx', "import { NavLink, useLocation } from 'react-router';\nexport const l = [NavLink, useLocation];"],
  ])('refuses, in %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['shared/x.ts', "import { site } from './content/site';\nexport const s = site;"],
    ['shared/app/pages/x.tsx', "import { useLocation } from 'react-router';\nimport { Link, NavLink } from '../../ui/link';\nexport const l = [Link, NavLink, useLocation];"],
    ['shared/ui/link.tsx', "import { Link, NavLink } from 'react-router';\nexport const l = [Link, NavLink];"],
    ['client/loader.ts', "import { openModal } from './open-modal';\nexport const o = openModal;"],
    ['shared/accounts/x.ts', "import { PageHeader } from '../ui/page-header';\nexport const p = PageHeader;"],
    ['shared/ui/x.tsx', "export const load = () => import('./carousel-swiper');"],
    ['shared/ui/x.tsx', 'export function onClick() { window.scrollTo(0, 0); }'],
    ['shared/content/x.ts', "import type { Img, Option } from './types';\nimport { site } from './site';\nexport const x: [Img?, Option?, typeof site?] = [];"],
    ['client/x.ts', "import { createRoutes } from '../shared/app/routes';\nexport const r = createRoutes;"],
    ['client/x.ts', "export const load = () => import('./firebase');"],
    ['client/x.ts', 'export const here = () => window.location.href;'],
    ['server/x.ts', "import { createRoutes } from '../shared/app/routes';\nexport const r = createRoutes;"],
    ['server/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = () => readFileSync(process.cwd());"],
    ['server/requests/pages/x.ts', "import { requireUser } from '../../platform/render/route-context';\nexport const r = requireUser;"],
  ])('allows, in %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });

  it('finds no wrong-way import in the files that once had them', { timeout: 180_000 }, async () => {
    const once = ['shared/content/', 'shared/accounts/', 'client/entry.tsx'].map((p) => `${root}${p}`);
    const results = (await lintTree()).filter((r) => once.some((p) => r.filePath.startsWith(p)));
    expect(results.length).toBeGreaterThan(20);
    const problems = results.flatMap((r) => r.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${r.filePath}: ${m.message}`));
    expect(problems).toEqual([]);
  });
});

// Layers (content ← platform ← domains ← composition) and domain boundaries: eslint.layers.js.
// Each case is wrong-way code the rule must refuse, or right-way code it must let through.
describe('layers and domains', () => {
  it.each([
    // Upward: content imports nothing above it.
    ['shared/content/x.ts', "import { Link } from '../ui/link';\nexport const l = Link;"],
    ['shared/content/x.ts', "import type { Practitioner } from '../clinic/types';\nexport type P = Practitioner;"],
    // Upward: the platform imports no domain and no composition.
    ['shared/ui/x.tsx', "import { EnquiryForm } from '../requests/enquiry-form';\nexport const e = EnquiryForm;"],
    ['shared/platform/x.ts', "import { pages } from '../app/routes';\nexport const p = pages;"],
    ['server/platform/render/x.ts', "import { clinicContext } from '../../clinic/context';\nexport const c = clinicContext;"],
    ['server/platform/x.ts', "import { loadConfig } from '../app/config';\nexport const l = loadConfig;"],
    ['server/platform/db/x.ts', "import { requests } from '../../requests/schema';\nexport const r = requests;"],
    ['server/platform/x.ts', "export const load = () => import('../../shared/blog/routes');"],
    // Upward: a domain imports no composition.
    ['shared/blog/x.ts', "import { pages } from '../app/routes';\nexport const p = pages;"],
    ['server/requests/x.ts', "import { createApp } from '../app/app';\nexport const c = createApp;"],
    // Sideways into another domain's internals (its sub-folders).
    ['shared/blog/x.ts', "import Contact from '../requests/pages/contact';\nexport const c = Contact;"],
    ['shared/shop/x.ts', "import { describePayload } from '../requests/staff/labels';\nexport const d = describePayload;"],
    ['server/shop/x.ts', "import { listRequests } from '../requests/staff/repo';\nexport const l = listRequests;"],
    ['server/blog/x.ts', "export { loader } from '../requests/pages/privacy';"],
    ['server/clinic/x.ts', "import Doctors from '../../shared/requests/pages/contact';\nexport const d = Doctors;"],
    // Between domains the arrows run one way (clinic ← requests ← booking ← messages): the
    // four imports booking once had of messages, and others the wrong way round.
    ['server/booking/x.ts', "import type { MessageView } from '../../shared/messages/types';\nexport type M = MessageView;"],
    ['shared/booking/x.ts', "import type { MessageView } from '../messages/types';\nexport type M = MessageView;"],
    ['shared/booking/x.tsx', "import { MessagesList } from '../messages/messages-list';\nexport const m = MessagesList;"],
    ['server/booking/x.ts', "import { visitMessages } from '../messages/queue';\nexport const v = visitMessages;"],
    ['server/booking/x.ts', "export const load = () => import('../messages/worker');"],
    ['server/booking/x.ts', "export { messagesOf } from '../messages/staff';"],
    ['server/requests/x.ts', "import { createBookingService } from '../booking/service';\nexport const c = createBookingService;"],
    ['shared/requests/x.ts', "import { VISIT_KINDS } from '../booking/types';\nexport const v = VISIT_KINDS;"],
    ['server/clinic/x.ts', "import { markRequestBooked } from '../requests/repo';\nexport const m = markRequestBooked;"],
    ['shared/clinic/x.ts', "import type { AppointmentView } from '../booking/results';\nexport type A = AppointmentView;"],
    // Two domains of one tier do not import each other either.
    ['shared/blog/x.ts', "import { VISIT_KINDS } from '../booking/types';\nexport const v = VISIT_KINDS;"],
    ['server/booking/x.ts', "import { postLoader } from '../blog/post-loader';\nexport const p = postLoader;"],
  ])('refuses, in %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    // Down the layers.
    ['shared/blog/x.ts', "import { Link } from '../ui/link';\nimport { posts } from '../content/posts';\nexport const x = [Link, posts];"],
    ['server/requests/x.ts', "import { platformContext } from '../platform/render/route-context';\nexport const p = platformContext;"],
    ['shared/app/x.ts', "import { requestsRoutes } from '../requests/routes';\nimport Contact from '../requests/pages/contact';\nexport const x = [requestsRoutes, Contact];"],
    ['server/app/x.ts', "import { listRequests } from '../requests/staff/repo';\nexport const l = listRequests;"],
    ['server/main.ts', "import { createApp } from './app/app';\nexport const c = createApp;"],
    // Sideways, through another domain's public files (the top of its folder).
    ['shared/blog/x.ts', "import { EnquiryForm } from '../requests/enquiry-form';\nexport const e = EnquiryForm;"],
    ['server/shop/x.ts', "import { requestFormAction } from '../requests/form-action';\nexport const r = requestFormAction;"],
    // A domain's server half uses all of its own shared half.
    ['server/requests/x.ts', "import { describePayload } from '../../shared/requests/staff/labels';\nexport const d = describePayload;"],
    // Down the domain order: messages uses booking, booking uses requests and clinic.
    ['server/messages/x.ts', "import { appointments } from '../booking/schema';\nexport const a = appointments;"],
    ['shared/messages/x.ts', "import type { AppointmentView } from '../booking/results';\nexport type A = AppointmentView;"],
    ['server/booking/x.ts', "import { markRequestBooked } from '../requests/repo';\nimport { practitioners } from '../clinic/schema';\nexport const x = [markRequestBooked, practitioners];"],
    // The composition may join any two (a booking's staff page with its messages).
    ['server/app/x.ts', "import { messagesOf } from '../messages/staff';\nimport { bookingContext } from '../booking/context';\nexport const x = [messagesOf, bookingContext];"],
  ])('allows, in %s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });

  // Lints every file of server/, shared/ and client/ (shared with the test above, whichever runs
  // first): a minute when `npm test` runs it beside the other steps on a loaded machine.
  it('the whole tree keeps the layers (the rule runs on every file)', { timeout: 180_000 }, async () => {
    const results = await lintTree();
    const problems = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'local/layers').map((m) => `${r.filePath}: ${m.message}`));
    expect(problems).toEqual([]);
  });
});
