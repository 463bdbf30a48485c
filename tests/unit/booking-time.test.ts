import { describe, expect, it } from 'vitest';
import { addDays, formatClock, formatVisit, formatWhen, isDate, lagosDate, lagosMidnight, lagosMoment, lagosTime } from '../../shared/booking/time';

describe('the clinic’s clock (Abuja, UTC+1 all year)', () => {
  it('puts 23:00 UTC on the next Abuja day', () => {
    expect(lagosDate(new Date('2026-12-01T22:59:00Z'))).toBe('2026-12-01');
    expect(lagosDate(new Date('2026-12-01T23:00:00Z'))).toBe('2026-12-02');
    expect(lagosTime(new Date('2026-12-01T23:00:00Z'))).toBe('00:00');
    expect(new Date(lagosMidnight('2026-12-02')).toISOString()).toBe('2026-12-01T23:00:00.000Z');
    expect(new Date(lagosMoment('2026-12-01', '10:30')).toISOString()).toBe('2026-12-01T09:30:00.000Z');
  });

  it('says times as they are said in Abuja', () => {
    expect(formatWhen(new Date('2026-12-01T09:30:00Z'))).toBe('Tuesday 1 December at 10:30 am');
    expect(formatWhen(new Date('2026-12-01T11:00:00Z'))).toBe('Tuesday 1 December at 12:00 pm');
    expect(formatWhen(new Date('2026-12-01T23:15:00Z'))).toBe('Wednesday 2 December at 12:15 am');
    expect(formatClock('21:45')).toBe('9:45 pm');
    expect(formatVisit(new Date('2026-12-01T09:30:00Z'), new Date('2026-12-01T10:30:00Z'))).toBe('Tuesday 1 December 2026, 10:30 am to 11:30 am');
  });

  it('adds days across months and years, and knows a real date', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-30', 60)).toBe('2027-01-29');
    expect(isDate('2026-02-28')).toBe(true);
    expect(isDate('2026-02-30')).toBe(false);
    expect(isDate('2026-2-3')).toBe(false);
  });
});
