import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_PLAN, offsetsWords, offsetWords, reminderHint } from '../../shared/booking/reminder-plan';

describe('the reminder hint’s wording', () => {
  it('words one offset', () => {
    expect([1440, 2880, 120, 60, 180, 90, 150, 45, 75].map(offsetWords)).toEqual([
      'a day',
      'two days',
      'two hours',
      'an hour',
      'three hours',
      'an hour and a half',
      'two and a half hours',
      '45 minutes',
      'an hour and 15 minutes',
    ]);
  });

  it('words the list, longest first as the settings give it', () => {
    expect(offsetsWords([1440, 120])).toBe('a day before and two hours before');
    expect(offsetsWords([180])).toBe('three hours before');
    expect(offsetsWords([2880, 1440, 120])).toBe('two days, a day and two hours before');
    expect(offsetsWords([20160])).toBe('14 days before');
  });

  it('the default hint is the one the form always said', () => {
    expect(reminderHint()).toBe(reminderHint(DEFAULT_REMINDER_PLAN));
    expect(reminderHint()).toBe('A reminder a day before and two hours before, with a link to move or cancel. Never anything about your health; no messages between 21:00 and 07:00.');
  });

  it('says other settings', () => {
    expect(reminderHint({ offsetsMinutes: [180], quietHours: { from: '22:00', to: '06:00' } })).toBe(
      'A reminder three hours before, with a link to move or cancel. Never anything about your health; no messages between 22:00 and 06:00.',
    );
  });
});
