import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint.layers.js';

// ---------------------------------------------------------------------------------------
// One-way dependencies: server/ (Node only) → shared/ ← client/ (browser only).
// shared/ never imports client/ or server/; client/ and server/ never import each other;
// shared/content/ (data) never imports the views (ui, layout, sections, features, pages).
//
// Core rules only: `no-restricted-imports` covers `import … from` and `export … from`;
// `no-restricted-syntax` covers `import()`, which no-restricted-imports does not see.
// Specifiers are relative (the project has no path aliases), so a wrong-way import is a
// chain of '../' that climbs out of its folder into a forbidden top-level folder. (So no
// folder inside shared/ may be named client or server.)
// ---------------------------------------------------------------------------------------

/** A regex source for a relative specifier that climbs into one of `folders`. */
const climbsInto = (folders) => `^(?:\\.\\./)+(?:${folders.join('|')})(?:/|$)`;

/** A forbidden direction: what may not be imported, and why. */
const rule = (regex, message) => ({ regex, message });

const NOT_CLIENT = rule(climbsInto(['client']), 'client/ is browser-only: shared/ and server/ must not import it (hand browser pieces in from client/entry.tsx instead).');
const NOT_SERVER = rule(climbsInto(['server']), 'server/ is Node-only: shared/ and client/ must not import it (the browser reaches server code through data requests).');
const NOT_NODE_BUILTINS = rule('^node:', 'Node built-ins are for server/ only: this code runs in the browser.');
const NOT_SERVER_PACKAGES = rule('^(?:firebase-admin|express|nodemailer|pg|@electric-sql/pglite)(?:/|$)', 'A Node-only package: keep it in server/.');

// The site's links come from shared/ui/link.tsx: the same markup and clicks as React Router's,
// without resolving absolute paths on every render (ADR 0017).
const ROUTER_LINKS = [
  {
    name: 'react-router',
    importNames: ['Link', 'NavLink'],
    message: "Import Link and NavLink from shared/ui/link.tsx (React Router's, without resolving absolute paths on every render).",
  },
];

/** The rules for one folder: the same patterns for static imports, re-exports and import(). */
function boundaries(...forbidden) {
  return {
    'no-restricted-imports': ['error', { paths: ROUTER_LINKS, patterns: forbidden.map(({ regex, message }) => ({ regex, message })) }],
    'no-restricted-syntax': [
      'error',
      ...forbidden.map(({ regex, message }) => ({
        // esquery regex literals cannot contain '/', so it is written as \u002F.
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\u002F')}/]`,
        message,
      })),
    ],
  };
}

// Globals: TypeScript checks names (typescript-eslint turns `no-undef` off for .ts/.tsx),
// so each folder's globals are also enforced with `no-restricted-globals`: the other
// side's globals are reported.
const nodeOnlyGlobals = Object.keys(globals.node).filter((name) => !(name in globals.browser));
const browserOnlyGlobals = Object.keys(globals.browser).filter((name) => !(name in globals.node));
const restrictGlobals = (names, message) => ['error', ...names.map((name) => ({ name, message }))];

export default tseslint.config(
  { ignores: ['dist/**', '.build/**', 'node_modules/**', 'coverage/**', 'public/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Node only: the server, build and tool configs, test setup.
    files: ['server/**', 'tests/setup/**', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts run in Node; code they pass to page.evaluate() runs in the browser.
    files: ['scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['server/**'],
    rules: {
      ...boundaries(NOT_CLIENT),
      'no-restricted-globals': restrictGlobals(browserOnlyGlobals, 'server/ runs in Node only: there is no browser here.'),
    },
  },
  {
    // Browser only.
    files: ['client/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      ...boundaries(NOT_SERVER, NOT_NODE_BUILTINS, NOT_SERVER_PACKAGES),
      'no-restricted-globals': restrictGlobals(nodeOnlyGlobals, 'client/ runs in the browser only: Node globals do not exist there.'),
    },
  },
  {
    // Universal code: rendered on the server and hydrated in the browser. It gets the
    // browser globals because effects and event handlers (which run only in the browser)
    // use window and document; lint cannot tell an effect from render, so "no window or
    // document during render" is kept by review and by the integration tests, which render
    // every page in Node. Node-only globals (process, Buffer, require…) are never right here.
    files: ['shared/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      ...boundaries(NOT_CLIENT, NOT_SERVER, NOT_NODE_BUILTINS, NOT_SERVER_PACKAGES),
      'no-restricted-globals': restrictGlobals(nodeOnlyGlobals, 'shared/ also runs in the browser: Node globals do not exist there.'),
    },
  },
  {
    // The loader (client/loader.ts) and the modules it imports are one small chunk of their own,
    // on every page before any intent: they import only each other. Importing a module the app
    // also imports makes the bundler put it in a chunk both load, and the loader then loads the
    // app's chunk at once (foundation.e2e counts the files a page fetches). A copy, not an import.
    files: ['client/loader.ts', 'client/early.ts', 'client/open-modal.ts', 'client/render-on-tab.ts', 'client/player.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: 'The loader imports only its own modules in client/ (a shared module would put the app chunk in front of it): copy what it needs.' }] }] },
  },
  {
    // The one place that wraps React Router's links.
    files: ['shared/ui/link.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_CLIENT, NOT_SERVER, NOT_NODE_BUILTINS, NOT_SERVER_PACKAGES].map(({ regex, message }) => ({ regex, message })) }] },
  },
  {
    // Layers (content ← platform ← domains ← composition) and domain boundaries: eslint.layers.js.
    files: ['server/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}'],
    plugins: { local: layersPlugin },
    rules: { 'local/layers': 'error' },
  },
  {
    // Tests run in Node; end-to-end tests also pass functions to page.evaluate(), which run in the browser.
    files: ['tests/**'],
    ignores: ['tests/setup/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
