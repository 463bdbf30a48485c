import { describe, expect, it } from 'vitest';
import { patientBookingMail, type PatientMailInput } from '../../server/booking/mails';
import { icsCalendar, visitIcs } from '../../server/platform/ics';
import { visitConfirmation } from '../../server/requests/staff/mails';
import { site } from '../../shared/content/site';
import { one, parseIcs } from '../support/ical';

// The visit files as a calendar library reads them (ical.js): RFC 5545's lines, RFC 5546's
// required properties per METHOD, and texts that come back as they were written.

const NOW = new Date('2026-11-20T08:00:00Z');
const visit = {
  reference: 'BK-7KQ2M',
  visitAt: new Date('2026-12-01T09:30:00Z'),
  endsAt: new Date('2026-12-01T10:30:00Z'),
  host: 'clinic.example',
  address: '12 Example Crescent, Wuse II, Abuja; Nigeria',
  now: NOW,
  manageLink: 'https://clinic.example/booking/manage/abc',
  sequence: 2,
};
const ORGANIZER = `mailto:${site.email}`;

describe('a visit file (METHOD:PUBLISH)', () => {
  const { calendar, events } = parseIcs(visitIcs(visit));
  const event = events[0]!;

  it('names the clinic as ORGANIZER and no ATTENDEE (RFC 5546 3.2.1)', () => {
    expect(one(calendar, 'method').value).toBe('PUBLISH');
    expect(events).toHaveLength(1);
    expect(one(event, 'organizer')).toEqual({ value: ORGANIZER, params: { cn: site.name }, type: 'cal-address' });
    expect(event.attendee).toBeUndefined();
    for (const required of ['dtstamp', 'dtstart', 'summary', 'uid']) one(event, required);
    expect(one(event, 'uid').value).toBe('bk-7kq2m@clinic.example');
    expect(one(event, 'status').value).toBe('CONFIRMED');
    expect(one(event, 'sequence').value).toBe('2');
  });

  it('reads back the texts as written: escaping and folding undone', () => {
    expect(one(event, 'location').value).toBe(visit.address);
    expect(one(event, 'description').value).toBe(`Reference BK-7KQ2M.\nTo change or cancel: ${visit.manageLink} or call ${site.phones[0].display}.\nAddress: ${visit.address}.`);
    expect(one(event, 'dtstart')).toEqual({ value: '2026-12-01T10:30:00', params: { tzid: 'Africa/Lagos' }, type: 'date-time' });
  });
});

describe('a cancelled visit file (METHOD:CANCEL)', () => {
  it('has the ORGANIZER, the patient as ATTENDEE, the SEQUENCE and STATUS:CANCELLED (RFC 5546 3.2.5)', () => {
    const { calendar, events } = parseIcs(visitIcs({ ...visit, cancelled: true, patient: { email: 'ada.obi+clinic@example.com', phone: '+2348031234567' }, bookLink: 'https://clinic.example/book' }));
    const event = events[0]!;
    expect(one(calendar, 'method').value).toBe('CANCEL');
    expect(one(event, 'organizer').value).toBe(ORGANIZER);
    expect(one(event, 'attendee').value).toBe('mailto:ada.obi+clinic@example.com');
    expect(one(event, 'sequence').value).toBe('2');
    expect(one(event, 'status').value).toBe('CANCELLED');
    one(event, 'uid');
    one(event, 'dtstamp');
  });

  it('no longer offers to change or cancel it: it offers a new booking', () => {
    const { events } = parseIcs(visitIcs({ ...visit, cancelled: true, patient: { email: null, phone: '+234 803 123 4567' }, bookLink: 'https://clinic.example/book' }));
    const description = one(events[0]!, 'description').value;
    expect(description).not.toMatch(/change|cancel:|manage/i);
    expect(description).toContain('This visit is cancelled. To book another: https://clinic.example/book or call');
    // Without an e-mail address the patient is named by their phone (a tel: URI).
    expect(one(events[0]!, 'attendee').value).toBe('tel:+2348031234567');
  });

  it('carries a SEQUENCE even for a visit never changed before', () => {
    const { events } = parseIcs(visitIcs({ ...visit, sequence: 0, cancelled: true, patient: { email: 'ada@example.com' } }));
    expect(one(events[0]!, 'sequence').value).toBe('0');
  });
});

