// Writes the site's two web fonts, cut down to what the pages use, into shared/styles/fonts/:
//   node scripts/subset-fonts.mjs
// From the fontsource "latin" files (variable, weights 100–900, ~85 kB together) it keeps the
// characters of SUBSET (ASCII, five Latin-1 signs, the dashes, quotes, ellipsis, arrows and currency signs
// the copy uses) and the weight axis 400–700 (the weights the CSS asks for): ~44 kB together.
// A character outside the subset is drawn by the metric-matched fallback face
// (shared/styles/font-fallbacks.css); shared/styles/fonts.css declares the same unicode-range.
// Run again after upgrading @fontsource-variable/*; the output is committed (two small files).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** Code point ranges kept; keep in step with `unicode-range` in shared/styles/fonts.css. */
export const SUBSET = [
  [0x20, 0x7e],
  // Of Latin-1 only what the copy uses (no-break space, ©, °, ·, ×): the whole block (accented
  // letters) was ~14 kB of the two files, fetched by every first visit on slow mobile data. An
  // accented letter (a visitor's name) is drawn by the metric-matched fallback face.
  // tests/unit/fonts.test.ts checks that every character of the site's copy is covered.
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb0, 0xb0],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20a6, 0x20a6],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];

const fonts = [
  { from: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', to: 'inter-subset.woff2', wght: { min: 400, max: 700 } },
  // Fraunces sets headings, figures and labels only: 550–700 in the CSS.
  { from: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2', to: 'fraunces-subset.woff2', wght: { min: 500, max: 700 } },
];

const text = SUBSET.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');
const outDir = path.join(import.meta.dirname, '..', 'shared', 'styles', 'fonts');
mkdirSync(outDir, { recursive: true });
for (const font of fonts) {
  const source = readFileSync(require.resolve(font.from));
  const subset = await subsetFont(source, text, { targetFormat: 'woff2', variationAxes: { wght: font.wght } });
  writeFileSync(path.join(outDir, font.to), subset);
  console.log(`${font.to}: ${(source.length / 1024).toFixed(1)} kB → ${(subset.length / 1024).toFixed(1)} kB`);
}
