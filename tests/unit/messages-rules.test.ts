import { describe, expect, it } from 'vitest';
import type { Channel } from '../../server/messages/channel';
import {
  DEFAULT_SCHEDULE,
  dueTime,
  fallbackOrder,
  isAllowedAt,
  nextAllowed,
  nextChannel,
  reminderPlan,
  type Due,
  type ScheduleConfig,
} from '../../server/messages/rules';

/** A moment given in Abuja time (UTC+1): wat('2026-12-01 20:59'). */
function wat(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) throw new Error(`bad time ${local}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 1, mi, s));
}

/** A Due in Abuja time, for readable tables. */
function show(due: Due): string {
  if ('skip' in due) return `skip: ${due.skip}`;
  const t = new Date(due.at.getTime() + 3_600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19) === '00:00:00' ? '00:00' : t.slice(11, t.endsWith(':00.000Z') ? 16 : 19)}${due.moved ? ` (${due.moved})` : ''}`;
}

const H = 60;

describe('isAllowedAt: the windows, to the second', () => {
  it.each<[string, Channel, boolean]>([
    ['2026-12-01 20:59:59', 'whatsapp', true],
    ['2026-12-01 21:00', 'whatsapp', false],
    ['2026-12-01 23:59', 'whatsapp', false],
    ['2026-12-02 00:00', 'whatsapp', false],
    ['2026-12-02 06:59:59', 'whatsapp', false],
    ['2026-12-02 07:00', 'whatsapp', true],
    ['2026-12-02 07:00', 'email', true],
    ['2026-12-01 21:00', 'email', false],
    ['2026-12-01 19:59:59', 'sms', true],
    ['2026-12-01 20:00', 'sms', false],
    ['2026-12-02 07:00', 'sms', false],
    ['2026-12-02 07:59:59', 'sms', false],
    ['2026-12-02 08:00', 'sms', true],
    // UTC midnight is 01:00 in Abuja: inside both windows.
    ['2026-12-02 01:00', 'whatsapp', false],
    ['2026-12-02 01:00', 'sms', false],
    // 23:59 UTC is 00:59 in Abuja on the next day.
    ['2026-12-02 00:59', 'sms', false],
    ['2026-12-02 12:00', 'sms', true],
  ])('%s %s → %s', (local, channel, allowed) => {
    expect(isAllowedAt(channel, wat(local))).toBe(allowed);
  });

  it('nextAllowed is the window end, or the moment itself', () => {
    expect(nextAllowed('whatsapp', wat('2026-12-01 22:30'))).toEqual(wat('2026-12-02 07:00'));
    expect(nextAllowed('whatsapp', wat('2026-12-02 03:00'))).toEqual(wat('2026-12-02 07:00'));
    expect(nextAllowed('sms', wat('2026-12-01 20:00'))).toEqual(wat('2026-12-02 08:00'));
    expect(nextAllowed('sms', wat('2026-12-02 07:30'))).toEqual(wat('2026-12-02 08:00'));
    expect(nextAllowed('sms', wat('2026-12-02 10:00'))).toEqual(wat('2026-12-02 10:00'));
  });
});

