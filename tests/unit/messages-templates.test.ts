import { describe, expect, it } from 'vitest';
import { manageTokenExpiry, signToken } from '../../server/booking/manage-token';
import { clinicSeed } from '../../server/clinic/seed';
import { MESSAGE_KINDS, type MessageVariables } from '../../server/messages/channel';
import { countSms, isGsm7 } from '../../server/messages/gsm';
import { formatWhen, formatWhenShort, renderEmail, renderSms, renderWhatsApp, SMS_ORIGIN_BUDGET, SMS_TEXTS, SMS_WITH_FORM, visitVariables, WHATSAPP_FORM_TEMPLATES, WHATSAPP_TEMPLATES } from '../../server/messages/templates';
import { shortManagePath } from '../../shared/booking/results';
import { site } from '../../shared/content/site';

// 10:30 WAT on Wednesday 2 December 2026 is 09:30 UTC.
const visitStart = new Date('2026-12-02T09:30:00Z');
const SECRET = 'unit-test-secret-0123456789abcdef0123456789';

/** Typical values: a long first name, a long practitioner's name, a manage link as the worker writes it (booking 4 812, first version). */
const typical: MessageVariables = visitVariables({
  firstName: 'Chukwuemeka',
  clinicName: 'Abuja Spine & Wellness Clinic',
  visitStart,
  practitioner: 'Dr Ngozi Eze-Okafor',
  manageLink: `https://www.abujaspine.ng${shortManagePath(signToken(SECRET, { purpose: 'manage', appointmentId: 4812, version: 1, expiresAt: manageTokenExpiry(visitStart) }))}`,
  clinicPhone: '0803 123 4567',
  address: '12 Aminu Kano Crescent, Wuse 2, Abuja',
  reference: 'APT-7K3Q',
});

describe('time in words, Abuja time', () => {
  it.each([
    ['2026-12-02T09:30:00Z', 'Wednesday 2 December at 10:30 am', 'Wed 2 Dec, 10:30am'],
    ['2026-12-02T11:00:00Z', 'Wednesday 2 December at 12:00 pm', 'Wed 2 Dec, 12:00pm'],
    ['2026-12-02T19:45:00Z', 'Wednesday 2 December at 8:45 pm', 'Wed 2 Dec, 8:45pm'],
    // 23:30 UTC on 1 December is already 00:30 on 2 December in Abuja.
    ['2026-12-01T23:30:00Z', 'Wednesday 2 December at 12:30 am', 'Wed 2 Dec, 12:30am'],
    ['2026-12-31T23:15:00Z', 'Friday 1 January at 12:15 am', 'Fri 1 Jan, 12:15am'],
  ])('%s → %s', (iso, long, short) => {
    expect(formatWhen(new Date(iso))).toBe(long);
    expect(formatWhenShort(new Date(iso))).toBe(short);
  });
});

// Words that would reveal why someone sees a chiropractor, if a template ever said them.
const HEALTH_WORDS = /\b(pain|back|neck|spine|spinal|injur\w*|treat\w*|therap\w*|diagnos\w*|condition|symptom\w*|adjustment|x-?ray|prescription|health|medical)\b/i;
/**
 * The longest values a message can carry: the clinic's name, the longest practitioner's name of
 * the clinic's data, a long first name, the longest date and time in words, the longest booking
 * reference, and the longest manage link: the worker's short address with the largest ids and
 * versions the token is written for, on an origin of SMS_ORIGIN_BUDGET characters.
 */
const longestOf = (values: readonly string[]) => values.reduce((a, b) => (b.length > a.length ? b : a), '');
const LONGEST_ORIGIN = `https://www.${'a'.repeat(SMS_ORIGIN_BUDGET - 'https://www.'.length - '.ng'.length)}.ng`;
const longestWhen = (() => {
  // Every quarter hour of a year: each weekday, month, one- and two-digit day and hour.
  const times: Date[] = [];
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000) times.push(new Date(t));
  return times.reduce((a, b) => (formatWhenShort(b).length > formatWhenShort(a).length ? b : a));
})();
const longest: MessageVariables = visitVariables({
  firstName: 'Oluwaseyifunmi',
  clinicName: site.name,
  visitStart: longestWhen,
  practitioner: longestOf(clinicSeed.practitioners.map((p) => p.name)),
  manageLink: `${LONGEST_ORIGIN}${shortManagePath(signToken(SECRET, { purpose: 'manage', appointmentId: 2 ** 35 - 1, version: 2 ** 14 - 1, expiresAt: new Date((2 ** 35 - 1) * 1000) }))}`,
  clinicPhone: longestOf(site.phones.map((p) => p.display)),
  address: '12 Aminu Kano Crescent, Wuse 2, Abuja',
  reference: 'BK-7KQ2M',
});

/** A shorter clinic name and origin: room for the first name. */
const roomy: MessageVariables = { ...typical, manageLink: 'https://clinic.example/m/AbCdEfGhIjKlMnOpQrStUvWxYz01', clinicName: 'Spine & Wellness' };

