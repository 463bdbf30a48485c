import { describe, expect, it } from 'vitest';
import { isEmailAddress, mailtoHref } from '../../shared/platform/email-address';
import { checkFields, email } from '../../shared/platform/form-fields';
import { z } from 'zod';

// Issue 34, defect 7: the e-mail check accepted `ada@gmail.com?bcc=spy%40evil.test&subject=…`,
// which the staff detail page put into a mailto: link, silently copying a staff reply elsewhere.

describe('isEmailAddress (the WHATWG input[type=email] rule, without ? & quotes)', () => {
  it.each(['name@example.com', 'a.b+c@clinic.example.ng', 'ada_obi-2@mail.example.co.uk', 'X@EXAMPLE.COM', 'o.brien@example.com'])('accepts %j', (v) => {
    expect(isEmailAddress(v)).toBe(true);
  });

  it.each([
    'ada@gmail.com?bcc=spy%40evil.test&subject=hi',
    'ada@gmail.com?bcc=spy@evil.test',
    'a&b@example.com',
    'what?@example.com',
    "o'brien@example.com",
    '"quoted"@example.com',
    'a`b@example.com',
    'ada@example.com\n',
    'ada\u0000@example.com',
    'ada\t@example.com',
    'ada@exa mple.com',
    'ada@example',
    'ada@example.c',
    'ada@-example.com',
    'ada@example-.com',
    'ada@example..com',
    '.ada@example.com',
    'ada.@example.com',
    'a..da@example.com',
    'ada@@example.com',
    'ada@example.com@evil.test',
    `${'a'.repeat(65)}@example.com`,
    `ada@${'a'.repeat(250)}.com`,
    'ada@exämple.com',
  ])('refuses %j', (v) => {
    expect(isEmailAddress(v)).toBe(false);
  });

  it('is what every form’s e-mail field checks', () => {
    const schema = z.object({ email: email(true) });
    expect(checkFields(schema, { email: 'ada@gmail.com?bcc=spy%40evil.test' })).toMatchObject({ ok: false, errors: { email: expect.stringContaining('valid e-mail address') } });
    expect(checkFields(schema, { email: ' ada@example.com ' })).toEqual({ ok: true, data: { email: 'ada@example.com' } });
  });
});

describe('mailtoHref', () => {
  it('encodes everything but the @, so nothing in an address can add a header or a recipient', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com');
    expect(mailtoHref('a+b@example.com')).toBe('mailto:a%2Bb@example.com');
    expect(mailtoHref('ada@gmail.com?bcc=spy@evil.test&subject=x')).toBe('mailto:ada@gmail.com%3Fbcc%3Dspy%40evil.test%26subject%3Dx');
  });
});
