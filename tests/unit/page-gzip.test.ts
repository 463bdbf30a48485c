import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPage, storedPart } from '../../server/platform/render/page-gzip';

// A gzip member spliced from pieces compressed apart (server/platform/render/page-gzip.ts) must read back as the
// parts joined, with a valid checksum and length, for one-shot and streaming decoders alike.
const css = Array.from({ length: 800 }, (_, i) => `.c${i} { color: #${(i * 2654435761).toString(16).slice(-6)}; margin: ${i % 7}px; }`).join('\n');
const html = (n: number) => Array.from({ length: n }, (_, i) => `<p class="c${i % 800}">Paragraph ${i}: ünïcødé ✓ text of a page</p>`).join('');

describe('gzipPage', () => {
  it('reads back as the parts joined, stored part spliced in', async () => {
    const style = storedPart(css);
    const parts = ['<!DOCTYPE html><html><head><style>', style, `</style></head><body>${html(500)}</body></html>`];
    const body = await gzipPage(parts);
    expect(gunzipSync(body).toString()).toBe(`<!DOCTYPE html><html><head><style>${css}</style></head><body>${html(500)}</body></html>`);
  });

  it('reads back through a streaming decoder, which checks the trailer', async () => {
    const body = await gzipPage(['a'.repeat(10), storedPart(css), html(50)]);
    const text = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const gunzip = createGunzip();
      gunzip.on('data', (c: Buffer) => chunks.push(c));
      gunzip.on('end', () => resolve(Buffer.concat(chunks).toString()));
      gunzip.on('error', reject);
      // In small pieces, as a slow network would deliver it.
      for (let i = 0; i < body.length; i += 97) gunzip.write(body.subarray(i, i + 97));
      gunzip.end();
    });
    expect(text).toBe('a'.repeat(10) + css + html(50));
  });

  it('handles empty parts, a stored part first or last, and a stored part used again', async () => {
    const style = storedPart(css);
    for (const parts of [[style], ['', style, ''], [style, 'tail'], ['head', style], ['', ''], ['only']] as const) {
      const expected = parts.map((p) => (typeof p === 'string' ? p : css)).join('');
      expect(gunzipSync(await gzipPage(parts)).toString()).toBe(expected);
    }
  });

  it('costs a few bytes over compressing the page in one piece', async () => {
    const page = ['<head><style>', storedPart(css), `</style></head><body>${html(400)}</body>`] as const;
    const joined = `<head><style>${css}</style></head><body>${html(400)}</body>`;
    const spliced = (await gzipPage(page)).length;
    const whole = gzipSync(joined, { level: 6 }).length;
    expect(spliced).toBeLessThan(whole * 1.05);
  });

  it('a corrupted body is refused by the decoder (the checksum covers the whole page)', async () => {
    const body = await gzipPage(['x'.repeat(100), storedPart(css)]);
    body.writeUInt8(body.readUInt8(body.length - 8) ^ 0xff, body.length - 8);
    expect(() => gunzipSync(body)).toThrow();
  });
});
