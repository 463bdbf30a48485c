import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every repository path a comment, a doc or an ADR names exists: a file moved or deleted takes
// its mentions with it, or this test names each one left behind (file:line: path). Paths are
// those under the repository's top folders (server/, shared/, client/, tests/, scripts/, docs/,
// public/, .ci/); a placeholder (`shared/<domain>/routes.ts`, `tests/e2e/*.e2e.test.ts`,
// `migrations/NNNN_name.sql`) names no file and is left alone. In code only the comments are
// read (a string may name a file on purpose that does not exist, as the lint tests do). The
// migrations are left out: an applied one is never edited (its checksum is checked at every
// start), so its comments keep the names of their day.

const root = fileURLToPath(new URL('../..', import.meta.url));
const SKIP_FOLDERS = new Set(['node_modules', '.git', 'dist', '.build', 'coverage', 'screenshots', '.data']);
const PATH = /(?<![\w./@-])((?:server|shared|client|tests|scripts|docs|public|\.ci)\/[\w./<>*{}…-]*[\w/])/g;
const PLACEHOLDER = /[<>*{}…]|NNNN/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_FOLDERS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** The comments of a JavaScript or TypeScript file, with their offsets: strings and templates skipped. */
function codeComments(text: string): [number, string][] {
  const out: [number, string][] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && (next === '/' || next === '*')) {
      const close = next === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : next === '/' ? close : close + 2;
      out.push([i, text.slice(i, end)]);
      i = end;
    } else if (c === "'" || c === '"') {
      for (i++; i < text.length && text[i] !== c && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      i++;
    } else if (c === '`') {
      let depth = 0;
      for (i++; i < text.length && !(depth === 0 && text[i] === '`'); i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '$' && text[i + 1] === '{') depth++;
        else if (depth > 0 && text[i] === '}') depth--;
      }
      i++;
    } else {
      i++;
    }
  }
  return out;
}

const matches = (text: string, pattern: RegExp): [number, string][] => [...text.matchAll(pattern)].map((m) => [m.index, m[0]]);

/** The parts of a file that may name a path: comments of code, SQL, CSS and shell; the whole of a doc. */
function prose(file: string, text: string): [number, string][] | null {
  if (file.startsWith('server/platform/db/migrations/')) return null;
  if (/\.(ts|tsx|mts|mjs|cjs|js)$/.test(file)) return codeComments(text);
  if (file.endsWith('.md') || file.endsWith('.env.example')) return [[0, text]];
  if (file.endsWith('.sql')) return matches(text, /--[^\n]*/g);
  if (file.endsWith('.css')) return matches(text, /\/\*[\s\S]*?\*\//g);
  if (/(\.sh|\.ya?ml|Dockerfile)$/.test(file) || file.startsWith('.ci/')) return matches(text, /#[^\n]*/g);
  return null;
}

/** `file:line: path` for every named path that is not in the tree under `dir`. */
function missingPaths(dir: string): string[] {
  const missing: string[] = [];
  for (const full of files(dir)) {
    const file = path.relative(dir, full).split(path.sep).join('/');
    const text = readFileSync(full, 'utf8');
    for (const [at, part] of prose(file, text) ?? []) {
      for (const m of part.matchAll(PATH)) {
        const named = m[1]!;
        if (PLACEHOLDER.test(named) || existsSync(path.join(dir, named))) continue;
        missing.push(`${file}:${text.slice(0, at + m.index).split('\n').length}: ${named}`);
      }
    }
  }
  return missing;
}

describe('paths named in comments and docs', () => {
  it('every one exists', () => {
    expect(missingPaths(root)).toEqual([]);
  });

  it('reads comments, not strings, and skips placeholders', () => {
    const code = [
      "const a = 'server/not-here.ts'; // but server/gone.ts is named",
      '/* shared/<domain>/routes.ts and tests/e2e/*.e2e.test.ts are placeholders; client/lost.ts is not */',
      'const b = `server/${name}.ts`; const c = "https://example.com/server/x.ts";',
    ].join('\n');
    const named = codeComments(code).flatMap(([, t]) => [...t.matchAll(PATH)].map((m) => m[1]!).filter((p) => !PLACEHOLDER.test(p)));
    expect(named).toEqual(['server/gone.ts', 'client/lost.ts']);
  });
});
