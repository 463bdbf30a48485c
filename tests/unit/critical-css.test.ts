import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStylePruner, htmlClasses, requiredClasses } from '../../server/platform/render/critical-css';

const css = [
  ':root{--c:#0e5a63}',
  'html,body{margin:0}',
  '.btn{color:red}',
  '.btn.is-active{color:blue}',
  '.drawer{display:none}',
  '.drawer.is-open{display:block}',
  '.card:not(.is-hidden){opacity:1}',
  ':is(.news,.gone) a{color:green}',
  '.icon[data-name="a{b}"]{fill:red}',
  '.quote::before{content:"}"}',
  '/* a comment with { braces } */',
  '@media (min-width:992px){.btn{padding:2rem}.drawer{width:20rem}.gone{display:none}}',
  '@media print{.gone{display:none}}',
  '@supports (display:grid){@media (min-width:1px){.card{display:grid}}}',
  '@font-face{font-family:X;src:url(x.woff2)}',
  '@keyframes spin{0%{transform:none}to{transform:rotate(1turn)}}',
  '.spinner{animation:1s linear infinite spin}',
  '@keyframes fade{0%{opacity:0}}',
  '.toast.is-shown{animation-name:fade}',
  '@media (prefers-reduced-motion:no-preference){@keyframes "pulse"{50%{opacity:.5}}}',
  'html[data-hydrated=true] .btn{outline:0}',
  '.a,.b{margin:1px}',
].join('');

const pruned = (html: string) => createStylePruner(css).forHtml(html).css;

describe('the inline stylesheet cut to what a page uses (server/critical-css.ts)', () => {
  it('keeps the rules whose classes all occur in the HTML, and those needing no class', () => {
    const out = pruned('<main class="page"><a class="btn">Go</a><div class="card news"><a>x</a></div><i class="icon"></i><q class="quote"></q><p class="b"></p></main>');
    for (const kept of [':root{--c:#0e5a63}', 'html,body{margin:0}', '.btn{color:red}', '.card:not(.is-hidden){opacity:1}', ':is(.news,.gone) a{color:green}', '.icon[data-name="a{b}"]{fill:red}', '.quote::before{content:"}"}', 'html[data-hydrated=true] .btn{outline:0}', '.a,.b{margin:1px}']) {
      expect(out).toContain(kept);
    }
    // States that scripts add, and components the page does not have, are left out.
    for (const dropped of ['.btn.is-active', '.drawer{display:none}', '.drawer.is-open', '.drawer{width:20rem}', '.gone{display:none}']) expect(out).not.toContain(dropped);
  });

  it('keeps what a media or supports block holds that is kept, and drops the block when nothing is', () => {
    const out = pruned('<a class="btn"></a><div class="card"></div>');
    expect(out).toContain('@media (min-width:992px){.btn{padding:2rem}}');
    expect(out).not.toContain('@media print');
    expect(out).toContain('@supports (display:grid){@media (min-width:1px){.card{display:grid}}}');
  });

  it('keeps font faces whole, and the comment out', () => {
    const out = pruned('<p></p>');
    expect(out).toContain('@font-face{font-family:X;src:url(x.woff2)}');
    expect(out).not.toContain('comment');
  });

  it('keeps keyframes whole where a kept rule or a style attribute animates with them, and drops the others', () => {
    const spin = '@keyframes spin{0%{transform:none}to{transform:rotate(1turn)}}';
    const fade = '@keyframes fade{0%{opacity:0}}';
    const pulse = '@keyframes "pulse"{50%{opacity:.5}}';
    // Nothing animates: no keyframes (and no empty media block for the one inside it).
    let out = pruned('<p></p>');
    for (const k of [spin, fade, pulse]) expect(out).not.toContain(k);
    expect(out).not.toContain('prefers-reduced-motion');
    // A kept rule names one; the rule naming another needs a class the page does not have.
    out = pruned('<i class="spinner toast"></i>');
    expect(out).toContain(spin);
    expect(out).not.toContain(fade);
    // A style attribute of the HTML names one (quoted in the CSS).
    out = pruned('<i class="spinner" style="animation: 2s &quot;x&quot;, pulse 1s"></i>');
    expect(out).toContain(`@media (prefers-reduced-motion:no-preference){${pulse}}`);
    expect(createStylePruner(css).forHtml('<i class="spinner" style="animation:pulse 1s"></i>').css).not.toBe(createStylePruner(css).forHtml('<i class="spinner"></i>').css);
  });

  it('gives the CSP hash of the text it returns, the same object for the same classes', () => {
    const pruner = createStylePruner(css);
    const a = pruner.forHtml('<a class="btn"></a>');
    expect(a.hash).toBe(`'sha256-${createHash('sha256').update(a.css, 'utf8').digest('base64')}'`);
    expect(pruner.forHtml('<b class="btn"></b>')).toBe(a);
    expect(pruner.forHtml('<b class="btn drawer"></b>').css).toContain('.drawer{display:none}');
  });

  it('reads the classes a selector requires, not those inside :not(), :is() or attribute values', () => {
    expect(requiredClasses('.a .b>.c:hover')).toEqual(['a', 'b', 'c']);
    expect(requiredClasses('.a:not(.b) :is(.c,.d)')).toEqual(['a']);
    expect(requiredClasses('.md\\:wide[data-x=".y"]')).toEqual(['md:wide']);
    expect(requiredClasses('a:hover')).toEqual([]);
    expect(htmlClasses('<div class="a  b"><svg class="c"></svg><p class=""></p></div>')).toEqual(new Set(['a', 'b', 'c']));
  });

  it("leaves every rule of the build's own stylesheets whole in the output when all their classes occur", () => {
    // Parsing the real CSS: the kept rules, for a page with every class, are the whole sheet
    // minus its comments (nothing mangled by the tokenizer).
    const dir = path.join(import.meta.dirname, '../../shared/styles');
    const files = readdirSync(dir).filter((f) => f.endsWith('.css'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const classes = new Set([...source.matchAll(/\.((?:[_a-zA-Z-])[\w-]*)/g)].map((m) => m[1]!));
      const html = `<div class="${[...classes].join(' ')}"></div>`;
      const out = createStylePruner(source).forHtml(html).css;
      const strip = (s: string) => s.replace(/\/\*[^]*?\*\//g, '').replace(/\s+/g, '');
      expect(strip(out), file).toBe(strip(source));
    }
  });
});
