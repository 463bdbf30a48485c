import { describe, expect, it } from 'vitest';
import { formatKobo, koboOf, ruleApplies } from '../../shared/booking/deposits';
import { checkSignature, signatureOf } from '../../server/booking/payments/paystack';

describe('deposits: kobo, the rule, the signature', () => {
  it('naira as typed to whole kobo, never through floating point; kobo as the clinic writes money', () => {
    expect(koboOf('5000')).toBe(500_000);
    expect(koboOf('5,000')).toBe(500_000);
    expect(koboOf('₦2,500.5')).toBe(250_050);
    expect(koboOf('0.1')).toBe(10);
    expect(koboOf('19.99')).toBe(1999);
    for (const bad of ['', 'abc', '1.234', '-5', '5e3', '1,00.0.0']) expect(koboOf(bad), bad).toBeNull();
    expect(formatKobo(500_000)).toBe('₦5,000');
    expect(formatKobo(250_050)).toBe('₦2,500.50');
    expect(formatKobo(7)).toBe('₦0.07');
  });

  it('first visits or every visit', () => {
    expect(ruleApplies({ rule: 'first' }, 'first')).toBe(true);
    expect(ruleApplies({ rule: 'first' }, 'follow_up')).toBe(false);
    expect(ruleApplies({ rule: 'every' }, 'follow_up')).toBe(true);
    expect(ruleApplies(null, 'first')).toBe(false);
  });

  it('the webhook signature: HMAC-SHA512 of the exact bytes with the secret key, compared in constant time; anything else does not check', () => {
    const raw = Buffer.from('{"event":"charge.success"}');
    const sig = signatureOf('sk_test_key', raw);
    expect(sig).toMatch(/^[0-9a-f]{128}$/);
    expect(checkSignature('sk_test_key', raw, sig)).toBe(true);
    expect(checkSignature('sk_test_key', raw, sig.toUpperCase())).toBe(true);
    expect(checkSignature('sk_test_other', raw, sig)).toBe(false);
    expect(checkSignature('sk_test_key', raw, undefined)).toBe(false);
    expect(checkSignature('sk_test_key', raw, sig.slice(2))).toBe(false);
    expect(checkSignature('sk_test_key', Buffer.from('{"event":"charge.success"} '), sig)).toBe(false);
  });
});
