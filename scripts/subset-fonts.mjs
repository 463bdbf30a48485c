// Writes the site's two web fonts, cut down to what the pages use, into shared/styles/fonts/:
//   node scripts/subset-fonts.mjs
// From the fontsource "latin" files (variable, weights 100–900, ~85 kB together) it keeps the
// characters of SUBSET (scripts/font-subset.mjs: ASCII, five Latin-1 signs, the dashes, quotes, ellipsis, arrows and currency signs
// the copy uses) and the weight axis 400–700 (the weights the CSS asks for): ~44 kB together.
// A character outside the subset is drawn by the metric-matched fallback face
// (shared/styles/font-fallbacks.css); shared/styles/fonts.css declares the same unicode-range.
// Run again after upgrading @fontsource-variable/*; the output is committed (two small files).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { SUBSET } from './font-subset.mjs';

const require = createRequire(import.meta.url);


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
