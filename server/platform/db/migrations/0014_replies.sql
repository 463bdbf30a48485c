-- Replies to reminders that act (issue 46 part 3, ADR 0050): a patient's Confirm or Cancel (a
-- WhatsApp quick-reply button, or `1` / `2` typed on WhatsApp or by SMS) applies to the visit the
-- message was about; anything else goes to the staff inbox. One row per inbound message, its
-- provider's id unique: the same reply delivered twice is applied, and answered, once.
ALTER TABLE appointments ADD COLUMN confirmed_at timestamptz;
--> statement-breakpoint
CREATE TABLE message_replies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('whatsapp', 'termii')),
  provider_message_id text NOT NULL CHECK (length(provider_message_id) BETWEEN 1 AND 200),
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  -- E.164; emptied with the person's erasure (the row goes).
  from_phone text NOT NULL,
  received_at timestamptz NOT NULL,
  -- What the reply asked for: 'confirm', 'cancel', or NULL (not understood).
  intent text CHECK (intent IN ('confirm', 'cancel')),
  -- The visit it applied to (its reply context, a button's reference, or the phone's next visit).
  appointment_id bigint REFERENCES appointments (id) ON DELETE SET NULL,
  outcome text NOT NULL CHECK (outcome IN ('confirmed', 'cancelled', 'inside-notice', 'not-open', 'no-visit', 'unknown-number', 'not-understood')),
  -- What the patient is answered (sent by the messages worker, kind 'reply').
  answer text NOT NULL CHECK (length(answer) BETWEEN 1 AND 1000),
  -- The staff inbox's row for a reply that needs a person (requests kind 'reply').
  request_id bigint REFERENCES requests (id) ON DELETE SET NULL,
  CONSTRAINT message_replies_provider_message_key UNIQUE (provider, provider_message_id)
);
--> statement-breakpoint
CREATE INDEX message_replies_phone_idx ON message_replies (from_phone);
--> statement-breakpoint
CREATE INDEX message_replies_appointment_idx ON message_replies (appointment_id) WHERE appointment_id IS NOT NULL;
--> statement-breakpoint
-- A message row is a visit's, an offer's, or a reply's answer: exactly one of them.
ALTER TABLE messages
  ADD COLUMN reply_id bigint REFERENCES message_replies (id) ON DELETE CASCADE,
  ADD CONSTRAINT messages_reply_kind_key UNIQUE (reply_id, kind);
--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_one_subject;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_one_subject CHECK (num_nonnulls(appointment_id, offer_id, reply_id) = 1);
--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('confirmation', 'change', 'cancellation', 'no_show', 'offer', 'offer_gone', 'reply') OR kind ~ '^reminder_[1-9][0-9]*[hm]$');
--> statement-breakpoint
-- A patient's reply the server did not understand, in the staff inbox.
ALTER TABLE requests DROP CONSTRAINT requests_kind_check;
--> statement-breakpoint
ALTER TABLE requests ADD CONSTRAINT requests_kind_check CHECK (kind IN ('appointment', 'contact', 'quote', 'newsletter', 'comment', 'order', 'reply'));
--> statement-breakpoint
-- The waitlist's two gaps (ADR 0047, closed by ADR 0050): an offer let expire starts the next
-- round for its time by itself, once; `followed_at` says the sweep has seen it expire.
ALTER TABLE waitlist_offers ADD COLUMN followed_at timestamptz;
--> statement-breakpoint
CREATE INDEX waitlist_offers_unfollowed_idx ON waitlist_offers (expires_at) WHERE followed_at IS NULL AND status IN ('pending', 'expired');
--> statement-breakpoint
CREATE INDEX waitlist_entries_until_idx ON waitlist_entries (until_date) WHERE ended_at IS NULL;