describe('the mails’ attachments', () => {
  const input: PatientMailInput = {
    to: 'ada@example.com',
    name: 'Ada Obi',
    reference: 'BK-7KQ2M',
    startsAt: visit.visitAt,
    endsAt: visit.endsAt,
    practitionerName: 'Dr. Adaeze Okafor',
    address: visit.address,
    manageLink: visit.manageLink,
    publicOrigin: 'https://clinic.example',
    sequence: 3,
    now: NOW,
  };
  const attached = (mail: { attachments: { content: string }[] }) => parseIcs(Buffer.from(mail.attachments[0]!.content, 'base64').toString('utf8'));

  it('the cancellation: the file removes the entry for the patient, and the mail links to the booking page', () => {
    const mail = patientBookingMail('cancelled', input);
    const { calendar, events } = attached(mail);
    expect(one(calendar, 'method').value).toBe('CANCEL');
    expect(one(events[0]!, 'attendee').value).toBe('mailto:ada@example.com');
    expect(one(events[0]!, 'organizer').value).toBe(ORGANIZER);
    expect(mail.text).toContain('\nhttps://clinic.example/book\n');
    expect(mail.text).not.toContain(input.manageLink);
  });

  it('the confirmation and the move: ORGANIZER, no ATTENDEE', () => {
    for (const change of ['booked', 'moved'] as const) {
      const { calendar, events } = attached(patientBookingMail(change, input));
      expect(one(calendar, 'method').value).toBe('PUBLISH');
      expect(one(events[0]!, 'organizer').value).toBe(ORGANIZER);
      expect(events[0]!.attendee).toBeUndefined();
    }
  });

  it('the staff inbox’s confirmation (a time agreed on the phone)', () => {
    const mail = visitConfirmation({ to: 'ada@example.com', name: 'Ada', reference: 'APT-7K3Q', visitAt: visit.visitAt, publicOrigin: 'https://clinic.example', address: visit.address, now: NOW });
    const { events } = attached(mail);
    expect(one(events[0]!, 'organizer').value).toBe(ORGANIZER);
    expect(one(events[0]!, 'description').value).toContain(`To change or cancel, call ${site.phones[0].display}`);
  });
});

describe('a subscribed feed', () => {
  it('tells calendars how often to fetch it again: REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL (Outlook)', () => {
    const ics = icsCalendar([{ uid: 'bk-1@clinic.example', start: visit.visitAt, end: visit.endsAt, summary: 'Booked visit', sequence: 1 }], { now: NOW, product: 'Practitioner feed', name: 'Visits: Dr. Adaeze Okafor', refresh: 'PT30M' });
    const { calendar, events } = parseIcs(ics);
    expect(one(calendar, 'refresh-interval')).toEqual({ value: 'PT30M', params: {}, type: 'duration' });
    expect(one(calendar, 'x-published-ttl').value).toBe('PT30M');
    expect(one(calendar, 'x-wr-calname').value).toBe('Visits: Dr. Adaeze Okafor');
    expect(one(events[0]!, 'organizer').value).toBe(ORGANIZER);
  });

  it('a one-off file does not ask to be fetched again', () => {
    const { calendar } = parseIcs(visitIcs(visit));
    expect(calendar['refresh-interval']).toBeUndefined();
    expect(calendar['x-published-ttl']).toBeUndefined();
  });
});

describe('escaping and folding (RFC 5545 3.3.11, 3.1)', () => {
  it('any text comes back as written, however long and whatever it holds', () => {
    const summary = `Visit, with; commas\\backslashes\nand lines — Ọláolúwa Adéṣínà ${'é'.repeat(60)} 🙂`;
    const { events } = parseIcs(icsCalendar([{ uid: 'x@clinic.example', start: visit.visitAt, end: visit.endsAt, summary, description: summary }], { now: NOW }));
    expect(one(events[0]!, 'summary').value).toBe(summary);
    expect(one(events[0]!, 'description').value).toBe(summary);
  });
});
