import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Gzip for a page rendered per request, without compressing its inline stylesheet again.
 *
 * Half of a page's HTML is its inline CSS (38 of 78 kB on `/`), the same bytes on every page of
 * a kind, and compressing it again on every response was most of the compression's cost. A
 * deflate stream may be cut into pieces compressed on their own, as long as each piece ends on a
 * byte boundary (a sync flush: an empty stored block) and only the last one is final: the
 * stylesheet is compressed once (level 9) and its piece kept; each response compresses only
 * what is its own (level 6, as the `compression` middleware would) and splices the pieces into
 * one gzip member, whose checksum and length cover the whole page. Any gzip decoder reads it
 * as one ordinary stream. The cost: no back-references across the cut (a few dozen bytes).
 * ADR 0017.
 */

/** A part of a page whose compressed piece is kept: the same `bytes` always give the same piece. */
export interface StoredPart {
  bytes: Buffer;
  piece: Buffer;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** A final, empty block with fixed Huffman codes: closes the deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const PIECE = { finishFlush: constants.Z_SYNC_FLUSH } as const;

/** The piece of a part that repeats across responses, compressed once, hard. */
export function storedPart(text: string): StoredPart {
  const bytes = Buffer.from(text);
  return { bytes, piece: deflateRawSync(bytes, { ...PIECE, level: 9 }) };
}

function compressPiece(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => deflateRaw(bytes, { ...PIECE, level: 6 }, (error, piece) => (error ? reject(error) : resolve(piece))));
}

/** One gzip member for the parts in order: strings are compressed now, stored parts are spliced in. */
export async function gzipPage(parts: ReadonlyArray<string | StoredPart>): Promise<Buffer> {
  const raw = parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part.bytes));
  const pieces = await Promise.all(parts.map((part, i) => (typeof part !== 'string' ? part.piece : raw[i]!.length === 0 ? Buffer.alloc(0) : compressPiece(raw[i]!))));
  let crc = 0;
  let length = 0;
  for (const bytes of raw) {
    crc = crc32(bytes, crc);
    length += bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces, FINAL_EMPTY_BLOCK, trailer]);
}
