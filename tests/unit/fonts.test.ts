import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBSET } from '../../scripts/font-subset.mjs';
import { EARLY_FONTS } from '../../server/platform/render/document';

const root = path.join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Code points of a CSS `unicode-range` value (`U+0020-007E, U+00A9, …`). */
function rangeOf(value: string): Set<number> {
  const points = new Set<number>();
  for (const part of value.split(',')) {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const a = Number.parseInt(from!, 16);
    const b = to ? Number.parseInt(to, 16) : a;
    for (let c = a; c <= b; c++) points.add(c);
  }
  return points;
}

/** Every file under `dir` whose name ends with one of `exts`. */
function filesUnder(dir: string, exts: readonly string[]): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && exts.some((x) => e.name.endsWith(x)))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

// Drawn by the fallback face on purpose: the shop's rating stars (a symbol the text fonts lack anyway).
const NOT_IN_THE_FONTS = new Set(['★']);

describe('web font subsets (scripts/font-subset.mjs, shared/styles/fonts.css)', () => {
  const css = read('shared/styles/fonts.css');
  const ranges = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((m) => rangeOf(m[1]!));

  it('both faces declare the characters the script keeps, no more and no fewer', () => {
    expect(ranges).toHaveLength(2);
    const kept = new Set<number>();
    for (const [a, b] of SUBSET) for (let c = a; c <= b; c++) kept.add(c);
    expect(kept.size).toBeGreaterThan(95);
    for (const range of ranges) expect([...range].sort((a, b) => a - b)).toEqual([...kept].sort((a, b) => a - b));
  });

  it('the head asks early for every web face, by family and a weight the face has (server/document.tsx, ADR 0025)', () => {
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => ({
      family: /font-family:\s*'([^']+)'/.exec(m[1]!)![1],
      weights: /font-weight:\s*(\d+)\s+(\d+)/.exec(m[1]!)!.slice(1).map(Number),
    }));
    expect(faces.map((f) => f.family).sort()).toEqual(EARLY_FONTS.map((f) => /"([^"]+)"/.exec(f)![1]).sort());
    for (const font of EARLY_FONTS) {
      const [, weight, family] = /^(?:(\d+) )?1em "([^"]+)"$/.exec(font)!;
      const face = faces.find((f) => f.family === family)!;
      const w = Number(weight ?? 400);
      expect(w).toBeGreaterThanOrEqual(face.weights[0]!);
      expect(w).toBeLessThanOrEqual(face.weights[1]!);
    }
  });

  it("covers every character of the site's own copy (a missing one would be drawn by the fallback face)", () => {
    const missing = new Map<string, string>();
    for (const file of filesUnder('shared', ['.ts', '.tsx'])) {
      for (const ch of read(file)) {
        const c = ch.codePointAt(0)!;
        if (c < 0x20 || NOT_IN_THE_FONTS.has(ch) || ranges.every((r) => r.has(c))) continue;
        if (!missing.has(ch)) missing.set(ch, file);
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
