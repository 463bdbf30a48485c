import request from 'supertest';
import { expect } from 'vitest';
import type { App } from '../../server/app/app';
import { DEFAULT_DEFINITION, type SectionId } from '../../shared/intake/definition';
import { formPath } from '../../shared/intake/routes';
import type { SessionUser } from '../../shared/platform/session';

/** The new-patient form through the app, as a browser posts it (issue 47). */

export const people: Record<'frontDesk' | 'treating' | 'otherPractitioner' | 'admin' | 'editor' | 'patient', SessionUser> = {
  frontDesk: { uid: 'u-desk', displayName: 'Ngozi Nwosu', email: 'desk@clinic.example', role: 'staff' },
  treating: { uid: 'u-okafor', displayName: 'Dr. Adaeze Okafor', email: 'okafor@clinic.example', role: 'staff', practitionerId: 'adaeze-okafor' },
  otherPractitioner: { uid: 'u-bakare', displayName: 'Tunde Bakare', email: 'bakare@clinic.example', role: 'staff', practitionerId: 'tunde-bakare' },
  admin: { uid: 'u-admin', displayName: 'Halima Bello', email: 'admin@clinic.example', role: 'admin' },
  editor: { uid: 'u-editor', displayName: 'Ife Ojo', email: 'editor@clinic.example', role: 'editor' },
  patient: { uid: 'u-patient', displayName: 'Amina Bello', email: 'amina@example.com' },
};

/** The date of birth the patient gives: as typed, and how it would be stored if it ever were in clear. */
export const DOB = { dobDay: '7', dobMonth: '3', dobYear: '1984' };
export const DOB_IN_CLEAR = ['1984-03-07', '07/03/1984', '7 March 1984'];

export type Fields = Record<string, string | string[]>;

/** Answers distinctive enough that finding one anywhere (a dump, a log line) is certainly a leak. */
export const ANSWERS = {
  about: { fullName: 'Amina Bello', phone: '0803 123 4567', email: 'amina@example.com', address: '14 Quillfeather Close, Garki', emergencyName: 'Obadiah Zephyrine', emergencyRelation: 'Brother', emergencyPhone: '0805 555 0101' },
  privacy: { dataConsent: 'yes' },
  visit: { reason: 'Stabbing ache after lifting the generator', regions: ['lower-back', 'knee-left'], duration: 'weeks', severity: '6', better: 'Warm compresses help', worse: 'Long drives in my Peugeot' },
  history: { conditions: ['diabetes'], conditionsOther: 'Sickle trait noted in Jos', medications: 'Metformin 500 mg twice daily', allergies: 'Penicillin gives me hives', surgeries: 'Appendix removed at Wuse General' },
  safety: safety([]),
  consent: { treatment: 'yes', signature: 'Amina Bello', news: '' },
} satisfies Record<SectionId, Fields>;

/** What no dump, log or mail may hold in clear: the answers a patient typed (their name and phone are the booking's, in clear by design). */
export const ANSWER_NEEDLES = ['Quillfeather', 'Obadiah', 'Zephyrine', '8055550101', 'Stabbing ache', 'generator', 'Warm compresses', 'Peugeot', 'Sickle trait', 'Metformin', 'Penicillin', 'Appendix', ...DOB_IN_CLEAR];

/** The red-flag section with a yes to the questions at these indexes. */
export function safety(yes: readonly number[]): Fields {
  return Object.fromEntries(DEFAULT_DEFINITION.redFlags.map((q, i) => [`rf-${q.id}`, yes.includes(i) ? 'yes' : 'no']));
}

export const encode = (fields: Fields) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return body.toString();
};

/** The form's session cookie from a response (`intake-<id>=…`), for the next request. */
export function sessionOf(res: request.Response): string {
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('intake-'));
  expect(cookie, 'a form session cookie').toBeTruthy();
  return cookie!.split(';')[0]!;
}

export function formClient(app: App, token: string) {
  const url = formPath(token);
  const post = (fields: Fields, cookie = '', search = '') => request(app).post(`${url}${search}`).set('Cookie', cookie).type('form').send(encode(fields));
  return {
    url,
    get: (cookie = '', search = '') => request(app).get(`${url}${search}`).set('Cookie', cookie),
    post,
    /** Gives (or confirms) the date of birth; answers the cookie of the opened form. */
    async open(dob: Record<string, string> = DOB): Promise<string> {
      const res = await post({ intent: 'gate', ...dob });
      expect(res.status, res.text.slice(0, 300)).toBe(303);
      return sessionOf(res);
    },
    save: (cookie: string, section: SectionId, fields: Fields) => post({ intent: 'save', section, ...fields }, cookie, `?section=${section}`),
    /** Every section, in order, each expected to be saved (303). */
    async fillAll(cookie: string, overrides: Partial<Record<SectionId, Fields>> = {}) {
      for (const section of Object.keys(ANSWERS) as SectionId[]) {
        const res = await post({ intent: 'save', section, ...ANSWERS[section], ...overrides[section] }, cookie, `?section=${section}`);
        expect(res.status, `${section}: ${res.text.slice(0, 400)}`).toBe(303);
      }
    },
  };
}
