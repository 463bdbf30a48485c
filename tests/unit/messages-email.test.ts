import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../server/messages/channel';
import { classifyMailError, emailAdapter, type MailToSend } from '../../server/messages/email';
import { visitVariables } from '../../server/messages/templates';

const message: OutgoingMessage = {
  id: 'appt-42:confirmation',
  channel: 'email',
  to: 'ada@example.com',
  kind: 'confirmation',
  variables: visitVariables({
    firstName: 'Ada',
    clinicName: 'Abuja Spine & Wellness Clinic',
    visitStart: new Date('2026-12-02T09:30:00Z'),
    practitioner: 'Dr Chidi Okafor',
    manageLink: 'https://abujaspine.ng/m/7K3QX9PA2D',
    clinicPhone: '0803 123 4567',
  }),
};

const smtpError = (responseCode: number | undefined, code?: string) => Object.assign(new Error('SMTP said no'), { responseCode, code });

describe('the e-mail adapter', () => {
  it('hands the rendered mail to sendMail and answers sent', async () => {
    const sent: MailToSend[] = [];
    const adapter = emailAdapter({ sendMail: async (mail) => void sent.push(mail) });
    const result = await adapter.send(message);
    expect(result).toEqual({ outcome: 'sent', providerId: expect.stringMatching(/^email-/) });
    expect(sent).toEqual([{ to: 'ada@example.com', subject: 'Your visit on Wednesday 2 December at 10:30 am is booked', text: expect.stringContaining('https://abujaspine.ng/m/7K3QX9PA2D') }]);
  });

  it('keeps the transport\'s message id', async () => {
    const adapter = emailAdapter({ sendMail: async () => ({ messageId: '<abc@clinic.example>' }) });
    expect(await adapter.send(message)).toEqual({ outcome: 'sent', providerId: '<abc@clinic.example>' });
  });

  it.each([
    ['SMTP 550 (no such mailbox)', smtpError(550), 'refused'],
    ['a rejected recipient', smtpError(undefined, 'EENVELOPE'), 'refused'],
    ['SMTP 421 (try later)', smtpError(421), 'retry'],
    ['a refused connection', smtpError(undefined, 'ECONNECTION'), 'retry'],
    ['anything else', new Error('boom'), 'retry'],
  ])('classifies %s as %s', async (_label, error, outcome) => {
    expect(classifyMailError(error).outcome).toBe(outcome);
    const adapter = emailAdapter({ sendMail: () => Promise.reject(error) });
    expect((await adapter.send(message)).outcome).toBe(outcome);
  });

  it('answers retry when the transport does not answer in time', async () => {
    const adapter = emailAdapter({ sendMail: () => new Promise(() => {}), timeoutMs: 50 });
    expect(await adapter.send(message)).toMatchObject({ outcome: 'retry', reason: expect.stringMatching(/^timeout/) });
  });

  it('answers retry when the caller stops it', async () => {
    const controller = new AbortController();
    const adapter = emailAdapter({ sendMail: () => new Promise(() => {}) });
    setTimeout(() => controller.abort(), 20);
    expect(await adapter.send(message, controller.signal)).toEqual({ outcome: 'retry', reason: 'stopped by the caller' });
  });

  it('refuses a malformed address without calling the transport', async () => {
    let called = false;
    const adapter = emailAdapter({ sendMail: async () => void (called = true) });
    expect(await adapter.send({ ...message, to: 'not-an-address' })).toMatchObject({ outcome: 'refused' });
    expect(called).toBe(false);
  });
});
