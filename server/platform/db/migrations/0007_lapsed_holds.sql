-- Holds that have lapsed are swept every minute (server/booking/book.ts sweepLapsedHolds):
-- the sweep reads them through this index instead of every appointment.
CREATE INDEX appointments_hold_expiry_idx ON appointments (hold_expires_at) WHERE status = 'held';