describe('dueTime: reminders', () => {
  const longAgo = wat('2026-11-25 12:00');
  it.each<[string, Channel, string, number, string]>([
    // label, channel, visit (WAT), offset (minutes), expected (WAT)
    ['24 h before, in the day', 'whatsapp', '2026-12-02 10:30', 24 * H, '2026-12-01 10:30'],
    ['2 h before, in the day', 'whatsapp', '2026-12-02 10:30', 2 * H, '2026-12-02 08:30'],
    ['2 h before an 08:00 visit (06:00) moves to 20:59 the evening before', 'whatsapp', '2026-12-02 08:00', 2 * H, '2026-12-01 20:59 (earlier)'],
    ['the same by SMS moves to 19:59', 'sms', '2026-12-02 08:00', 2 * H, '2026-12-01 19:59 (earlier)'],
    ['2 h before 09:00 is 07:00: allowed for WhatsApp', 'whatsapp', '2026-12-02 09:00', 2 * H, '2026-12-02 07:00'],
    ['2 h before 09:00 is 07:00: not for SMS (until 08:00)', 'sms', '2026-12-02 09:00', 2 * H, '2026-12-01 19:59 (earlier)'],
    ['2 h before 10:00 is 08:00: allowed for SMS', 'sms', '2026-12-02 10:00', 2 * H, '2026-12-02 08:00'],
    ['2 h before 09:59 is 07:59: SMS goes the evening before', 'sms', '2026-12-02 09:59', 2 * H, '2026-12-01 19:59 (earlier)'],
    ['24 h before a 21:30 visit (21:30) moves to 20:59 the same evening', 'whatsapp', '2026-12-02 21:30', 24 * H, '2026-12-01 20:59 (earlier)'],
    ['the same by SMS, to 19:59', 'sms', '2026-12-02 21:30', 24 * H, '2026-12-01 19:59 (earlier)'],
    ['2 h before a 21:30 visit (19:30) is allowed for both', 'sms', '2026-12-02 21:30', 2 * H, '2026-12-02 19:30'],
    ['a target of exactly 21:00 moves', 'whatsapp', '2026-12-02 23:00', 2 * H, '2026-12-02 20:59 (earlier)'],
    ['a target of 20:59 stays', 'whatsapp', '2026-12-02 22:59', 2 * H, '2026-12-02 20:59'],
    ['a target of exactly 20:00 moves for SMS', 'sms', '2026-12-02 22:00', 2 * H, '2026-12-02 19:59 (earlier)'],
    ['a target of 19:59 stays for SMS', 'sms', '2026-12-02 21:59', 2 * H, '2026-12-02 19:59'],
    ['a target of exactly 08:00 stays for SMS', 'sms', '2026-12-03 08:00', 24 * H, '2026-12-02 08:00'],
    // Around UTC midnight (01:00 in Abuja) and Abuja midnight (23:00 UTC).
    ['a target at UTC midnight (01:00 WAT) goes to the evening before', 'whatsapp', '2026-12-02 03:00', 2 * H, '2026-12-01 20:59 (earlier)'],
    ['a target at 00:30 WAT (23:30 UTC the day before) too', 'whatsapp', '2026-12-02 02:30', 2 * H, '2026-12-01 20:59 (earlier)'],
    ['a target at 23:30 WAT goes to 20:59 the same evening', 'whatsapp', '2026-12-03 01:30', 2 * H, '2026-12-02 20:59 (earlier)'],
    ['across a month end', 'whatsapp', '2027-01-01 08:00', 2 * H, '2026-12-31 20:59 (earlier)'],
  ])('%s', (_label, channel, visit, offset, expected) => {
    expect(show(dueTime('reminder', channel, wat(visit), longAgo, longAgo, DEFAULT_SCHEDULE, offset))).toBe(expected);
  });

  it.each<[string, Channel, string, string, string, number, string]>([
    // label, channel, visit, booked, now, offset, expected
    ['booked 22.5 h ahead: no 24 h reminder', 'whatsapp', '2026-12-02 10:30', '2026-12-01 12:00', '2026-12-01 12:00', 24 * H, 'skip: booked-after-reminder-time'],
    ['… but the 2 h one', 'whatsapp', '2026-12-02 10:30', '2026-12-01 12:00', '2026-12-01 12:00', 2 * H, '2026-12-02 08:30'],
    ['booked exactly 24 h ahead: none', 'whatsapp', '2026-12-02 10:30', '2026-12-01 10:30', '2026-12-01 10:30', 24 * H, 'skip: booked-after-reminder-time'],
    ['booked at 23:00 for 08:30: the moved reminder (20:59) would be before the booking', 'whatsapp', '2026-12-02 08:30', '2026-12-01 23:00', '2026-12-01 23:00', 2 * H, 'skip: covered-by-confirmation'],
    ['booked at 20:30 for 08:30: 20:59 is still ahead', 'whatsapp', '2026-12-02 08:30', '2026-12-01 20:30', '2026-12-01 20:30', 2 * H, '2026-12-01 20:59 (earlier)'],
    ['by SMS, booked at 19:59:30 for 09:00: 19:59 has passed', 'sms', '2026-12-02 09:00', '2026-12-01 19:59:30', '2026-12-01 19:59:30', 2 * H, 'skip: covered-by-confirmation'],
    ['computed late (server down), in the day: now', 'whatsapp', '2026-12-02 10:30', '2026-11-25 12:00', '2026-12-01 15:00', 24 * H, '2026-12-01 15:00'],
    ['computed late, at night: at 07:00', 'whatsapp', '2026-12-02 10:30', '2026-11-25 12:00', '2026-12-01 22:00', 24 * H, '2026-12-02 07:00 (later)'],
    ['computed late, at night, SMS for an 08:00 visit: too late', 'sms', '2026-12-02 08:00', '2026-11-25 12:00', '2026-12-01 22:00', 2 * H, 'skip: visit-started'],
    ['computed late, at night, WhatsApp for an 08:00 visit: 07:00', 'whatsapp', '2026-12-02 08:00', '2026-11-25 12:00', '2026-12-01 22:00', 2 * H, '2026-12-02 07:00 (later)'],
  ])('%s', (_label, channel, visit, booked, now, offset, expected) => {
    expect(show(dueTime('reminder', channel, wat(visit), wat(booked), wat(now), DEFAULT_SCHEDULE, offset))).toBe(expected);
  });

  it('a configurable last minute: 20:45 for WhatsApp and e-mail, 19:45 for SMS', () => {
    const config: ScheduleConfig = { ...DEFAULT_SCHEDULE, eveningLeadMinutes: 15 };
    expect(show(dueTime('reminder', 'whatsapp', wat('2026-12-02 08:00'), longAgo, longAgo, config, 2 * H))).toBe('2026-12-01 20:45 (earlier)');
    expect(show(dueTime('reminder', 'email', wat('2026-12-02 08:00'), longAgo, longAgo, config, 2 * H))).toBe('2026-12-01 20:45 (earlier)');
    expect(show(dueTime('reminder', 'sms', wat('2026-12-02 08:00'), longAgo, longAgo, config, 2 * H))).toBe('2026-12-01 19:45 (earlier)');
  });

  it('never falls in a window, never after the visit, never before the booking or now', () => {
    const channels: Channel[] = ['whatsapp', 'sms', 'email'];
    // Every quarter hour of two days, visits from 08:00 to 21:30, booked 0.5 h to 60 h ahead.
    for (let v = 0; v < 2 * 96; v++) {
      const visit = new Date(wat('2026-12-02 00:00').getTime() + v * 15 * 60_000);
      for (const aheadHours of [0.5, 1, 3, 7, 13, 23, 25, 30, 60]) {
        const booked = new Date(visit.getTime() - aheadHours * 3_600_000);
        for (const channel of channels) {
          for (const offset of [24 * H, 2 * H]) {
            const due = dueTime('reminder', channel, visit, booked, booked, DEFAULT_SCHEDULE, offset);
            if ('skip' in due) continue;
            expect(isAllowedAt(channel, due.at)).toBe(true);
            expect(due.at.getTime()).toBeLessThan(visit.getTime());
            expect(due.at.getTime()).toBeGreaterThanOrEqual(booked.getTime());
            // Never later than the plain target: reminders only move earlier (when planned on time).
            expect(due.at.getTime()).toBeLessThanOrEqual(visit.getTime() - offset * 60_000);
          }
        }
      }
    }
  });

  it('needs an offset', () => {
    // @ts-expect-error the overload requires the offset for a reminder
    expect(() => dueTime('reminder', 'sms', wat('2026-12-02 10:00'), longAgo, longAgo, DEFAULT_SCHEDULE)).toThrow(/offset/);
  });
});

