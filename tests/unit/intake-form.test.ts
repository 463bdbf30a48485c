import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerBlocks, answersAsText, hasRedFlag, postedOf, type IntakeDocument } from '../../shared/intake/answers';
import { DEFAULT_DEFINITION, questionsFromLines } from '../../shared/intake/definition';
import { BODY_REGIONS } from '../../shared/intake/regions';
import { checkBirthDate, checkSection } from '../../shared/intake/schemas';

// The new-patient form's own rules (issue 47): its fields' checks, its questions' ids, the body
// outline's regions and the answers in words.

const context = { definition: DEFAULT_DEFINITION, about: null };
const TODAY = '2026-11-30';

describe('the date of birth', () => {
  it.each([
    [{ day: '7', month: '3', year: '1984' }, { ok: true, date: '1984-03-07' }],
    [{ day: '', month: '', year: '' }, { ok: false, errors: { dobDay: 'Please enter your date of birth.' } }],
    [{ day: '31', month: '2', year: '1984' }, { ok: false, errors: { dobDay: 'That date does not exist. Please check the day and the month.' } }],
    [{ day: '7', month: '13', year: '84' }, { ok: false, errors: { dobMonth: 'Please enter the month as a number from 1 to 12.', dobYear: 'Please enter the year with four digits, for example 1985.' } }],
    [{ day: '1', month: '12', year: '2026' }, { ok: false, errors: { dobYear: 'A date of birth cannot be in the future.' } }],
    [{ day: '1', month: '1', year: '1880' }, { ok: false, errors: { dobYear: 'Please check the year.' } }],
  ])('%o → %o', (fields, expected) => {
    expect(checkBirthDate(fields, TODAY)).toEqual(expected);
  });
});

describe('the sections’ checks', () => {
  it('about you: each field’s message at the field; the emergency contact is someone else', () => {
    const r = checkSection('about', { fullName: '', phone: '0803', email: 'not-an-address', emergencyName: 'Musa', emergencyPhone: '0805 555 0101' }, context);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['email', 'fullName', 'phone']);
    const same = checkSection('about', { fullName: 'Amina Bello', phone: '0803 123 4567', emergencyName: 'Musa', emergencyPhone: '+234 803 123 4567' }, context);
    expect(same).toEqual({ ok: false, errors: { emergencyPhone: expect.stringMatching(/someone else/) } });
  });

  it('the consent to keep health information is a box the patient ticks: never assumed', () => {
    expect(checkSection('privacy', {}, context).ok).toBe(false);
    expect(checkSection('privacy', { dataConsent: 'on' }, context).ok).toBe(false);
    expect(checkSection('privacy', { dataConsent: 'yes' }, context)).toEqual({ ok: true, values: { dataConsent: true } });
  });

  it('where it hurts: only the outline’s regions, in the outline’s order', () => {
    expect(checkSection('visit', { reason: 'Back', duration: 'weeks', regions: ['knee-left', 'lower-back'] }, context)).toMatchObject({ ok: true, values: { regions: ['lower-back', 'knee-left'] } });
    expect(checkSection('visit', { reason: 'Back', duration: 'weeks', regions: ['tail'] }, context)).toMatchObject({ ok: false, errors: { regions: expect.any(String) } });
    expect(checkSection('visit', { reason: '', duration: '' }, context)).toMatchObject({ ok: false, errors: { reason: expect.any(String), duration: expect.any(String) } });
  });

  it('every red-flag question needs its own yes or no; a yes is a red flag', () => {
    const all = Object.fromEntries(DEFAULT_DEFINITION.redFlags.map((q) => [`rf-${q.id}`, 'no']));
    const missing = checkSection('safety', { ...all, [`rf-${DEFAULT_DEFINITION.redFlags[2]!.id}`]: '' }, context);
    expect(missing).toEqual({ ok: false, errors: { [`rf-${DEFAULT_DEFINITION.redFlags[2]!.id}`]: 'Please answer yes or no.' } });
    const yes = checkSection('safety', { ...all, [`rf-${DEFAULT_DEFINITION.redFlags[0]!.id}`]: 'yes' }, context);
    expect(yes.ok).toBe(true);
    if (!yes.ok) return;
    expect(hasRedFlag({ sections: { safety: { version: 1, savedAt: '', values: yes.values } } })).toBe(true);
    expect(postedOf('safety', { version: 1, savedAt: '', values: yes.values })).toMatchObject({ [`rf-${DEFAULT_DEFINITION.redFlags[0]!.id}`]: 'yes' });
  });

  it('the signature is the name given in “About you”; the news need an e-mail address', () => {
    const about = { fullName: 'Amina  Bello', phone: '+2348031234567', email: null, address: '', emergencyName: 'Musa', emergencyRelation: '', emergencyPhone: '+2348055550101' };
    expect(checkSection('consent', { treatment: 'yes', signature: 'amina bello', news: '' }, { ...context, about })).toEqual({ ok: true, values: { treatment: true, signature: 'amina bello', news: false } });
    expect(checkSection('consent', { treatment: 'yes', signature: 'Someone Else', news: 'yes' }, { ...context, about })).toEqual({
      ok: false,
      errors: { signature: expect.stringMatching(/as you gave it/), news: expect.stringMatching(/add your e-mail address/) },
    });
    expect(checkSection('consent', { treatment: '', signature: 'Amina Bello' }, { ...context, about })).toMatchObject({ ok: false, errors: { treatment: expect.any(String) } });
  });
});

