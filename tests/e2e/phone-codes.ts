import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';

/**
 * Issue 44: the one-time codes the e2e server's local sink "sent", read back from
 * DATA_DIR/messages/<channel>.jsonl, for the tests that book from a browser.
 */
const fileOf = (channel: 'whatsapp' | 'sms') => path.join(inject('dataDir'), 'messages', `${channel}.jsonl`);

/** The newest code the local sink "sent" to this phone (E.164) on this channel, after `count` earlier ones. */
export async function codeSent(channel: 'whatsapp' | 'sms', phone: string, count = 0): Promise<string> {
  const file = fileOf(channel);
  const codes = () =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { kind: string; to: string; code?: string })
          .filter((r) => r.kind === 'code' && r.to === phone)
      : [];
  await expect.poll(() => codes().length).toBeGreaterThan(count);
  return codes().at(-1)!.code!;
}

/** How many codes the local sink has "sent" to this phone on this channel. */
export const codesSent = (channel: 'whatsapp' | 'sms', phone: string) => {
  const file = fileOf(channel);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('"kind":"code"') && l.includes(`"to":"${phone}"`)).length : 0;
};

/** A Nigerian number as typed (`0803 123 4567`) in E.164. */
export const e164 = (typed: string) => `+234${typed.replace(/\D/g, '').replace(/^0/, '')}`;
