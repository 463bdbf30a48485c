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
--> statement-breakpoint
-- What is kept of someone who unsubscribed: a salted hash of the address (HMAC with a key
-- derived from FORM_KEY_SECRET), so it is never added again without a new consent, and the
-- link's token, so that a second click still answers "unsubscribed". Nothing readable.
CREATE TABLE newsletter_suppressions (
  email_hash text PRIMARY KEY,
  unsubscribe_token text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- What a mail is about when it belongs to no request: 'newsletter' for the newsletter's own
-- mails (confirmation, "already subscribed"), which unsubscribing removes. NULL: a request's mail.
ALTER TABLE outbox ADD COLUMN topic text CHECK (topic IS NULL OR topic IN ('newsletter'));
--> statement-breakpoint
UPDATE outbox SET topic = 'newsletter' WHERE request_id IS NULL AND to_address IN (SELECT email FROM newsletter_subscribers);
--> statement-breakpoint
-- A published comment is public content: any change to what its post shows (approved,
-- set to spam or back, erased, deleted) bumps the content version, which every instance polls
-- to empty its page cache (server/app/content-sync.ts), whichever code or person made it.
CREATE TRIGGER requests_public_comment_changed AFTER UPDATE ON requests FOR EACH ROW
  WHEN (OLD.kind = 'comment' AND (OLD.published_at IS NOT NULL OR NEW.published_at IS NOT NULL) AND (
    OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.status IS DISTINCT FROM NEW.status OR OLD.erased_at IS DISTINCT FROM NEW.erased_at
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.payload IS DISTINCT FROM NEW.payload))
  EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER requests_public_comment_deleted AFTER DELETE ON requests FOR EACH ROW
  WHEN (OLD.kind = 'comment' AND OLD.published_at IS NOT NULL)
  EXECUTE FUNCTION bump_content_version();
