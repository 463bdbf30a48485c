import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../http/logger';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
}

/** One e-mail as the domains write it (their texts) and the outbox keeps it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[] | null;
}

/** Where the outbox worker hands mail: SMTP, .eml files, or memory (tests). */
export interface MailTransport {
  kind: 'smtp' | 'files' | 'memory';
  send(mail: Mail): Promise<void>;
  close?(): void;
}

const toNodemailer = (mail: Mail) => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: 'base64' })),
});

/** SMTP through nodemailer, e.g. `smtps://user:pass@smtp.example.com:465`. */
export function smtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.url, { from: options.from });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(toNodemailer(mail));
    },
    close: () => transporter.close(),
  };
}

/** The embedded default: each mail becomes an .eml file (open it with any mail client) and one log line. */
export function fileTransport(options: { dir: string; from: string; logger: Logger }): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: options.from });
  let seq = 0;
  return {
    kind: 'files',
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      await mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.dir, `${stamp}-${process.pid}-${++seq}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file name and subject only: the recipient's address is personal data.
      options.logger.info('mail written to a file (no SMTP_URL set)', { file, subject: mail.subject });
    },
  };
}

/** The folder where the file transport writes (`${dataDir}/outbox`). */
export const mailFilesDir = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * Erasing a person (NDPA 2023) reaches the mail written to files too: every `.eml` addressed to
 * one of their addresses (lower case) is deleted. Answers how many went.
 */
export async function eraseMailFiles(dir: string, emails: readonly string[]): Promise<number> {
  const theirs = new Set(emails.map((e) => e.toLowerCase()));
  if (!theirs.size) return 0;
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    // The header block, folded lines unfolded; the To and Cc headers' addresses.
    const head = text.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const recipients = head
      .split(/\r?\n/)
      .filter((line) => /^(to|cc):/i.test(line))
      .flatMap((line) => line.match(/[^\s<>,;:"]+@[^\s<>,;"]+/g) ?? [])
      .map((a) => a.toLowerCase());
    if (recipients.some((a) => theirs.has(a))) {
      await unlink(file).catch(() => undefined);
      removed++;
    }
  }
  return removed;
}

/** Keeps mail in an array; `failNext(n)` makes the next n sends throw (tests). */
export function memoryTransport(): MailTransport & { sent: Mail[]; failNext(n: number): void } {
  const sent: Mail[] = [];
  let failures = 0;
  return {
    kind: 'memory',
    sent,
    failNext(n: number) {
      failures = n;
    },
    async send(mail) {
      if (failures > 0) {
        failures--;
        throw new Error('simulated send failure');
      }
      sent.push(mail);
    },
  };
}

/** SMTP when `smtpUrl` is set; .eml files under `${dataDir}/outbox` otherwise. */
export function createMailTransport(options: { smtpUrl: string | null; from: string; dataDir: string; logger: Logger }): MailTransport {
  return options.smtpUrl
    ? smtpTransport({ url: options.smtpUrl, from: options.from })
    : fileTransport({ dir: mailFilesDir(options.dataDir), from: options.from, logger: options.logger });
}
