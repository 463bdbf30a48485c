import { describe, expect, it } from 'vitest';
import { DEFAULT_WAITLIST } from '../../shared/booking/waitlist';
import { loadConfig } from '../../server/app/config';
import { clinicSeed } from '../../server/clinic/seed';
import { DEFAULT_BOOKING_LIMITS } from '../../shared/booking/limits';
import { DEFAULT_BOOKING_RULES } from '../../shared/booking/rules';
import { availabilitySchema, bookingSchema, checkBookingForm, rescheduleSchema } from '../../shared/booking/schemas';

// The booking forms' schemas (they run in the browser too) and the rules' variables.

const context = { facts: clinicSeed, now: new Date('2026-11-30T04:00:00Z'), rules: DEFAULT_BOOKING_RULES };
const fields = {
  service: '1',
  visit: 'follow_up',
  practitioner: 'adaeze-okafor',
  start: '2026-12-01T09:30:00.000Z',
  name: ' Amina Bello ',
  phone: '0803 123 4567',
  email: '',
  reminders: 'sms',
  consent: 'on',
  key: 'form-key-12345678',
};

describe('the booking form', () => {
  it('makes the shape book() takes', () => {
    expect(checkBookingForm(bookingSchema(context), fields)).toEqual({
      ok: true,
      data: {
        serviceId: '1',
        visitKind: 'follow_up',
        practitionerId: 'adaeze-okafor',
        startsAt: new Date('2026-12-01T09:30:00.000Z'),
        patient: { name: 'Amina Bello', phone: '+2348031234567', email: null },
        reminders: { channel: 'sms', consent: true },
        idempotencyKey: 'form-key-12345678',
      },
    });
    const any = checkBookingForm(bookingSchema(context), { ...fields, practitioner: '', reminders: '', consent: '' });
    expect(any.ok && [any.data.practitionerId, any.data.reminders]).toEqual(['any', { channel: 'none', consent: false }]);
  });

  it.each([
    ['a practitioner who does not give the service', { practitioner: 'ibrahim-musa' }, 'practitioner'],
    ['an administrator', { practitioner: 'halima-bello' }, 'practitioner'],
    ['a past time', { start: '2026-11-29T09:30:00.000Z' }, 'start'],
    ['a time that is not one', { start: 'tomorrow' }, 'start'],
    ['reminders without consent', { consent: '' }, 'consent'],
    ['e-mail reminders without an address', { reminders: 'email' }, 'email'],
    ['a phone that is not Nigerian', { phone: '12345' }, 'phone'],
    ['no name', { name: ' ' }, 'name'],
    ['a form without its key', { key: '' }, 'key'],
    ['an unknown service', { service: '99' }, 'service'],
  ])('refuses %s, saying which field', (_what, change, field) => {
    const result = checkBookingForm(bookingSchema(context), { ...fields, ...change });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toContain(field);
  });

  it('the choice form defaults to a first visit with anyone, and refuses a day beyond the horizon', () => {
    expect(checkBookingForm(availabilitySchema(context), { service: '4' })).toEqual({ ok: true, data: { serviceId: '4', visitKind: 'first', practitionerId: 'any', date: null } });
    expect(checkBookingForm(availabilitySchema(context), { service: '4', date: '2027-01-30' }).ok).toBe(false);
    expect(checkBookingForm(availabilitySchema(context), { service: '4', date: '2027-01-29' }).ok).toBe(true);
    // A move that names no practitioner keeps the visit's own (null), never "any available" (issue 44).
    expect(checkBookingForm(rescheduleSchema(context), { start: '2026-12-02T10:00:00Z' })).toEqual({ ok: true, data: { startsAt: new Date('2026-12-02T10:00:00Z'), practitionerId: null } });
  });
});

