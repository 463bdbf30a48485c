/**
 * GSM 03.38 (GSM-7) and SMS segment counting.
 *
 * An SMS carries 140 bytes: 160 characters of the GSM-7 alphabet, or 70 UTF-16 units (UCS-2)
 * as soon as one character is outside it. Longer texts are split into segments that each lose
 * room to the concatenation header: 153 GSM-7 characters or 67 UCS-2 units per segment. The
 * extension table's characters (^ { } \ [ ~ ] | € and form feed) take two septets (an escape
 * and the character), and neither an escape pair nor a surrogate pair may be split across two
 * segments. Each segment is billed as one SMS, which is why the texts are written to fit one.
 * Termii's own note on this: https://developers.termii.com/number ("1 page = 160 characters …
 * special characters reduce … to 70 characters per message").
 */

/** The basic character set, in code order (0x1B, the escape to the extension table, left out). */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ' +
  'ÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each counts as two septets. */
const EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

export const SINGLE_SEGMENT = { gsm7: 160, ucs2: 70 } as const;
export const MULTI_SEGMENT = { gsm7: 153, ucs2: 67 } as const;

/** Septets a GSM-7 text takes (extension characters count 2), or null if it is not GSM-7. */
export function gsm7Length(text: string): number | null {
  let septets = 0;
  for (const ch of text) {
    if (basic.has(ch)) septets += 1;
    else if (extension.has(ch)) septets += 2;
    else return null;
  }
  return septets;
}

export const isGsm7 = (text: string) => gsm7Length(text) !== null;

export interface SmsCount {
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
  /** Room in one segment for this text's encoding and length (160/153 or 70/67). */
  perSegment: number;
}

/** Segments a text needs, packed the way handsets and SMSCs pack them. */
export function countSms(text: string): SmsCount {
  const gsm = gsm7Length(text);
  if (gsm !== null) {
    if (gsm <= SINGLE_SEGMENT.gsm7) return { encoding: 'gsm7', units: gsm, segments: gsm === 0 ? 0 : 1, perSegment: SINGLE_SEGMENT.gsm7 };
    return { encoding: 'gsm7', units: gsm, segments: pack([...text].map((ch) => (extension.has(ch) ? 2 : 1)), MULTI_SEGMENT.gsm7), perSegment: MULTI_SEGMENT.gsm7 };
  }
  const units = text.length;
  if (units <= SINGLE_SEGMENT.ucs2) return { encoding: 'ucs2', units, segments: units === 0 ? 0 : 1, perSegment: SINGLE_SEGMENT.ucs2 };
  // Code points: a surrogate pair (an emoji) is two units that must stay in one segment.
  return { encoding: 'ucs2', units, segments: pack([...text].map((ch) => ch.length), MULTI_SEGMENT.ucs2), perSegment: MULTI_SEGMENT.ucs2 };
}

/** Greedy packing of indivisible sizes into segments of `room`. */
function pack(sizes: number[], room: number): number {
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > room) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return segments;
}

export const fitsOneSms = (text: string) => countSms(text).segments <= 1;

/** Typographic characters that phones and word processors put into names and copy, and their GSM-7 stand-ins. */
const LOOKALIKES: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u02BC': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2010': '-', '\u2011': '-',
  '\u2026': '...', '\u00A0': ' ', '\u202F': ' ', '\u2009': ' ', '\u200B': '', '\t': ' ',
  '\u20A6': 'N', // the naira sign is not in GSM-7
};

/**
 * Makes a text GSM-7 where a near enough spelling exists, so one stray character does not
 * turn a 1-segment SMS into a 3-segment UCS-2 one: curly quotes and dashes become plain ones,
 * and letters with marks outside GSM-7 lose their marks (Yorùbá "Ọlá" → "Ola", Igbo "Ụchè" →
 * "Uchè": è is GSM-7 and stays). Characters with no stand-in (other scripts, emoji) are kept,
 * and the text is then sent as UCS-2. Used for SMS only; WhatsApp and e-mail keep every mark.
 */
export function toGsm7Friendly(text: string): string {
  let out = '';
  // One base character with its combining marks at a time, whether the text came composed
  // ("ẹ" U+1EB9) or decomposed ("e" + U+0323).
  for (const cluster of text.normalize('NFD').match(/\P{M}\p{M}*|\p{M}+/gu) ?? []) {
    const composed = cluster.normalize('NFC');
    if (basic.has(composed) || extension.has(composed)) {
      out += composed;
      continue;
    }
    const lookalike = LOOKALIKES[composed];
    if (lookalike !== undefined) {
      out += lookalike;
      continue;
    }
    // Keep the one mark GSM-7 has a letter for, if any (Yorùbá "ẹ̀", e + dot below + grave,
    // becomes "è"); otherwise the bare letter if that is GSM-7; otherwise the character as it was.
    const [base = '', ...marks] = [...cluster];
    const kept = marks.map((mark) => (base + mark).normalize('NFC')).find((c) => basic.has(c));
    if (kept) out += kept;
    else if (marks.length > 0 && basic.has(base)) out += base;
    else out += composed;
  }
  return out;
}
