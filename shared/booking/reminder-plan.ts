/**
 * What the patient messages will do, as the booking form says it (issue 46): the reminders'
 * offsets before the visit (MESSAGES_REMINDER_OFFSETS) and the quiet hours (MESSAGES_QUIET_HOURS),
 * passed from the server's messaging settings (server/messages/config.ts) to the /book and manage
 * pages' data, so the hint never promises what the server does not do.
 */
export interface ReminderPlan {
  /** Minutes before the visit, longest first. */
  offsetsMinutes: readonly number[];
  /** No message between these (Abuja time, HH:MM). */
  quietHours: { from: string; to: string };
}

/** The messages domain's defaults (server/messages/rules.ts DEFAULT_SCHEDULE). */
export const DEFAULT_REMINDER_PLAN: ReminderPlan = { offsetsMinutes: [24 * 60, 2 * 60], quietHours: { from: '21:00', to: '07:00' } };

const NUMBERS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const count = (n: number, unit: string, one = `a ${unit}`) => (n === 1 ? one : `${NUMBERS[n] ?? String(n)} ${unit}s`);

/** 1440 → "a day", 120 → "two hours", 90 → "an hour and a half", 150 → "two and a half hours", 45 → "45 minutes", 2880 → "two days". */
export function offsetWords(minutes: number): string {
  const DAY = 24 * 60;
  if (minutes % DAY === 0) return count(minutes / DAY, 'day');
  if (minutes % 60 === 0) return count(minutes / 60, 'hour', 'an hour');
  const hours = Math.floor(minutes / 60);
  if (hours === 1 && minutes === 90) return 'an hour and a half';
  if (hours > 1 && minutes % 60 === 30) return `${NUMBERS[hours] ?? String(hours)} and a half hours`;
  if (hours >= 1) return `${count(hours, 'hour', 'an hour')} and ${minutes % 60} minutes`;
  return `${minutes} minutes`;
}

/** "a day before and two hours before", "three hours before", "two days, a day and two hours before"... */
export function offsetsWords(offsets: readonly number[]): string {
  const words = offsets.map(offsetWords);
  if (words.length <= 1) return `${words[0] ?? ''} before`;
  if (words.length === 2) return `${words[0]} before and ${words[1]} before`;
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]} before`;
}

/** The hint under "Remind me of this visit by". */
export function reminderHint(plan: ReminderPlan = DEFAULT_REMINDER_PLAN): string {
  return `A reminder ${offsetsWords(plan.offsetsMinutes)}, with a link to move or cancel. Never anything about your health; no messages between ${plan.quietHours.from} and ${plan.quietHours.to}.`;
}
