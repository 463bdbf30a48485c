import { describe, expect, it } from 'vitest';
import type { AppointmentRow } from '../../server/booking/schema';
import { countSms } from '../../server/messages/gsm';
import { answerOf, readReply } from '../../server/messages/replies';
import type { ReplyOutcome } from '../../server/messages/schema';
import { courseDates } from '../../server/messages/templates';
import { lagosMoment } from '../../shared/booking/time';

// What a reply asks for, the answers' words, and a course's dates in one line (ADR 0050).

describe('readReply', () => {
  it.for([
    [{ text: '1', payload: null }, 'confirm', null],
    [{ text: ' 2 ', payload: null }, 'cancel', null],
    [{ text: '2.', payload: null }, 'cancel', null],
    [{ text: 'Confirm', payload: 'confirm:bk-7k3qx' }, 'confirm', 'BK-7K3QX'],
    [{ text: 'Cancel', payload: 'cancel:BK-7K3QX' }, 'cancel', 'BK-7K3QX'],
    [{ text: 'CANCEL', payload: null }, null, null],
    [{ text: 'STOP', payload: null }, null, null],
    [{ text: '12', payload: null }, null, null],
    [{ text: 'yes', payload: null }, null, null],
    [{ text: null, payload: 'delete:BK-7K3QX' }, null, null],
  ] as const)('%o → %s', ([reply, intent, reference]) => {
    expect(readReply(reply)).toEqual({ intent, reference });
  });
});

describe('answerOf', () => {
  const visit = { startsAt: new Date(lagosMoment('2026-12-01', '14:00')), patientName: 'Chukwuemeka Obiora-Adeyemi', status: 'booked', reference: 'BK-7K3QX' } as AppointmentRow;
  const base = { visit, manageToken: 'AbCdEfGhIjKlMnOpQrStUv', clinic: { name: 'Abuja Spine & Wellness Clinic', phone: '+234 803 123 4567' }, publicOrigin: 'https://www.abujaspineclinic.com.ng', practitioner: 'Dr Adaeze Okafor' };
  const outcomes: ReplyOutcome[] = ['confirmed', 'cancelled', 'inside-notice', 'not-open', 'no-visit', 'unknown-number', 'not-understood'];

  it.for(outcomes)('%s by SMS is GSM-7 in at most two segments, and on WhatsApp names the clinic', (outcome) => {
    const sms = answerOf(outcome, { ...base, channel: 'sms' });
    expect(countSms(sms).encoding).toBe('gsm7');
    expect(countSms(sms).segments).toBeLessThanOrEqual(2);
    expect(answerOf(outcome, { ...base, channel: 'whatsapp' })).toContain('Abuja Spine & Wellness Clinic');
  });

  it('inside the notice gives the clinic’s number; a cancelled visit says nothing changed', () => {
    expect(answerOf('inside-notice', { ...base, channel: 'whatsapp' })).toContain('call us on +234 803 123 4567');
    expect(answerOf('not-open', { ...base, visit: { ...visit, status: 'cancelled' }, channel: 'whatsapp' })).toContain('was already cancelled, so nothing has changed');
  });
});

describe('courseDates', () => {
  const at = (date: string, time: string) => new Date(lagosMoment(date, time));
  it('one time of day once at the end; each its time when they differ', () => {
    expect(courseDates([at('2026-12-08', '09:30'), at('2026-12-11', '09:30')])).toBe('Tue 8 Dec and Fri 11 Dec at 9:30am');
    expect(courseDates([at('2026-12-08', '09:30'), at('2026-12-11', '14:00'), at('2026-12-15', '09:30')])).toBe('Tue 8 Dec 9:30am, Fri 11 Dec 2:00pm and Tue 15 Dec 9:30am');
    expect(courseDates([at('2026-12-08', '09:30')])).toBe('Tue 8 Dec at 9:30am');
  });
});
