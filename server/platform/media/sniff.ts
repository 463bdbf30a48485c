/**
 * What a file is, read from its first bytes (its "magic number"), never from its name or the
 * type the browser claimed: a renamed HEIC, SVG or PDF is recognised as what it is.
 */

export type SniffedType =
  | { kind: 'accepted'; type: 'image/jpeg' | 'image/png' | 'image/webp' }
  | { kind: 'heif' }
  | { kind: 'svg' }
  | { kind: 'other'; name: string | null };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF brands (ISO/IEC 23008-12): HEIC photos from iPhones and many Android phones. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'mif2']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function sniffIsoBmff(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
  if (brands.some((b) => AVIF_BRANDS.has(b))) return { kind: 'other', name: 'AVIF' };
  if (brands.some((b) => HEIF_BRANDS.has(b))) return { kind: 'heif' };
  return { kind: 'other', name: brands[0] === 'qt  ' ? 'QuickTime video' : 'video' };
}

/** True when the text starts like an SVG document (after a BOM, white space, an XML declaration, comments or a doctype). */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[\s\S]*?\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>:]/i.test(rest);
}

export function sniffPictureType(bytes: Uint8Array): SniffedType {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'accepted', type: 'image/jpeg' };
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return { kind: 'accepted', type: 'image/png' };
  }
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return { kind: 'accepted', type: 'image/webp' };
  const iso = sniffIsoBmff(b);
  if (iso) return iso;
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return { kind: 'other', name: 'GIF' };
  if (b.length >= 4 && (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*')) return { kind: 'other', name: 'TIFF' };
  if (b.length >= 2 && ascii(b, 0, 2) === 'BM') return { kind: 'other', name: 'BMP' };
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return { kind: 'other', name: 'PDF' };
  if (b.length >= 4 && b[0] === 0x00 && b[1] === 0x00 && b[2] === 0x01 && b[3] === 0x00) return { kind: 'other', name: 'icon' };
  if (looksLikeSvg(b)) return { kind: 'svg' };
  return { kind: 'other', name: null };
}
