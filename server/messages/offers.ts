/**
 * The waitlist's offers through the patient messages' queue (issue 46, ADR 0047): the composition
 * hands this to the booking's waitlist (server/booking/waitlist.ts `OfferMessages`), which
 * calls it in the change's transaction. A row per offer and kind ('offer', 'offer_gone'), sent by
 * the messages worker like a reminder: the quiet hours hold (an offer is something the patient
 * asked for, but not just now: a time freed at 22:00 is offered at 07:00, and its minutes count
 * from then), SMS keeps the operators' window, and STOP stops it.
 */
import type { OfferMessages } from '../booking/waitlist';
import type { Tx } from '../platform/db/db';
import { DEFAULT_SCHEDULE, nextAllowed, type ScheduleConfig } from './rules';
import { messages } from './schema';

export function offerMessages(options: { schedule?: ScheduleConfig | undefined } = {}): OfferMessages {
  const schedule = options.schedule ?? DEFAULT_SCHEDULE;
  return {
    dueAt: (channel, now) => nextAllowed(channel, now, schedule),
    async queue(tx: Tx, kind, offers, now) {
      if (!offers.length) return;
      await tx
        .insert(messages)
        .values(
          offers.map((o) => ({
            offerId: o.offerId,
            kind,
            channel: o.channel,
            destination: o.destination,
            status: 'scheduled' as const,
            dueAt: o.dueAt,
            nextAttemptAt: o.dueAt,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing();
    },
  };
}
