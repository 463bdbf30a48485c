import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createStylePruner, type InlineStyle } from './critical-css';

/** The client files one page needs: hydration entry, page-module preloads and stylesheets. */
export interface PageAssets {
  entryScripts: string[];
  preloads: string[];
  styles: string[];
  /**
   * Production: the page's stylesheets (the same files as `styles`, in order) as one inline
   * `<style>`, so the first paint waits for no stylesheet request, and its CSP source
   * (`'sha256-…'`), which the renderer adds to `style-src`. `forHtml`: the same cut to the rules
   * a rendered page can use (server/platform/render/critical-css.ts), which the renderer inlines instead when it
   * has the page's whole HTML before its head.
   */
  inlineStyle?: InlineStyle & { forHtml?(html: string): InlineStyle };
  /**
   * Production: the scripts are not in the HTML; this small file (client/loader.ts) starts them
   * on the visitor's first intent (ADR 0018). Development: React's bootstrap <script>.
   */
  loaderScript?: string;
}

export interface ClientAssets {
  /** Changes with every client build (hash of Vite's manifest); keys the page cache. */
  buildId?: string;
  /** `pageKeys` are Vite manifest keys of the matched page modules, e.g. "shared/app/pages/home.tsx". */
  forPages(pageKeys: readonly string[]): PageAssets;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'client/entry.tsx';
export const CLIENT_LOADER = 'client/loader.ts';

/** Production: read Vite's manifest once at start and walk each page's import graph. */
export function manifestAssets(clientDir: string): ClientAssets {
  const manifestText = readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as Manifest;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Vite manifest has no entry for ${CLIENT_ENTRY}`);
  const loader = manifest[CLIENT_LOADER];
  if (!loader) throw new Error(`Vite manifest has no entry for ${CLIENT_LOADER}`);

  const collect = (key: string, js: Set<string>, css: Set<string>, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add('/' + chunk.file);
    for (const c of chunk.css ?? []) css.add('/' + c);
    for (const i of chunk.imports ?? []) collect(i, js, css, seen);
  };

  const cache = new Map<string, PageAssets>();
  return {
    buildId: createHash('sha256').update(manifestText).digest('base64url').slice(0, 12),
    forPages(pageKeys) {
      const cacheKey = pageKeys.join('|');
      const hit = cache.get(cacheKey);
      if (hit) return hit;
      const js = new Set<string>();
      const css = new Set<string>();
      const seen = new Set<string>();
      collect(CLIENT_ENTRY, js, css, seen);
      const entryFile = '/' + entry.file;
      for (const key of pageKeys) collect(key, js, css, seen);
      js.delete(entryFile);
      const styles = [...css];
      const inline = styles.map((href) => readFileSync(path.join(clientDir, href), 'utf8').trim()).join('\n');
      if (/<\/style/i.test(inline)) throw new Error('a stylesheet contains "</style": it cannot be inlined');
      const assets: PageAssets = {
        entryScripts: [entryFile],
        preloads: [...js],
        styles,
        inlineStyle: styles.length
          ? { css: inline, hash: `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`, forHtml: createStylePruner(inline).forHtml }
          : undefined,
        loaderScript: '/' + loader.file,
      };
      cache.set(cacheKey, assets);
      return assets;
    },
  };
}

/** Development: Vite serves sources; page CSS arrives with its module. */
export const devAssets: ClientAssets = {
  forPages: () => ({
    entryScripts: ['/@vite/client', '/' + CLIENT_ENTRY],
    preloads: [],
    styles: ['/shared/styles/index.css'],
  }),
};