describe('dueTime: confirmation, change, cancellation, no-show', () => {
  const visit = wat('2026-12-02 10:30');
  it.each<[string, Channel, string, string]>([
    ['booked in the day: at once', 'whatsapp', '2026-12-01 15:00', '2026-12-01 15:00'],
    ['booked at 20:59:59: at once', 'whatsapp', '2026-12-01 20:59:59', '2026-12-01 20:59:59'],
    ['booked at 21:00: at 07:00', 'whatsapp', '2026-12-01 21:00', '2026-12-02 07:00 (later)'],
    ['booked at 06:59: at 07:00', 'whatsapp', '2026-12-02 06:59', '2026-12-02 07:00 (later)'],
    ['booked at UTC midnight (01:00 WAT): at 07:00', 'email', '2026-12-02 01:00', '2026-12-02 07:00 (later)'],
    ['by SMS booked at 19:59: at once', 'sms', '2026-12-01 19:59', '2026-12-01 19:59'],
    ['by SMS booked at 20:00: at 08:00', 'sms', '2026-12-01 20:00', '2026-12-02 08:00 (later)'],
    ['by SMS booked at 07:30: at 08:00', 'sms', '2026-12-02 07:30', '2026-12-02 08:00 (later)'],
  ])('confirmation %s', (_label, channel, booked, expected) => {
    expect(show(dueTime('confirmation', channel, visit, wat(booked), wat(booked)))).toBe(expected);
  });

  it('a confirmation that could only go at the visit is skipped', () => {
    expect(show(dueTime('confirmation', 'sms', wat('2026-12-02 08:00'), wat('2026-12-01 21:00'), wat('2026-12-01 21:00')))).toBe('skip: visit-started');
  });

  it('a confirmation computed after the booking goes now', () => {
    expect(show(dueTime('confirmation', 'whatsapp', visit, wat('2026-12-01 15:00'), wat('2026-12-01 15:05')))).toBe('2026-12-01 15:05');
  });

  it('a change goes from the moment of the change, out of the window', () => {
    expect(show(dueTime('change', 'whatsapp', visit, wat('2026-11-25 12:00'), wat('2026-12-01 16:00')))).toBe('2026-12-01 16:00');
    expect(show(dueTime('change', 'sms', visit, wat('2026-11-25 12:00'), wat('2026-12-01 22:00')))).toBe('2026-12-02 08:00 (later)');
  });

  it('a cancellation is never skipped', () => {
    expect(show(dueTime('cancellation', 'sms', wat('2026-12-02 08:00'), wat('2026-11-25 12:00'), wat('2026-12-01 22:00')))).toBe('2026-12-02 08:00 (later)');
  });

  it('a no-show follow-up goes 3 hours after the visit, out of the window', () => {
    expect(show(dueTime('no_show', 'whatsapp', wat('2026-12-02 10:30'), wat('2026-11-25 12:00'), wat('2026-12-02 11:00')))).toBe('2026-12-02 13:30');
    expect(show(dueTime('no_show', 'whatsapp', wat('2026-12-02 19:00'), wat('2026-11-25 12:00'), wat('2026-12-02 19:30')))).toBe('2026-12-03 07:00 (later)');
    // Marked late by staff: from then.
    expect(show(dueTime('no_show', 'whatsapp', wat('2026-12-02 10:30'), wat('2026-11-25 12:00'), wat('2026-12-02 17:00')))).toBe('2026-12-02 17:00');
  });
});