describe('the booking rules’ variables', () => {
  it('default to 2 h notice, 60 days, 15-minute steps, 24 h cancellation notice, 7-minute holds, and refuse a step that is not a divisor of an hour', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).booking).toEqual({ rules: DEFAULT_BOOKING_RULES, limits: DEFAULT_BOOKING_LIMITS, waitlist: DEFAULT_WAITLIST, secret: null, paystack: { secretKey: null, baseUrl: 'https://api.paystack.co' } });
    // Deposits (issue 48): Paystack's secret key, checked at start; none: the local stand-in.
    expect(loadConfig({ NODE_ENV: 'test', PAYSTACK_SECRET_KEY: 'sk_test_abcdef0123456789' }).booking.paystack.secretKey).toBe('sk_test_abcdef0123456789');
    expect(loadConfig({ NODE_ENV: 'test', PAYSTACK_SECRET_KEY: '' }).booking.paystack.secretKey).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', PAYSTACK_SECRET_KEY: 'pk_test_abcdef0123456789' })).toThrow(/PAYSTACK_SECRET_KEY/);
    // The waitlist's (issue 46, ADR 0047): an offer open 30 minutes, to 3 at a time, 3 entries per phone.
    expect(DEFAULT_WAITLIST).toEqual({ offerMinutes: 30, offersPerTime: 3, entriesPerPhone: 3, quietHours: { from: '21:00', to: '07:00' } });
    expect(loadConfig({ NODE_ENV: 'test', WAITLIST_OFFER_MINUTES: '45', WAITLIST_OFFERS_PER_TIME: '2' }).booking.waitlist).toEqual({ offerMinutes: 45, offersPerTime: 2, entriesPerPhone: 3, quietHours: { from: '21:00', to: '07:00' } });
    expect(() => loadConfig({ NODE_ENV: 'test', WAITLIST_OFFER_MINUTES: '1' })).toThrow(/WAITLIST_OFFER_MINUTES/);
    // The caps per patient (ADR 0042) from their variables; the /64's never below the address's.
    expect(loadConfig({ NODE_ENV: 'test', BOOKING_MAX_FUTURE_VISITS_PER_PHONE: '4', BOOKING_MAX_PER_ADDRESS_PER_HOUR: '50' }).booking.limits).toMatchObject({ futureVisitsPerPhone: 4, bookingsPerAddressPerHour: 50, bookingsPerNetworkPerHour: 50 });
    expect(() => loadConfig({ NODE_ENV: 'test', BOOKING_MAX_VISITS_PER_DAY_PER_PHONE: '0' })).toThrow();
    expect(DEFAULT_BOOKING_RULES).toEqual({ minNoticeMinutes: 120, horizonDays: 60, slotStepMinutes: 15, cancellationNoticeMinutes: 1440, holdMinutes: 7 });
    const set = loadConfig({ NODE_ENV: 'test', BOOKING_MIN_NOTICE_MINUTES: '60', BOOKING_HORIZON_DAYS: '30', BOOKING_SLOT_STEP_MINUTES: '30', BOOKING_CANCEL_NOTICE_MINUTES: '720', BOOKING_HOLD_MINUTES: '5', BOOKING_SECRET: 'x'.repeat(32) }).booking;
    expect(set).toEqual({ rules: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 30, cancellationNoticeMinutes: 720, holdMinutes: 5 }, limits: DEFAULT_BOOKING_LIMITS, waitlist: DEFAULT_WAITLIST, secret: 'x'.repeat(32), paystack: { secretKey: null, baseUrl: 'https://api.paystack.co' } });
    expect(() => loadConfig({ NODE_ENV: 'test', BOOKING_SLOT_STEP_MINUTES: '25' })).toThrow(/BOOKING_SLOT_STEP_MINUTES/);
    expect(() => loadConfig({ NODE_ENV: 'test', BOOKING_HOLD_MINUTES: '0' })).toThrow(/BOOKING_HOLD_MINUTES/);
    expect(() => loadConfig({ NODE_ENV: 'test', BOOKING_SECRET: 'short' })).toThrow(/BOOKING_SECRET/);
  });
});
