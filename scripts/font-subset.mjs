// The characters kept in the site's two web fonts: scripts/subset-fonts.mjs cuts the fonts to them,
// and tests/unit/fonts.test.ts checks shared/styles/fonts.css's `unicode-range` and the copy against them.

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
