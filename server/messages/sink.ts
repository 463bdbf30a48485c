/**
 * The embedded default: a local sink per channel. Each message becomes one JSON line in
 * `<dataDir>/messages/<channel>.jsonl` (what would have been sent, exactly as the real
 * adapter renders it) and one log line, so `npm run dev` shows every confirmation and
 * reminder with nothing to sign up for. It always answers 'sent' (a failing disk answers
 * 'retry'); it never contacts anyone.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../platform/http/logger';
import { checkMessage, isE164, maskDestination, type Channel, type ChannelAdapter, type MessageKind, type MessageVariables, type OutgoingMessage, type SendResult } from './channel';
import { countSms } from './gsm';
import { renderCodeSms, renderCodeWhatsApp, renderEmail, renderSms, renderWhatsApp } from './templates';

/** One line of `<channel>.jsonl`. */
export interface SinkRecord {
  time: string;
  channel: Channel;
  to: string;
  /** A visit's message, a one-time code (issue 44), or the answer to a patient's reply (issue 46). */
  kind: MessageKind | 'code' | 'reply';
  /** The code itself, so development can type it back (a sink stands in for the patient's phone). */
  code?: string;
  /** The caller's message id. */
  reference: string;
  /** WhatsApp: the template and its ordered parameters. */
  template?: { name: string; parameters: string[] };
  /** E-mail: the subject. */
  subject?: string;
  /** What the patient would read. */
  text: string;
  /** SMS: encoding and segments the text would take. */
  sms?: { encoding: 'gsm7' | 'ucs2'; segments: number };
  variables?: MessageVariables;
  status: 'sent';
  providerId: string;
}

export const sinkFile = (dataDir: string, channel: Channel) => path.join(dataDir, 'messages', `${channel}.jsonl`);

/**
 * One file's appends and rewrites, one after another within this process (the sink's only
 * writer): an erasure's rewrite never drops a line appended meanwhile.
 */
const queues = new Map<string, Promise<unknown>>();
function inTurn<T>(file: string, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(file) ?? Promise.resolve()).then(work, work);
  const settled = next.catch(() => undefined);
  queues.set(file, settled);
  void settled.then(() => {
    if (queues.get(file) === settled) queues.delete(file);
  });
  return next;
}

/**
 * Erasing a person (NDPA 2023) reaches the sinks too: every line sent to one of their
 * destinations (their phone in E.164, an e-mail address in lower case) is removed from each
 * channel's file, which is rewritten beside itself and renamed over it. Answers the lines removed.
 */
export async function eraseSinkLines(dataDir: string, person: { emails: readonly string[]; phone: string | null }): Promise<number> {
  const theirs = new Set([...person.emails.map((e) => e.toLowerCase()), ...(person.phone ? [person.phone] : [])]);
  if (!theirs.size) return 0;
  let removed = 0;
  for (const channel of ['whatsapp', 'sms', 'email'] as const) {
    const file = sinkFile(dataDir, channel);
    removed += await inTurn(file, async () => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const lines = text.split('\n').filter(Boolean);
      const kept = lines.filter((line) => {
        try {
          const to = (JSON.parse(line) as { to?: unknown }).to;
          return !(typeof to === 'string' && theirs.has(to.toLowerCase()));
        } catch {
          return true;
        }
      });
      if (kept.length === lines.length) return 0;
      const temporary = `${file}.${process.pid}.erasing`;
      await writeFile(temporary, kept.map((l) => `${l}\n`).join(''), { mode: 0o600 });
      await rename(temporary, file);
      return lines.length - kept.length;
    });
  }
  return removed;
}

