import { labelled } from '../platform/labelled';

/** A message's status, as staff read it (the SQL CHECK of migration 0006 lists the same). */
export const messageStatus = labelled({
  scheduled: { label: 'Scheduled' },
  sending: { label: 'Sending' },
  sent: { label: 'Sent' },
  delivered: { label: 'Delivered' },
  read: { label: 'Read' },
  failed: { label: 'Failed' },
  cancelled: { label: 'Cancelled' },
});
export type MessageStatus = (typeof messageStatus.values)[number];

/** The channels a message goes by. */
export const messageChannel = labelled({ whatsapp: { label: 'WhatsApp' }, sms: { label: 'SMS' }, email: { label: 'E-mail' } });

/**
 * A patient message as the staff page shows it (server/messages/staff.ts `messagesOf`): what,
 * how, where (masked), and how far it got. No content: the text is rendered only when sent.
 */
export interface MessageView {
  id: number;
  /** 'confirmation', 'reminder_24h', 'reminder_2h', 'change', 'cancellation', 'no_show'. */
  kind: string;
  channel: (typeof messageChannel.values)[number];
  /** Masked: "+*********567", "a***@example.com"; null once erased. */
  destination: string | null;
  status: MessageStatus;
  dueAt: string;
  nextAttemptAt: string;
  attempts: number;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  /** The class of the last failure ("retry on whatsapp: http-503"), never content. */
  lastError: string | null;
}

const FIXED: Record<string, string> = {
  confirmation: 'Confirmation',
  change: 'Change notice',
  cancellation: 'Cancellation notice',
  no_show: 'No-show follow-up',
};

/** "Reminder 24 h before", "Reminder 90 min before", "Confirmation"… */
export function messageKindLabel(kind: string): string {
  const fixed = FIXED[kind];
  if (fixed) return fixed;
  const m = /^reminder_(\d+)([hm])$/.exec(kind);
  if (m) return `Reminder ${m[1]} ${m[2] === 'h' ? 'h' : 'min'} before`;
  return kind;
}
