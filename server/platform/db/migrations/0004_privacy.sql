-- Issue 34: what the store keeps of a person, and for how long.
--
-- Idempotency keys were unsalted SHA-256 hashes of the typed values (anyone holding the
-- database could confirm a guessed e-mail or phone) and were kept for good. Now they are
-- HMACs salted with FORM_KEY_SECRET (server/requests/keys.ts), held only while a request is
-- open and at most a day: the old ones are dropped (a key only matters for a day anyway).
ALTER TABLE requests ALTER COLUMN idempotency_key DROP NOT NULL;
--> statement-breakpoint
UPDATE requests SET idempotency_key = NULL;
--> statement-breakpoint
-- The hourly sweep of expired keys reads only rows that still hold one.
CREATE INDEX requests_idempotency_expiry_idx ON requests (created_at) WHERE idempotency_key IS NOT NULL;