describe('questions, regions and answers', () => {
  it('a question’s id is made from its words (so an unchanged question keeps its answers across versions), and is unique', () => {
    const lines = questionsFromLines('Have you ever had cancer?\n\n  Have you ever had cancer?  \nNight pain');
    expect(lines.map((q) => q.id)).toEqual(['have-you-ever-had-cancer', 'have-you-ever-had-cancer-2', 'night-pain']);
    expect(new Set(DEFAULT_DEFINITION.redFlags.map((q) => q.id)).size).toBe(DEFAULT_DEFINITION.redFlags.length);
  });

  it('every region of the outline is in a view, and has its colour rule in body-map.css', () => {
    const css = readFileSync('shared/intake/body-map.css', 'utf8');
    for (const r of BODY_REGIONS) {
      expect(r.front ?? r.back, r.id).toBeTruthy();
      expect(css, r.id).toContain(`.body-map:has(#region-${r.id}:checked) [data-region='${r.id}']`);
    }
  });

  it('the answers in words, each section in the words of the version it answered', () => {
    const v2 = { ...DEFAULT_DEFINITION, consent: { ...DEFAULT_DEFINITION.consent, treatment: 'Version two text' } };
    const doc: IntakeDocument = {
      dob: '1984-03-07',
      sections: {
        visit: { version: 1, savedAt: '2026-11-30T04:00:00.000Z', values: { reason: 'Back', regions: ['lower-back'], duration: 'weeks', severity: '', better: '', worse: '' } },
        consent: { version: 2, savedAt: '2026-11-30T04:10:00.000Z', values: { treatment: true, signature: 'Amina Bello', news: false } },
      },
    };
    const blocks = answerBlocks(doc, new Map([[1, DEFAULT_DEFINITION], [2, v2]]));
    expect(blocks.map((b) => [b.id, b.version])).toEqual([
      ['visit', 1],
      ['consent', 2],
    ]);
    expect(blocks[0]!.rows).toContainEqual({ label: 'Where it hurts', value: ['Lower back'] });
    expect(blocks[1]!.rows).toContainEqual({ label: 'The text agreed to', value: 'Version two text' });
    const text = answersAsText(['Header'], blocks);
    expect(text).toContain('WHY YOU ARE COMING');
    expect(text).toContain('(questions version 2, saved 2026-11-30 04:10 UTC)');
  });
});
