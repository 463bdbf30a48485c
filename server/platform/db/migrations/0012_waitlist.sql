-- The waitlist (issue 46 part 2, ADR 0047): patients for whom nothing suits say what would,
-- and a freed time is offered to them in the order they joined, a few at a time. The waitlist
-- listens to every change of time (server/booking/time-changes.ts) and writes its offers, and
-- their messages, in the change's own transaction.
CREATE TABLE waitlist_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Part of the entry's link's signature: bumping it revokes the links given out.
  manage_version integer NOT NULL DEFAULT 1,
  service_id text NOT NULL REFERENCES services (id),
  visit_kind text NOT NULL CHECK (visit_kind IN ('first', 'follow_up')),
  -- NULL: any practitioner who gives the service.
  practitioner_id text REFERENCES practitioners (id) ON DELETE CASCADE,
  -- The weekdays that suit (bit 0 Sunday … bit 6 Saturday) and the parts of the day (bit 0
  -- morning, before 12:00; bit 1 afternoon, 12:00–16:00; bit 2 evening, from 16:00).
  days smallint NOT NULL CHECK (days BETWEEN 1 AND 127),
  parts smallint NOT NULL CHECK (parts BETWEEN 1 AND 7),
  -- The last day that suits (Abuja date).
  until_date date NOT NULL,
  patient_name text NOT NULL CHECK (length(patient_name) BETWEEN 1 AND 200),
  -- E.164, proven by a one-time code (issue 44) before the entry is made.
  patient_phone text NOT NULL,
  patient_email text,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms', 'email')),
  consent_at timestamptz NOT NULL,
  -- The visit the patient holds and wants earlier than: an offer is only ever earlier, and
  -- taking it moves that visit (its later time freed in the same transaction).
  holding_appointment_id bigint REFERENCES appointments (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  ended_at timestamptz,
  ended_reason text CHECK (ended_reason IN ('taken', 'left', 'staff', 'lapsed')),
  CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
);
--> statement-breakpoint
-- The open entries of one practitioner (the staff page), in join order.
CREATE INDEX waitlist_entries_open_idx ON waitlist_entries (practitioner_id, created_at, id) WHERE ended_at IS NULL;
--> statement-breakpoint
-- The line itself: a round walks it in join order and stops at the first 200 that may want the time.
CREATE INDEX waitlist_entries_line_idx ON waitlist_entries (created_at, id) WHERE ended_at IS NULL;
--> statement-breakpoint
CREATE INDEX waitlist_entries_phone_idx ON waitlist_entries (patient_phone);
--> statement-breakpoint
-- One per change of time that freed some: what it freed, and how many offers went.
CREATE TABLE waitlist_rounds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cause text NOT NULL,
  freed jsonb NOT NULL,
  offers integer NOT NULL,
  at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE TABLE waitlist_offers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
  -- NULL: offered by hand by staff.
  round_id bigint REFERENCES waitlist_rounds (id) ON DELETE SET NULL,
  offered_by text NOT NULL,
  practitioner_id text NOT NULL REFERENCES practitioners (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES locations (id),
  starts_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'taken', 'gone', 'expired')),
  created_at timestamptz NOT NULL,
  -- When its message may go (quiet hours) plus the offer's life (WAITLIST_OFFER_MINUTES).
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- The visit it booked (or moved).
  appointment_id bigint REFERENCES appointments (id) ON DELETE SET NULL
);
--> statement-breakpoint
-- One live offer per entry at a time.
CREATE UNIQUE INDEX waitlist_offers_one_pending ON waitlist_offers (entry_id) WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX waitlist_offers_slot_idx ON waitlist_offers (practitioner_id, starts_at) WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX waitlist_offers_entry_idx ON waitlist_offers (entry_id, id);
--> statement-breakpoint
-- An offer's messages go by the patient messages' queue: a row is a visit's or an offer's.
ALTER TABLE messages ALTER COLUMN appointment_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE messages
  ADD COLUMN offer_id bigint REFERENCES waitlist_offers (id) ON DELETE CASCADE,
  ADD CONSTRAINT messages_one_subject CHECK ((appointment_id IS NULL) <> (offer_id IS NULL)),
  ADD CONSTRAINT messages_offer_kind_key UNIQUE (offer_id, kind);
--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('confirmation', 'change', 'cancellation', 'no_show', 'offer', 'offer_gone') OR kind ~ '^reminder_[1-9][0-9]*[hm]$');
