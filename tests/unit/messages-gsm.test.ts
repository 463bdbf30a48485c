import { describe, expect, it } from 'vitest';
import { countSms, fitsOneSms, gsm7Length, isGsm7, toGsm7Friendly } from '../../server/messages/gsm';

describe('GSM-7', () => {
  it.each([
    ['plain ASCII letters and digits', 'Hi Ada, see you at 10:30am', true],
    ['the basic set\'s accented letters', 'Mélodie à Zürich, Ñoño, Øre, Åse, Æther, Straße, Ç, ù', true],
    ['Greek capitals of the basic set', 'ΔΦΓΛΩΠΨΣΘΞ', true],
    ['£ $ ¥ ¤ § ¿ ¡ @', '£$¥¤§¿¡@', true],
    ['extension characters', '{[~]}|^\\€', true],
    ['a naira sign', '₦5,000', false],
    ['a curly apostrophe', 'Chidi’s visit', false],
    ['a Yorùbá dot below', 'Ọlá', false],
    ['an emoji', 'See you 🙂', false],
    ['lowercase c-cedilla (only Ç is GSM-7)', 'façade', false],
  ])('%s: %s → %s', (_label, text, expected) => {
    expect(isGsm7(text)).toBe(expected);
  });

  it('counts extension characters as two septets', () => {
    expect(gsm7Length('abc')).toBe(3);
    expect(gsm7Length('€')).toBe(2);
    expect(gsm7Length('a{b}c')).toBe(7);
    expect(gsm7Length('naira ₦')).toBeNull();
  });
});

describe('SMS segments', () => {
  const a = (n: number) => 'a'.repeat(n);
  it.each([
    ['empty', '', 'gsm7', 0],
    ['160 GSM-7 characters', a(160), 'gsm7', 1],
    ['161 GSM-7 characters', a(161), 'gsm7', 2],
    ['306 (2 × 153)', a(306), 'gsm7', 2],
    ['307', a(307), 'gsm7', 3],
    ['80 € (160 septets)', '€'.repeat(80), 'gsm7', 1],
    ['81 € (162 septets)', '€'.repeat(81), 'gsm7', 2],
    ['70 UCS-2 units', '₦'.repeat(70), 'ucs2', 1],
    ['71 UCS-2 units', '₦'.repeat(71), 'ucs2', 2],
    ['134 (2 × 67)', '₦'.repeat(134), 'ucs2', 2],
    ['135', '₦'.repeat(135), 'ucs2', 3],
    ['one non-GSM character in 100', `${a(99)}’`, 'ucs2', 2],
  ])('%s', (_label, text, encoding, segments) => {
    const count = countSms(text);
    expect(count.encoding).toBe(encoding);
    expect(count.segments).toBe(segments);
  });

  it('does not split an escape pair across segments', () => {
    // 152 septets, then € (2): it cannot start in the first segment's last septet.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(countSms(text).units).toBe(306);
    expect(countSms(text).segments).toBe(3);
    expect(countSms(`${'a'.repeat(151)}€${'a'.repeat(153)}`).segments).toBe(2);
  });

  it('does not split a surrogate pair (emoji) across segments', () => {
    // 66 units, then an emoji (2 units): it goes whole into the second segment.
    const text = `${'₦'.repeat(66)}🙂${'₦'.repeat(66)}`;
    expect(countSms(text)).toMatchObject({ encoding: 'ucs2', units: 134, segments: 3 });
  });

  it('fitsOneSms is the 160/70 limit', () => {
    expect(fitsOneSms(a(160))).toBe(true);
    expect(fitsOneSms(a(161))).toBe(false);
    expect(fitsOneSms('₦'.repeat(70))).toBe(true);
    expect(fitsOneSms('₦'.repeat(71))).toBe(false);
  });
});

describe('toGsm7Friendly', () => {
  it.each([
    ['Ọlá', 'Ola'],
    ['Ụchè', 'Uchè'],
    ['Adéṣínà', 'Adésinà'],
    // Decomposed input (e + dot below + grave) keeps the GSM-7 mark: è.
    ['e\u0323\u0300', 'è'],
    ['ẹ̀', 'è'],
    ['François', 'Francois'],
    ['Chidi’s “visit” – 10:30…', 'Chidi\'s "visit" - 10:30...'],
    ['₦5,000', 'N5,000'],
    ['Dr\u00A0Eze', 'Dr Eze'],
    ['Zürich Ñoño', 'Zürich Ñoño'],
    // ú is not GSM-7 (ù is).
    ['Ñandú', 'Ñandu'],
  ])('%s → %s', (input, expected) => {
    const out = toGsm7Friendly(input);
    expect(out).toBe(expected);
    expect(isGsm7(out)).toBe(true);
  });

  it('keeps what has no GSM-7 stand-in, so the text goes as UCS-2 rather than garbled', () => {
    expect(toGsm7Friendly('Hi 🙂')).toBe('Hi 🙂');
    expect(toGsm7Friendly('محمد')).toBe('محمد');
  });
});
