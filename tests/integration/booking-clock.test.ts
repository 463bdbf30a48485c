import { describe, expect, it } from 'vitest';
import { pruneRefusals, recordRefusal } from '../../server/booking/caps';
import { pruneCodes, requestCode } from '../../server/booking/phone-proof';
import { bookingRefusals, phoneCodes } from '../../server/booking/schema';
import { DAY_MS } from '../../shared/booking/time';
import { bookingDeps, NOW, PHONE, useBookingStore } from '../support/booking';
import { testEngines } from '../support/test-store';

// The booking's housekeeping measures age by the booking's clock, the clock that wrote the rows
// (issue 49): the tests' fixed NOW (2026-11-30 05:00 Abuja) stays "now" on any real date. Measured
// by the database's now() instead, a code made at NOW was a day old once the real date passed
// 2026-12-01 04:00 UTC, and a test of it would have failed on that date for nothing it changed.

describe.each(testEngines())('the booking housekeeping on %s', (engine) => {
  const db = useBookingStore(engine, { alsoEmpty: ['phone_codes', 'booking_refusals'] });

  it('a code goes when it is a day old by the booking’s clock, not before', async () => {
    const deps = bookingDeps(db.store);
    expect(await requestCode(deps, { phone: PHONE, channel: 'sms' })).toMatchObject({ ok: true });
    expect(await pruneCodes(db.store.db, NOW)).toBe(0);
    expect(await pruneCodes(db.store.db, new Date(NOW.getTime() + DAY_MS - 60_000))).toBe(0);
    expect(await db.store.db.select().from(phoneCodes)).toHaveLength(1);
    expect(await pruneCodes(db.store.db, new Date(NOW.getTime() + DAY_MS + 60_000))).toBe(1);
    expect(await db.store.db.select().from(phoneCodes)).toHaveLength(0);
  });

  it('a refusal goes when it is 90 days old by the booking’s clock, not before', async () => {
    await recordRefusal(db.store.db, { cap: 'visits-a-day', phone: PHONE }, NOW);
    expect(await pruneRefusals(db.store.db, NOW)).toBe(0);
    expect(await pruneRefusals(db.store.db, new Date(NOW.getTime() + 89 * DAY_MS))).toBe(0);
    expect(await db.store.db.select().from(bookingRefusals)).toHaveLength(1);
    expect(await pruneRefusals(db.store.db, new Date(NOW.getTime() + 91 * DAY_MS))).toBe(1);
    expect(await db.store.db.select().from(bookingRefusals)).toHaveLength(0);
  });
});
