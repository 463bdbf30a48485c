import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkFields, email, optional, phone, required } from '../../shared/platform/form-fields';

// The field builders every form's schema is made of (shared/platform/form-fields.ts): they run
// in the browser as the first check and on the server, which decides.
describe('the field builders', () => {
  const schema = z.object({ name: required('your name', 120), note: optional('the note', 50), email: email(false), phone: phone(false) });

  it.each(['name', 'note', 'email', 'phone'] as const)('refuse a NUL or a lone surrogate in %s at that field, before any other check', (field) => {
    for (const bad of ['Ada\u0000', '\uD800Ada']) {
      const checked = checkFields(schema, { name: 'Ada', note: '', email: '', phone: '', [field]: bad });
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(Object.entries(checked.errors)).toEqual([[field, expect.stringContaining('character we cannot store')]]);
    }
  });

  it('keep emoji and other characters written as surrogate pairs', () => {
    expect(checkFields(schema, { name: 'Ada 👋🏾', note: 'ọ̀ ẹ́ ŋ', email: '', phone: '' })).toMatchObject({ ok: true, data: { name: 'Ada 👋🏾' } });
  });
});
