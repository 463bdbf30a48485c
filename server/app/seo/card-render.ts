import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { CARD_HEIGHT, CARD_WIDTH, type SocialCard } from '../../../shared/app/seo/social-cards';

/**
 * Renders social cards and app icons from the SVGs in public/ with resvg. Runs at build time
 * (the Vite plugin in vite.config.ts) and, in development and tests, on the fly for /og/ and
 * /icons/ (server/app/seo/routes.ts, which imports this module only then). resvg is a development
 * dependency: production serves the built PNGs and never loads this module.
 */
async function svgDataUrl(publicDir: string, src: string): Promise<string> {
  const file = path.join(publicDir, src.replace(/^\//, ''));
  return `data:image/svg+xml;base64,${(await readFile(file)).toString('base64')}`;
}

function toPng(svg: string, width: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().asPng());
}

/** 1200×630: the brand panel with the logo on the left, the route's illustration on the right. */
export async function renderCard(card: SocialCard, publicDir: string): Promise<Buffer> {
  const [logo, picture] = await Promise.all([svgDataUrl(publicDir, '/favicon.svg'), svgDataUrl(publicDir, card.img.src)]);
  const panel = 400;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#f7f3ee"/>
  <rect width="${panel}" height="${CARD_HEIGHT}" fill="#0e5a63"/>
  <circle cx="0" cy="${CARD_HEIGHT}" r="240" fill="#093f46"/>
  <circle cx="${panel - 40}" cy="40" r="110" fill="#3f8f8f" opacity="0.35"/>
  <image href="${logo}" x="${panel / 2 - 110}" y="${CARD_HEIGHT / 2 - 110}" width="220" height="220"/>
  <rect x="${panel / 2 - 60}" y="${CARD_HEIGHT / 2 + 140}" width="120" height="8" rx="4" fill="#e07a4f"/>
  <image href="${picture}" x="${panel + 40}" y="40" width="${CARD_WIDTH - panel - 80}" height="${CARD_HEIGHT - 80}" preserveAspectRatio="xMidYMid meet"/>
  <rect y="${CARD_HEIGHT - 14}" width="${CARD_WIDTH}" height="14" fill="#e07a4f"/>
</svg>`;
  return toPng(svg, CARD_WIDTH);
}

/** A square app icon from the favicon; `maskable` keeps the mark inside the safe zone on a full-bleed background. */
export async function renderIcon(size: number, purpose: 'any' | 'maskable' | 'apple', publicDir: string): Promise<Buffer> {
  const logo = await svgDataUrl(publicDir, '/favicon.svg');
  const inset = purpose === 'any' ? 0 : 0.14;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
  ${purpose === 'any' ? '' : '<rect width="48" height="48" fill="#0e5a63"/>'}
  <image href="${logo}" x="${48 * inset}" y="${48 * inset}" width="${48 * (1 - 2 * inset)}" height="${48 * (1 - 2 * inset)}"/>
</svg>`;
  return toPng(svg, size);
}
