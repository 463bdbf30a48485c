/**
 * E-mail as one more channel behind the same interface. The mail itself goes through an
 * injected `sendMail` (the project's mail transport: SMTP through nodemailer, or .eml files in
 * development), so this adapter only renders the text and classifies the outcome.
 */
import { randomUUID } from 'node:crypto';
import { checkMessage, DEFAULT_TIMEOUT_MS, isRecord, type ChannelAdapter, type NotSent, type OutgoingMessage, type SendResult } from './channel';
import { renderEmail } from './templates';

export interface MailToSend {
  to: string;
  subject: string;
  text: string;
}

/** Resolves when the transport took the mail; may give back its message id. */
export type SendMail = (mail: MailToSend) => Promise<void | { messageId?: string }>;

/**
 * A transport's failure, classified. Nodemailer's errors carry the SMTP reply code: 5xx is a
 * permanent refusal (no such mailbox, relay denied), 4xx a temporary one (greylisting, mailbox
 * busy); EENVELOPE means the recipient was rejected. Anything else (connection refused, DNS,
 * timeouts) is temporary.
 */
export function classifyMailError(error: unknown): NotSent {
  const e = isRecord(error) ? error : {};
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  const code = typeof e.code === 'string' ? e.code : null;
  const message = error instanceof Error ? error.message : 'mail transport failed';
  if (responseCode !== null && responseCode >= 500 && responseCode < 600) return { outcome: 'refused', reason: `SMTP ${responseCode}: ${message}`, code: `smtp-${responseCode}` };
  if (code === 'EENVELOPE') return { outcome: 'refused', reason: `recipient rejected: ${message}`, code };
  if (responseCode !== null) return { outcome: 'retry', reason: `SMTP ${responseCode}: ${message}`, code: `smtp-${responseCode}` };
  return { outcome: 'retry', reason: message, ...(code ? { code } : {}) };
}

export function emailAdapter(options: { sendMail: SendMail; timeoutMs?: number }): ChannelAdapter {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    channel: 'email',
    provider: 'email',
    async send(message: OutgoingMessage, signal?: AbortSignal): Promise<SendResult> {
      const invalid = checkMessage(message);
      if (invalid) return invalid;
      if (signal?.aborted) return { outcome: 'retry', reason: 'stopped by the caller' };
      const { subject, text } = renderEmail(message.kind, message.variables);
      // sendMail takes no signal, so the timeout only stops the wait: a mail that goes out
      // after it may be sent again on retry (the same trade as the HTTP adapters').
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      const stop = new Promise<NotSent>((resolve) => {
        timer = setTimeout(() => resolve({ outcome: 'retry', reason: 'timeout: the mail transport did not answer in time' }), timeoutMs);
        onAbort = () => resolve({ outcome: 'retry', reason: 'stopped by the caller' });
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      const send = options.sendMail({ to: message.to, subject, text }).then(
        (info): SendResult => ({ outcome: 'sent', providerId: (info && info.messageId) || `email-${randomUUID()}` }),
        (error: unknown) => classifyMailError(error),
      );
      try {
        return await Promise.race([send, stop]);
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
