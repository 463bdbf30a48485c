import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/platform/http/logger';
import type { OutgoingMessage } from '../../server/messages/channel';
import { eraseSinkLines, sinkAdapter, sinkFile, type SinkRecord } from '../../server/messages/sink';
import { visitVariables } from '../../server/messages/templates';

const variables = visitVariables({
  firstName: 'Ada',
  clinicName: 'Abuja Spine & Wellness Clinic',
  visitStart: new Date('2026-12-02T09:30:00Z'),
  practitioner: 'Dr Chidi Okafor',
  manageLink: 'https://abujaspine.ng/m/7K3QX9PA2D',
  clinicPhone: '0803 123 4567',
});

const msg = (overrides: Partial<OutgoingMessage>): OutgoingMessage => ({ id: 'appt-42:reminder-120', channel: 'whatsapp', to: '+2348031234567', kind: 'reminder', variables, ...overrides });

describe('the local sink', () => {
  let dir: string;
  let lines: string[];
  const logger = () => createLogger((line) => lines.push(line));
  const now = () => new Date('2026-12-02T07:30:00Z');

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'messages-sink-'));
    lines = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = (channel: OutgoingMessage['channel']) =>
    readFileSync(sinkFile(dir, channel), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SinkRecord);

  it('writes a WhatsApp message as one JSON line, with the template and its parameters, and answers sent', async () => {
    const result = await sinkAdapter('whatsapp', { dataDir: dir, logger: logger(), now }).send(msg({}));
    expect(result).toEqual({ outcome: 'sent', providerId: expect.stringMatching(/^sink-[0-9a-f-]{36}$/) });
    const [record, ...rest] = read('whatsapp');
    expect(rest).toHaveLength(0);
    expect(record).toEqual({
      time: '2026-12-02T07:30:00.000Z',
      channel: 'whatsapp',
      to: '+2348031234567',
      kind: 'reminder',
      reference: 'appt-42:reminder-120',
      template: {
        name: 'appointment_reminder_reply',
        parameters: ['Ada', 'Abuja Spine & Wellness Clinic', 'Wednesday 2 December at 10:30 am', 'Dr Chidi Okafor', 'https://abujaspine.ng/m/7K3QX9PA2D', '0803 123 4567'],
      },
      text: expect.stringContaining('a friendly reminder of your visit'),
      variables,
      status: 'sent',
      providerId: result.outcome === 'sent' ? result.providerId : '',
    });
    expect(path.relative(dir, sinkFile(dir, 'whatsapp'))).toBe(path.join('messages', 'whatsapp.jsonl'));
  });

  it('writes SMS with the text and its segment count, and appends line after line', async () => {
    const sink = sinkAdapter('sms', { dataDir: dir, logger: logger(), now });
    await sink.send(msg({ channel: 'sms', kind: 'confirmation', id: 'a:1' }));
    await sink.send(msg({ channel: 'sms', kind: 'cancellation', id: 'a:2' }));
    const records = read('sms');
    expect(records.map((r) => [r.reference, r.kind, r.sms])).toEqual([
      ['a:1', 'confirmation', { encoding: 'gsm7', segments: 1 }],
      ['a:2', 'cancellation', { encoding: 'gsm7', segments: 1 }],
    ]);
    expect(records[0]?.text).toContain('https://abujaspine.ng/m/7K3QX9PA2D');
  });

  it('writes e-mail with its subject', async () => {
    await sinkAdapter('email', { dataDir: dir, logger: logger(), now }).send(msg({ channel: 'email', to: 'ada@example.com', kind: 'change' }));
    expect(read('email')[0]).toMatchObject({ channel: 'email', to: 'ada@example.com', subject: 'Your visit has moved to Wednesday 2 December at 10:30 am' });
  });

  it('logs one line without the number (last 3 digits only) or the message', async () => {
    await sinkAdapter('sms', { dataDir: dir, logger: logger(), now }).send(msg({ channel: 'sms' }));
    expect(lines).toHaveLength(1);
    const log = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(log).toMatchObject({ level: 'info', msg: 'message written to the local sink', channel: 'sms', kind: 'reminder', to: '+**********567', reference: 'appt-42:reminder-120' });
    expect(lines[0]).not.toContain('2348031234567');
    expect(lines[0]).not.toContain('Ada');
    expect(lines[0]).not.toContain('7K3QX9PA2D');
  });

  it('masks an e-mail address in the log', async () => {
    await sinkAdapter('email', { dataDir: dir, logger: logger(), now }).send(msg({ channel: 'email', to: 'ada.obi@example.com' }));
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ to: 'a***@example.com' });
  });

  it('refuses what a real provider would refuse, and writes nothing', async () => {
    const sink = sinkAdapter('whatsapp', { dataDir: dir, logger: logger(), now });
    expect(await sink.send(msg({ to: '0803 123 4567' }))).toMatchObject({ outcome: 'refused' });
    expect(await sink.send(msg({ channel: 'sms' }))).toMatchObject({ outcome: 'refused' });
    expect(() => read('whatsapp')).toThrow(/ENOENT/);
    expect(lines).toHaveLength(0);
  });

  it('answers retry when it cannot write', async () => {
    // A data directory that is a file: mkdir fails.
    const file = path.join(dir, 'not-a-dir');
    writeFileSync(file, '');
    expect(await sinkAdapter('whatsapp', { dataDir: file, logger: logger() }).send(msg({}))).toMatchObject({ outcome: 'retry', reason: expect.stringMatching(/^sink write failed/) });
    expect(lines).toHaveLength(0);
  });
  it('erasing a person removes the lines sent to their phone or address, and never a line written meanwhile', async () => {
    const sink = sinkAdapter('whatsapp', { dataDir: dir, logger: logger(), now });
    for (let i = 0; i < 5; i++) await sink.send(msg({ id: `theirs-${i}`, to: '+2348031234567' }));
    await sink.send(msg({ id: 'someone-else', to: '+2348099990000' }));
    // Sends and the erasure at once: the rewrite waits for the appends before it, and those after it wait for the rewrite.
    const [removed] = await Promise.all([eraseSinkLines(dir, { emails: [], phone: '+2348031234567' }), ...Array.from({ length: 20 }, (_, i) => sink.send(msg({ id: `later-${i}`, to: '+2348099990000' })))]);
    expect(removed).toBe(5);
    const kept = read('whatsapp');
    expect(kept.map((r) => r.to)).not.toContain('+2348031234567');
    expect(kept.map((r) => r.reference).sort()).toEqual(['someone-else', ...Array.from({ length: 20 }, (_, i) => `later-${i}`)].sort());
    expect(await eraseSinkLines(dir, { emails: ['nobody@example.com'], phone: null })).toBe(0);
  });
});
