import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processPicture, variantWidths, type ProcessedPicture, type PictureRefusal } from '../../server/platform/media/picture';
import { PICTURE_WIDTHS, isMediaKey, pictureCopyKey, pictureSources } from '../../shared/platform/media';
import { hasGps, phonePhoto } from '../support/pictures';

function ok(result: ProcessedPicture | PictureRefusal): ProcessedPicture {
  if (!result.ok) throw new Error(`refused: ${result.code}: ${result.message}`);
  return result;
}

function refused(result: ProcessedPicture | PictureRefusal): PictureRefusal {
  if (result.ok) throw new Error('accepted a file that should have been refused');
  return result;
}

/** A PNG whose header claims `width` × `height`: nothing but the header and a scrap of data (a decompression bomb's shape). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(4096))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

const HEIC_HEADER = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200, 7)]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

describe('processPicture: what comes out', () => {
  it('removes EXIF and GPS, applies the orientation, and keeps nothing of the file’s metadata', async () => {
    // 1200 × 800 as stored, orientation 6: a portrait photo, 800 × 1200 upright.
    const input = await phonePhoto({ width: 1200, height: 800, orientation: 6 });
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGps(before.exif)).toBe(true);

    const result = ok(await processPicture(input, { widths: [400, 800] }));
    expect(result.sourceType).toBe('image/jpeg');
    expect([result.picture.width, result.picture.height]).toEqual([800, 1200]);
    expect(result.files).toHaveLength(6);
    for (const file of result.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif, file.key).toBeUndefined();
      expect(meta.xmp, file.key).toBeUndefined();
      expect(meta.iptc, file.key).toBeUndefined();
      expect(meta.icc, file.key).toBeUndefined();
      expect(meta.orientation ?? 1, file.key).toBe(1);
      // Portrait: taller than wide, as the phone's owner saw it.
      expect(meta.height!, file.key).toBeGreaterThan(meta.width!);
      expect(file.bytes.includes(Buffer.from('Clinic Test Phone')), file.key).toBe(false);
    }
  });

  it('turns the pixels, not just the numbers: what was left in the file is at the top once upright', async () => {
    // Left half red, right half blue; orientation 6 means "turn a quarter clockwise to show".
    const w = 600;
    const h = 400;
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(x < w / 2 ? [220, 30, 30] : [30, 30, 220], (y * w + x) * 3);
    const input = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const result = ok(await processPicture(input, { formats: ['jpeg'] }));
    const file = result.files[0]!;
    const { data, info } = await sharp(file.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(info.height).toBeGreaterThan(info.width);
    const top = at(Math.floor(info.width / 2), 5);
    const bottom = at(Math.floor(info.width / 2), info.height - 5);
    expect(top[0]!).toBeGreaterThan(150); // red on top
    expect(top[2]!).toBeLessThan(100);
    expect(bottom[2]!).toBeGreaterThan(150); // blue below
    expect(bottom[0]!).toBeLessThan(100);
  });

  // The whole pipeline at every width (about 2 s alone on a 2-core machine, more while it is shared).
  it('makes every page width in AVIF, WebP and JPEG, each with its width and height, named by the picture and its width', { timeout: 120_000 }, async () => {
    const input = await phonePhoto({ width: 2000, height: 1500 });
    const result = ok(await processPicture(input));
    const { variants } = result.picture;
    expect(variants.map((v) => `${v.type} ${v.width}x${v.height}`)).toEqual(
      PICTURE_WIDTHS.flatMap((w) => ['avif', 'webp', 'jpeg'].map((f) => `image/${f} ${w}x${Math.round((w * 1500) / 2000)}`)),
    );
    for (const file of result.files) {
      const meta = await sharp(file.bytes).metadata();
      const variant = variants.find((v) => v.key === file.key)!;
      expect(meta.format === 'heif' ? 'image/avif' : `image/${meta.format}`).toBe(file.type);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.bytes).toBe(file.bytes.length);
      expect(isMediaKey(file.key)).toBe(true);
      // One hash a picture (ADR 0053): the upload's, with the copy's width.
      expect(file.key).toBe(`${result.picture.id}-${variant.width}.${{ 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg' }[file.type]}`);
      expect(file.width).toBe(variant.width);
    }
    expect(new Set(result.files.map((f) => f.key)).size).toBe(result.files.length);
    expect(result.picture.id).toBe(createHash('sha256').update(input).digest('hex').slice(0, 32));
    expect(result.picture.dominant).toMatch(/^#[0-9a-f]{6}$/);
    expect(result.picture.opaque).toBe(true);
    // The srcset-ready description the pages render.
    const sources = pictureSources(result.picture);
    expect(sources.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources.sources[0]!.srcSet.split(', ')).toHaveLength(PICTURE_WIDTHS.length);
    // The <img> has the JPEG nearest 800 px, not their list: every browser that reads srcset reads WebP (ADR 0052).
    expect(sources.srcSet).toBe('');
    // A picture with JPEG copies only: the <img> lists them.
    const jpegOnly = pictureSources({ ...result.picture, variants: variants.filter((v) => v.type === 'image/jpeg') });
    expect(jpegOnly.sources).toEqual([]);
    expect(jpegOnly.srcSet.split(', ')).toHaveLength(PICTURE_WIDTHS.length);
    expect(jpegOnly.srcSet).toMatch(/^\/media\/[0-9a-f]{32}-400\.jpg 400w, /);
    expect(sources.src).toBe(`/media/${variants.find((v) => v.type === 'image/jpeg' && v.width === 800)!.key}`);
    expect([sources.width, sources.height]).toEqual([1600, 1200]);
  });

  it('makes no copy wider than the picture, and adds its own width when it falls short of the largest', async () => {
    expect(variantWidths(500, PICTURE_WIDTHS)).toEqual([400, 500]);
    expect(variantWidths(300, PICTURE_WIDTHS)).toEqual([300]);
    expect(variantWidths(1600, PICTURE_WIDTHS)).toEqual([...PICTURE_WIDTHS]);
    const result = ok(await processPicture(await phonePhoto({ width: 500, height: 500 }), { formats: ['webp'] }));
    expect(result.picture.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 400],
      [500, 500],
    ]);
  });

  it('takes the caller’s widths and formats', async () => {
    const result = ok(await processPicture(await phonePhoto({ width: 1000, height: 600 }), { widths: [160, 320], formats: ['avif', 'webp'] }));
    expect(result.picture.variants.map((v) => `${v.type} ${v.width}`)).toEqual(['image/avif 160', 'image/webp 160', 'image/avif 320', 'image/webp 320']);
  });

  it('accepts PNG and WebP; a transparent PNG keeps its transparency, and its JPEG copy is on white', async () => {
    const rgba = await sharp({ create: { width: 500, height: 300, channels: 4, background: { r: 0, g: 90, b: 100, alpha: 0 } } })
      .composite([{ input: { create: { width: 200, height: 100, channels: 4, background: { r: 14, g: 90, b: 99, alpha: 1 } } }, left: 150, top: 100 }])
      .png()
      .toBuffer();
    const png = ok(await processPicture(rgba, { widths: [400] }));
    expect(png.sourceType).toBe('image/png');
    expect(png.picture.opaque).toBe(false);
    const webpCopy = png.files.find((f) => f.type === 'image/webp')!;
    expect((await sharp(webpCopy.bytes).metadata()).hasAlpha).toBe(true);
    const jpegCopy = png.files.find((f) => f.type === 'image/jpeg')!;
    const corner = await sharp(jpegCopy.bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner].every((c) => c > 245)).toBe(true);

    const webp = await sharp(await phonePhoto({ width: 800, height: 600 })).webp().toBuffer();
    expect(ok(await processPicture(webp, { formats: ['jpeg'] })).sourceType).toBe('image/webp');
  });

  it('converts a wide-gamut picture to sRGB through its ICC profile, and keeps no profile', async () => {
    const raw = Buffer.alloc(64 * 64 * 3);
    for (let i = 0; i < raw.length; i += 3) raw.set([40, 160, 60], i);
    const p3 = await sharp(raw, { raw: { width: 64, height: 64, channels: 3 } }).withIccProfile('p3').png().toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const result = ok(await processPicture(p3, { formats: ['webp'], widths: [64] }));
    const out = result.files[0]!;
    expect((await sharp(out.bytes).metadata()).icc).toBeUndefined();
    const pixel = [...(await sharp(out.bytes).extract({ left: 32, top: 32, width: 1, height: 1 }).raw().toBuffer())];
    const expected = [...(await sharp(p3).toColourspace('srgb').extract({ left: 32, top: 32, width: 1, height: 1 }).raw().toBuffer())];
    pixel.slice(0, 3).forEach((c, i) => expect(Math.abs(c - expected[i]!)).toBeLessThanOrEqual(4));
  });
});

describe('processPicture: what is refused, with a message for the editor', () => {
  it('refuses HEIC with the way to export it as JPEG', async () => {
    const r = refused(await processPicture(HEIC_HEADER));
    expect(r.code).toBe('heic');
    expect(r.message).toMatch(/export it as JPEG/);
  });

  it('refuses SVG, whatever the file is called', async () => {
    const r = refused(await processPicture(SVG));
    expect(r.code).toBe('svg');
    expect(r.message).toMatch(/SVG/);
    expect(refused(await processPicture(Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"></svg>'))).code).toBe('svg');
  });

  it('reads the type from the content: a PNG called photo.jpg is a PNG; a PDF, GIF, AVIF or text called .jpg is refused', async () => {
    const png = await sharp(await phonePhoto({ width: 600, height: 400 })).png().toBuffer();
    // There is no name to be fooled by: processPicture only sees the bytes.
    expect(ok(await processPicture(png, { formats: ['webp'] })).sourceType).toBe('image/png');
    const gif = await sharp(await phonePhoto({ width: 60, height: 40 })).gif().toBuffer();
    const avif = await sharp(await phonePhoto({ width: 60, height: 40 })).avif().toBuffer();
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), /PDF/],
      [gif, /GIF/],
      [avif, /AVIF/],
      [Buffer.from('just some text, not a picture'), /not a picture we can read/],
      [Buffer.from('<html><body><img src=x onerror=alert(1)></body></html>'), /not a picture/],
    ];
    for (const [bytes, message] of cases) {
      const r = refused(await processPicture(bytes));
      expect(r.code).toBe('unsupported');
      expect(r.message).toMatch(message);
      expect(r.message).toMatch(/Please upload a JPEG, PNG or WebP picture/);
    }
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    const started = process.memoryUsage().rss;
    const r = refused(await processPicture(bomb));
    expect(r.code).toBe('too-many-pixels');
    expect(r.message).toMatch(/30000 × 30000 pixels \(900 megapixels\)/);
    // Nothing like 2.7 GB of pixels was allocated.
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a real picture over the pixel limit', async () => {
    const r = refused(await processPicture(await phonePhoto({ width: 2400, height: 1800 }), { maxPixels: 4_000_000 }));
    expect(r.code).toBe('too-many-pixels');
  });

  it('refuses truncated JPEG, PNG and WebP files as damaged', async () => {
    const jpeg = await phonePhoto({ width: 1200, height: 900 });
    const png = await sharp(jpeg).png().toBuffer();
    const webp = await sharp(jpeg).webp().toBuffer();
    for (const file of [jpeg, png, webp]) {
      const r = refused(await processPicture(file.subarray(0, Math.floor(file.length * 0.6)), { formats: ['webp'] }));
      expect(r.code).toBe('damaged');
      expect(r.message).toMatch(/damaged or incomplete/);
    }
    // Only the magic number and nothing after it.
    expect(refused(await processPicture(jpeg.subarray(0, 20))).code).toBe('damaged');
  });

  it('refuses an empty file, one over 15 MB, and a shape no page can show', async () => {
    expect(refused(await processPicture(new Uint8Array(0))).code).toBe('empty');
    const big = Buffer.alloc(15 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const r = refused(await processPicture(big));
    expect(r.code).toBe('too-large');
    expect(r.message).toMatch(/15 MB/);
    const sliver = await sharp({ create: { width: 20, height: 3000, channels: 3, background: '#888' } }).png().toBuffer();
    expect(refused(await processPicture(sliver)).code).toBe('too-narrow');
  });
});

describe('media keys: a picture’s copy is <id>-<width>.<ext> (ADR 0053), a file named by its content <hash>.<ext>', () => {
  const id = 'ab'.repeat(16);
  it('names each copy by the picture and its width, and a changed picture (another id) by other names', () => {
    expect(pictureCopyKey(id, 800, 'image/avif')).toBe(`${id}-800.avif`);
    expect(pictureCopyKey(id, 1600, 'image/jpeg')).toBe(`${id}-1600.jpg`);
    expect(pictureCopyKey('cd'.repeat(16), 800, 'image/avif')).not.toBe(pictureCopyKey(id, 800, 'image/avif'));
    for (const [bad, width] of [['../etc', 800], [id.toUpperCase(), 800], [id.slice(1), 800], [id, 0], [id, -1], [id, 80.5], [id, 100000]] as const) {
      expect(() => pictureCopyKey(bad, width, 'image/webp'), `${bad} ${width}`).toThrow(TypeError);
    }
  });

  it('renders a picture stored before ADR 0053 by the names it was stored under', () => {
    const hash = (n: number) => n.toString(16).padStart(32, '0');
    const variants = [400, 800].flatMap((width, i) =>
      (['image/avif', 'image/webp', 'image/jpeg'] as const).map((type, j) => ({ key: `${hash(i * 3 + j + 1)}.${{ 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg' }[type]}`, type, width, height: width / 2, bytes: 1 })),
    );
    const old = pictureSources({ id, width: 800, height: 400, dominant: '#808080', opaque: true, variants });
    expect(old.sources.map((s) => s.srcSet)).toEqual([`/media/${hash(1)}.avif 400w, /media/${hash(4)}.avif 800w`, `/media/${hash(2)}.webp 400w, /media/${hash(5)}.webp 800w`]);
    expect(old.src).toBe(`/media/${hash(6)}.jpg`);
  });

  it('accepts both forms, and nothing that could name a file elsewhere', () => {
    for (const key of [`${id}.avif`, `${id}.jpg`, `${id}-400.webp`, `${id}-16383.jpg`, `${id}-7.avif`]) expect(isMediaKey(key), key).toBe(true);
    for (const key of [`${id}-0400.webp`, `${id}-.webp`, `${id}-400.png`, `${id}-400.webp/`, `${id}-400-2.webp`, `../${id}-400.webp`, `${id}-400.webp\0`, `${id}-400`, `${id}-123456.jpg`, 42, null]) {
      expect(isMediaKey(key), String(key)).toBe(false);
    }
  });
});
