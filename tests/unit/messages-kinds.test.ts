import { describe, expect, it } from 'vitest';
import { consentedChannel, reminderKind, templateKind } from '../../server/messages/queue';
import { messageKindLabel } from '../../shared/messages/types';

describe('message kinds', () => {
  it('a reminder’s kind carries its offset, in hours when whole', () => {
    expect(reminderKind(24 * 60)).toBe('reminder_24h');
    expect(reminderKind(120)).toBe('reminder_2h');
    expect(reminderKind(90)).toBe('reminder_90m');
    expect(templateKind('reminder_90m')).toBe('reminder');
    expect(templateKind('no_show')).toBe('no_show');
  });

  it('staff read the kinds in words', () => {
    expect(messageKindLabel('reminder_24h')).toBe('Reminder 24 h before');
    expect(messageKindLabel('reminder_90m')).toBe('Reminder 90 min before');
    expect(messageKindLabel('no_show')).toBe('No-show follow-up');
  });

  it('no consent time or channel none: no messages', () => {
    expect(consentedChannel({ reminderChannel: 'whatsapp', remindersConsentAt: new Date() })).toBe('whatsapp');
    expect(consentedChannel({ reminderChannel: 'whatsapp', remindersConsentAt: null })).toBeNull();
    expect(consentedChannel({ reminderChannel: 'none', remindersConsentAt: null })).toBeNull();
  });
});