function render(message: OutgoingMessage): Pick<SinkRecord, 'template' | 'subject' | 'text' | 'sms'> {
  switch (message.channel) {
    case 'whatsapp': {
      const r = renderWhatsApp(message.kind, message.variables);
      return { template: { name: r.template, parameters: r.parameters }, text: r.text };
    }
    case 'sms': {
      const text = renderSms(message.kind, message.variables);
      const count = countSms(text);
      return { text, sms: { encoding: count.encoding, segments: count.segments } };
    }
    case 'email': {
      const r = renderEmail(message.kind, message.variables);
      return { subject: r.subject, text: r.text };
    }
  }
}

export function sinkAdapter(channel: Channel, options: { dataDir: string; logger: Logger; now?: () => Date }): ChannelAdapter {
  const file = sinkFile(options.dataDir, channel);
  const now = options.now ?? (() => new Date());
  /** One line in the channel's file, in turn with an erasure's rewrite of it: 'retry' when the disk fails. */
  const write = async (record: SinkRecord): Promise<SendResult | null> => {
    try {
      await mkdir(path.dirname(file), { recursive: true });
      // One write per line with O_APPEND, in turn with an erasure's rewrite of the file.
      await inTurn(file, () => appendFile(file, JSON.stringify(record) + '\n', { mode: 0o600 }));
      return null;
    } catch (error) {
      return { outcome: 'retry', reason: `sink write failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
  return {
    channel,
    provider: 'sink',
    async sendCode(message) {
      if (!isE164(message.to)) return { outcome: 'refused', reason: 'not an E.164 phone number' };
      if (message.channel !== channel) return { outcome: 'refused', reason: `a ${message.channel} code given to the ${channel} sink` };
      const providerId = `sink-${randomUUID()}`;
      const text = channel === 'whatsapp' ? renderCodeWhatsApp(message.code, message.minutes).text : renderCodeSms(message.code, message.minutes);
      const failed = await write({ time: now().toISOString(), channel, to: message.to, kind: 'code', code: message.code, reference: message.id, text, status: 'sent', providerId });
      if (failed) return failed;
      // The file has the code (the sink is the patient's phone); a log line never does: it is a key.
      options.logger.info('code written to the local sink', { channel, to: maskDestination(channel, message.to), reference: message.id, file });
      return { outcome: 'sent', providerId };
    },
    async sendReply(message) {
      if (!isE164(message.to)) return { outcome: 'refused', reason: 'not an E.164 phone number' };
      if (message.channel !== channel) return { outcome: 'refused', reason: `a ${message.channel} answer given to the ${channel} sink` };
      const providerId = `sink-${randomUUID()}`;
      const sms = channel === 'sms' ? countSms(message.text) : null;
      const failed = await write({ time: now().toISOString(), channel, to: message.to, kind: 'reply', reference: message.id, text: message.text, ...(sms ? { sms: { encoding: sms.encoding, segments: sms.segments } } : {}), status: 'sent', providerId });
      if (failed) return failed;
      options.logger.info('message written to the local sink', { channel, kind: 'reply', to: maskDestination(channel, message.to), reference: message.id, providerId, file });
      return { outcome: 'sent', providerId };
    },
    async send(message: OutgoingMessage): Promise<SendResult> {
      // The same checks as the real adapters, so development sees the refusals production would.
      const invalid = checkMessage(message);
      if (invalid) return invalid;
      if (message.channel !== channel) return { outcome: 'refused', reason: `a ${message.channel} message given to the ${channel} sink` };
      const providerId = `sink-${randomUUID()}`;
      const record: SinkRecord = {
        time: now().toISOString(),
        channel,
        to: message.to,
        kind: message.kind,
        reference: message.id,
        ...render(message),
        variables: message.variables,
        status: 'sent',
        providerId,
      };
      const failed = await write(record);
      if (failed) return failed;
      // The file has the message; the log says that it went and where, not what it says.
      options.logger.info('message written to the local sink', {
        channel,
        kind: message.kind,
        to: maskDestination(channel, message.to),
        reference: message.id,
        providerId,
        file,
      });
      return { outcome: 'sent', providerId };
    },
  };
}
