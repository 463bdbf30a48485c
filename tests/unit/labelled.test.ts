import { describe, expect, it } from 'vitest';
import { appointmentStatus, reminderChannel } from '../../shared/booking/types';
import { messageStatus } from '../../shared/messages/types';
import { labelled } from '../../shared/platform/labelled';
import { requestKind, requestStatus } from '../../shared/requests/kinds';
import { exponentialBackoff } from '../../server/platform/queue';

// The one shape of the words with labels (statuses, kinds, channels) and of the send queues'
// back-off.

describe('labelled words', () => {
  const colours = labelled({ red: { label: 'Red', hex: '#f00' }, green: { label: 'Green', hex: '#0f0' } });

  it('gives the values in order, each label, and a select’s options', () => {
    expect(colours.values).toEqual(['red', 'green']);
    expect(colours.label('green')).toBe('Green');
    expect(colours.options()).toEqual([
      { value: 'red', label: 'Red' },
      { value: 'green', label: 'Green' },
    ]);
  });

  it('guards what arrives from outside: only its own values, never an inherited name', () => {
    expect(['red', 'blue', 'constructor', '__proto__', 'toString', '', 1, null, undefined].filter((v) => colours.is(v))).toEqual(['red']);
  });

  it('serves each table of the domains', () => {
    expect(appointmentStatus.label('no_show')).toBe('No-show');
    expect(reminderChannel.options().map((o) => o.value)).toEqual(['whatsapp', 'sms', 'email', 'none']);
    expect(requestKind.label('appointment')).toBe('Appointment');
    expect(requestStatus.is('spam')).toBe(true);
    expect(messageStatus.values).toEqual(['scheduled', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled']);
  });
});

describe('the send queues’ back-off', () => {
  it('waits the first wait, doubling after each failure, at most an hour', () => {
    const wait = exponentialBackoff(30_000);
    expect([0, 1, 2, 3, 7, 8, 20].map(wait)).toEqual([30_000, 30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000]);
    expect(exponentialBackoff(60_000, 5 * 60_000)(4)).toBe(5 * 60_000);
  });
});