describe('reminderPlan', () => {
  it('plans the configured reminders', () => {
    const plan = reminderPlan('whatsapp', wat('2026-12-02 10:30'), wat('2026-11-25 12:00'), wat('2026-11-25 12:00'));
    expect(plan.map((p) => [p.offsetMinutes, show(p.due)])).toEqual([
      [24 * H, '2026-12-01 10:30'],
      [2 * H, '2026-12-02 08:30'],
    ]);
  });

  it('keeps only the later of two reminders that land within an hour', () => {
    // Planned at 08:00 on the day (a restart): the 24 h reminder would go now, the 2 h at 08:30.
    const plan = reminderPlan('whatsapp', wat('2026-12-02 10:30'), wat('2026-11-25 12:00'), wat('2026-12-02 08:00'));
    expect(plan.map((p) => [p.offsetMinutes, show(p.due)])).toEqual([
      [24 * H, 'skip: merged-with-later-reminder'],
      [2 * H, '2026-12-02 08:30'],
    ]);
  });

  it('uses the configured offsets, longest first, without duplicates', () => {
    const config = { ...DEFAULT_SCHEDULE, reminderOffsetsMinutes: [2 * H, 48 * H, 2 * H] };
    expect(reminderPlan('email', wat('2026-12-04 10:30'), wat('2026-11-25 12:00'), wat('2026-11-25 12:00'), config).map((p) => p.offsetMinutes)).toEqual([48 * H, 2 * H]);
  });
});

describe('fallbackOrder', () => {
  const phone = '+2348031234567';
  const email = 'ada@example.com';
  it.each<[string, Parameters<typeof fallbackOrder>[0], Channel[]]>([
    ['all consented: WhatsApp → SMS → e-mail', { phone, email, consented: ['whatsapp', 'sms', 'email'] }, ['whatsapp', 'sms', 'email']],
    ['the patient chose SMS: SMS first', { phone, email, consented: ['whatsapp', 'sms', 'email'], preferred: 'sms' }, ['sms', 'whatsapp', 'email']],
    ['no e-mail address', { phone, consented: ['whatsapp', 'sms', 'email'] }, ['whatsapp', 'sms']],
    ['no phone', { email, consented: ['whatsapp', 'sms', 'email'] }, ['email']],
    ['a phone not in E.164', { phone: '0803 123 4567', email, consented: ['whatsapp', 'sms', 'email'] }, ['email']],
    ['only WhatsApp consented', { phone, email, consented: ['whatsapp'] }, ['whatsapp']],
    ['WhatsApp opted out (STOP)', { phone, email, consented: ['whatsapp', 'sms', 'email'], optedOut: ['whatsapp'] }, ['sms', 'email']],
    ['no consent at all', { phone, email, consented: [] }, []],
    ['preferred but not consented', { phone, email, consented: ['sms'], preferred: 'whatsapp' }, ['sms']],
  ])('%s', (_label, reach, expected) => {
    expect(fallbackOrder(reach)).toEqual(expected);
  });

  it('nextChannel moves on in that order and ends with null', () => {
    const reach = { phone, email, consented: ['whatsapp', 'sms', 'email'] as Channel[] };
    expect(nextChannel(reach, 'whatsapp')).toBe('sms');
    expect(nextChannel(reach, 'sms')).toBe('email');
    expect(nextChannel(reach, 'email')).toBeNull();
  });

  it('nextChannel never goes back to a channel tried before one just opted out of', () => {
    // Tried WhatsApp, then SMS answered "opted out": next is e-mail, not WhatsApp again.
    const reach = { phone, email, consented: ['whatsapp', 'sms', 'email'] as Channel[], optedOut: ['sms'] as Channel[] };
    expect(nextChannel(reach, 'sms')).toBe('email');
    expect(nextChannel({ ...reach, email: null }, 'sms')).toBeNull();
  });
});
