-- Patient messages (issue 32, ADR 0031): one row per appointment and kind, written in the
-- booking's transaction and sent by the messages worker (server/messages/worker.ts).
CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  appointment_id bigint NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  -- A reminder's kind names its offset before the visit (reminder_24h, reminder_2h, reminder_90m),
  -- so each configured reminder is its own row under the unique key below.
  kind text NOT NULL CHECK (kind IN ('confirmation', 'change', 'cancellation', 'no_show') OR kind ~ '^reminder_[1-9][0-9]*[hm]$'),
  -- The channel in use: the patient's choice first, then the fallback after a refusal.
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms', 'email')),
  -- Where it goes (E.164 or an e-mail address); emptied by the erasure of the person.
  destination text,
  status text NOT NULL CHECK (status IN ('scheduled', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled')),
  -- When it is meant to go (quiet hours already applied); next_attempt_at moves with retries.
  due_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- A worker's claim: status 'sending' until then; after it, another worker may take the row.
  locked_until timestamptz,
  provider text,
  provider_id text,
  -- The class of the last failure ('retry: HTTP 503', 'refused: 131026', 'opted-out'…), never content.
  last_error text CHECK (last_error IS NULL OR length(last_error) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  CHECK ((status = 'sending') = (locked_until IS NOT NULL)),
  -- Exactly once per appointment and kind.
  CONSTRAINT messages_appointment_kind_key UNIQUE (appointment_id, kind)
);
--> statement-breakpoint
CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE status IN ('scheduled', 'sending');
--> statement-breakpoint
CREATE INDEX messages_provider_idx ON messages (provider_id) WHERE provider_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX messages_destination_idx ON messages (destination) WHERE destination IS NOT NULL;
--> statement-breakpoint
-- STOP, the WhatsApp opt-out, or a provider's opt-out refusal: the channel is not used for that
-- destination again unless the patient consents anew at a later booking (consent after `at`).
CREATE TABLE message_opt_outs (
  destination text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms', 'email')),
  at timestamptz NOT NULL DEFAULT now(),
  source text NOT NULL CHECK (source IN ('whatsapp-inbound', 'sms-inbound', 'provider-refusal', 'staff')),
  PRIMARY KEY (destination, channel)
);
--> statement-breakpoint
CREATE INDEX appointments_patient_phone_idx ON appointments (patient_phone) WHERE patient_phone IS NOT NULL;
