import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, silentLogger } from '../../server/platform/http/logger';
import { createMailTransport } from '../../server/platform/mail/transport';
import { processOutbox } from '../../server/platform/mail/outbox';
import { submit } from '../support/submit';
import { openTestStore, type TestStore } from '../support/test-store';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('mail transports', () => {
  let t: TestStore;
  let smtp: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    t = await openTestStore('pglite');
    // A local SMTP sink: accepts everything, keeps the raw messages.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t?.cleanup();
  });

  it('delivers the outbox over SMTP when SMTP_URL is set', async () => {
    const { store } = t;
    const { reference } = await submit(store, {
      kind: 'quote',
      idempotencyKey: 'smtp-test-1',
      payload: { details: 'private' },
      notify: { to: 'inbox@clinic.example', publicOrigin: 'https://clinic.example' },
    });
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Clinic <no-reply@clinic.example>', dataDir: t.dataDir, logger: silentLogger });
    expect(transport.kind).toBe('smtp');
    expect(await processOutbox(store, transport, silentLogger)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    transport.close?.();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@clinic.example', to: ['inbox@clinic.example'] });
    expect(received[0]!.raw).toContain(`Subject: New quote request ${reference}`);
    expect(received[0]!.raw).toContain(`https://clinic.example/staff/requests/${reference}`);
    expect(received[0]!.raw).not.toContain('private');
  });

  it('writes .eml files and logs one line naming the file when no SMTP server is set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-eml-'));
    const lines: string[] = [];
    try {
      const transport = createMailTransport({ smtpUrl: null, from: 'Clinic <no-reply@clinic.example>', dataDir, logger: createLogger((line) => lines.push(line)) });
      expect(transport.kind).toBe('files');
      await transport.send({
        to: 'someone@example.com',
        subject: 'Your order',
        text: 'Thank you',
        attachments: [{ filename: 'order.txt', contentType: 'text/plain', content: Buffer.from('one pillow').toString('base64') }],
      });
      const files = readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(eml).toContain('Subject: Your order');
      expect(eml).toContain('To: someone@example.com');
      expect(eml).toContain('filename=order.txt');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ msg: expect.stringContaining('mail written'), file: path.join(dataDir, 'outbox', files[0]!) });
      expect(lines[0]).not.toContain('someone@example.com');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