describe('the longest values', () => {
  it('are as long as the SMS texts are written for', () => {
    expect(LONGEST_ORIGIN).toHaveLength(SMS_ORIGIN_BUDGET);
    expect(longest.whenShort).toHaveLength(19);
    expect(longest.manageLink).toHaveLength(SMS_ORIGIN_BUDGET + '/m/'.length + 32);
  });
});

/** Neutral values, so any health word found comes from the template's own text. */
const neutral: MessageVariables = {
  firstName: 'Ada', clinicName: 'The Clinic', when: 'Wednesday 2 December at 10:30 am', whenShort: 'Wed 2 Dec, 10:30am',
  practitioner: 'Dr Eze', manageLink: 'https://clinic.example/m/abc', clinicPhone: '0803 123 4567', address: '12 Example Road, Abuja', reference: 'APT-1',
};

describe.each(MESSAGE_KINDS)('the %s messages', (kind) => {
  it('SMS: one GSM-7 segment with typical values, saying when, where and how to change it', () => {
    const text = renderSms(kind, typical);
    const count = countSms(text);
    expect(count, text).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(text).toContain(typical.manageLink);
    expect(text).toContain(typical.whenShort);
    expect(text).toContain(typical.clinicName);
  });

  it('SMS: one GSM-7 segment with the longest values, saying when, where and how to change it', () => {
    const text = renderSms(kind, longest);
    expect(countSms(text), text).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(text).toContain(longest.whenShort);
    expect(text).toContain(longest.clinicName);
    expect(text).toContain(longest.manageLink);
  });

  it('SMS: every wording, richest to leanest, is GSM-7 in its own words and leaner than the one before', () => {
    const lengths = SMS_TEXTS[kind].map((render) => {
      const text = render(neutral);
      expect(isGsm7(text), text).toBe(true);
      for (const needed of [neutral.whenShort, neutral.clinicName, neutral.manageLink]) expect(text).toContain(needed);
      return render(longest).length;
    });
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    expect(new Set(lengths).size).toBe(lengths.length);
  });

  it('SMS: the patient’s first name when there is room', () => {
    expect(renderSms(kind, roomy)).toContain('Chukwuemeka');
  });

  it('SMS: names outside GSM-7 are spelt in it rather than making the text UCS-2', () => {
    const text = renderSms(kind, { ...roomy, firstName: 'Ọlá', practitioner: 'Dr Adéṣínà Ọ̀ṣun' });
    expect(countSms(text).encoding).toBe('gsm7');
    expect(text).toContain('Ola');
  });

  it('SMS: a very long link still goes out, whole, in more segments', () => {
    const manageLink = `https://www.abujaspine.ng/manage/${'x'.repeat(120)}`;
    const text = renderSms(kind, { ...typical, manageLink });
    expect(text).toContain(manageLink);
    expect(countSms(text).segments).toBeGreaterThan(1);
  });

  it('WhatsApp: the parameters match the template body, in order, with the link', () => {
    const template = WHATSAPP_TEMPLATES[kind];
    const placeholders = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
    const rendered = renderWhatsApp(kind, typical);
    expect(placeholders).toEqual(placeholders.map((_, i) => i + 1));
    expect(rendered.parameters).toHaveLength(placeholders.length);
    expect(rendered.parameters).toContain(typical.manageLink);
    expect(rendered.text).not.toMatch(/\{\{/);
    expect(rendered.text).toContain(typical.manageLink);
    // Meta refuses bodies that start or end with a parameter.
    expect(template.body).not.toMatch(/^\{\{|\}\}$/);
    expect(template.name).toMatch(/^[a-z0-9_]{1,512}$/);
  });

  it('WhatsApp: parameters carry no line breaks or tabs (Meta refuses them)', () => {
    const rendered = renderWhatsApp(kind, { ...typical, firstName: 'Ada\nObi', practitioner: 'Dr\tEze     Okafor' });
    for (const p of rendered.parameters) expect(p).not.toMatch(/[\n\t]| {2,}/);
    expect(rendered.parameters[0]).toBe('Ada Obi');
  });

  it('e-mail: a subject and a text with the link and the clinic phone', () => {
    const mail = renderEmail(kind, typical);
    expect(mail.subject.length).toBeGreaterThan(10);
    expect(mail.subject).not.toMatch(/\n/);
    expect(mail.text).toContain(typical.manageLink);
    expect(mail.text).toContain(typical.clinicPhone);
    expect(mail.text.startsWith('Hello Chukwuemeka,')).toBe(true);
  });

  it('says nothing about health in any channel', () => {
    const texts = [renderSms(kind, neutral), renderWhatsApp(kind, neutral).text, renderEmail(kind, neutral).subject, renderEmail(kind, neutral).text];
    for (const text of texts) expect(text).not.toMatch(HEALTH_WORDS);
  });
});

describe('the e-mail details', () => {
  it('gives the address and the reference when known', () => {
    const text = renderEmail('confirmation', typical).text;
    expect(text).toContain('When: Wednesday 2 December at 10:30 am (Abuja time)');
    expect(text).toContain('With: Dr Ngozi Eze-Okafor');
    expect(text).toContain('Where: Abuja Spine & Wellness Clinic, 12 Aminu Kano Crescent, Wuse 2, Abuja');
    expect(text).toContain('Reference: APT-7K3Q');
  });

  it('leaves out what is not known', () => {
    const { address: _a, reference: _r, ...rest } = typical;
    const text = renderEmail('reminder', rest).text;
    expect(text).toContain('Where: Abuja Spine & Wellness Clinic\n');
    expect(text).not.toContain('Reference');
  });
});

describe('the SMS texts', () => {
  it('add the practitioner and the clinic phone when there is room, and drop them when there is not', () => {
    const short = { ...typical, firstName: 'Ada', clinicName: 'Spine Clinic', practitioner: 'Dr Eze', manageLink: 'https://abujaspine.ng/m/7K3QX9' };
    expect(renderSms('confirmation', short)).toBe('Hi Ada, your visit to Spine Clinic with Dr Eze is booked for Wed 2 Dec, 10:30am. To change or cancel: https://abujaspine.ng/m/7K3QX9 Call 0803 123 4567');
    expect(renderSms('confirmation', typical)).toBe(`Your visit to Abuja Spine & Wellness Clinic is booked for Wed 2 Dec, 10:30am. To change or cancel: ${typical.manageLink}`);
    expect(renderSms('confirmation', longest)).toBe(`Booked: visit to Abuja Spine & Wellness Clinic, ${longest.whenShort}. Change or cancel: ${longest.manageLink}`);
  });
});

// Issue 47: a first visit's confirmation and day-before reminder ask for the new-patient form while it is not done.
describe.each(['confirmation', 'reminder'] as const)('the %s of a first visit, with the new-patient form’s link', (kind) => {
  const withForm: MessageVariables = { ...typical, formLink: `${typical.manageLink}/form` };

  it('WhatsApp: its own template (Meta approves a body as it is), every parameter in order, the form’s link before the manage link', () => {
    const template = WHATSAPP_FORM_TEMPLATES[kind]!;
    const rendered = renderWhatsApp(kind, withForm);
    expect(rendered.template).toBe(template.name);
    expect(template.name).toMatch(/^[a-z0-9_]{1,512}$/);
    expect(template.name).not.toBe(WHATSAPP_TEMPLATES[kind].name);
    const placeholders = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
    expect(placeholders).toEqual(placeholders.map((_, i) => i + 1));
    expect(rendered.parameters).toHaveLength(placeholders.length);
    expect(template.body).not.toMatch(/^\{\{|\}\}$/);
    expect(rendered.text.indexOf(withForm.formLink!)).toBeLessThan(rendered.text.lastIndexOf(typical.manageLink + '\n'));
    expect(rendered.text).toContain('new-patient form');
    // Without the link (a follow-up, or the form is done) the usual template.
    expect(renderWhatsApp(kind, typical).template).toBe(WHATSAPP_TEMPLATES[kind].name);
  });

  it('SMS: the form’s link (its page links to the booking), in one GSM-7 segment with typical values and with the longest', () => {
    for (const v of [withForm, { ...longest, formLink: `${longest.manageLink}/form` }]) {
      const text = renderSms(kind, v);
      expect(text).toContain(v.formLink);
      expect(text).toContain(v.whenShort);
      expect(text).toContain(v.clinicName);
      expect(countSms(text), text).toMatchObject({ encoding: 'gsm7', segments: 1 });
    }
  });

  it('SMS: every wording with the form, richest to leanest, is GSM-7 in its own words and leaner than the one before', () => {
    const v = { ...neutral, formLink: `${neutral.manageLink}/form` };
    const lengths = SMS_WITH_FORM[kind]!.map((render) => {
      const text = render(v);
      expect(isGsm7(text), text).toBe(true);
      for (const needed of [v.whenShort, v.clinicName, v.formLink]) expect(text).toContain(needed);
      return render({ ...longest, formLink: `${longest.manageLink}/form` }).length;
    });
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    expect(new Set(lengths).size).toBe(lengths.length);
  });

  it('e-mail: the form asked for before the manage link', () => {
    const text = renderEmail(kind, withForm).text;
    expect(text).toContain(`Before your first visit, please fill in our new-patient form (about 10 minutes; it saves as you go):\n${withForm.formLink}`);
    expect(text.indexOf(withForm.formLink!)).toBeLessThan(text.lastIndexOf(typical.manageLink));
  });

  it('says nothing about health in any channel', () => {
    const v = { ...neutral, formLink: `${neutral.manageLink}/form` };
    for (const text of [renderSms(kind, v), renderWhatsApp(kind, v).text, renderEmail(kind, v).text]) expect(text).not.toMatch(HEALTH_WORDS);
  });
});
