-- Booking that nobody can hoard or misuse (issue 44, ADR 0042).
--
-- Inbound provider events already applied: a webhook delivered twice, or replayed with its
-- valid signature, is applied once (server/messages/webhooks.ts). Kept 30 days (the providers
-- retry for a few days at most); an older replay still changes nothing, because an opt-out
-- older than the consent it would withdraw is ignored.
CREATE TABLE webhook_events (
  provider text NOT NULL CHECK (provider IN ('whatsapp', 'termii')),
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
--> statement-breakpoint
-- When the patient proved they hold the phone a visit was booked with (a one-time code, or staff
-- who took the number on the phone), and the e-mail address (the link in the confirmation).
-- No message goes to a phone never proven, no e-mail beyond the confirmation to an address never proven.
ALTER TABLE appointments ADD COLUMN phone_proven_at timestamptz, ADD COLUMN email_proven_at timestamptz;
--> statement-breakpoint
-- Visits staff booked before this: they took the number and the address from the patient.
UPDATE appointments SET phone_proven_at = created_at, email_proven_at = CASE WHEN patient_email IS NOT NULL THEN created_at END WHERE created_by <> 'visitor';
--> statement-breakpoint
-- One-time codes sent to a phone before it books online: only the salted HMAC of the code is
-- kept, with its attempts and expiry (server/booking/phone-proof.ts). Deleted a day after.
CREATE TABLE phone_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX phone_codes_phone_idx ON phone_codes (phone, created_at);
--> statement-breakpoint
CREATE INDEX phone_codes_created_idx ON phone_codes (created_at);
--> statement-breakpoint
-- A signed-in patient's proven phones: they skip the code on any browser while the proof is fresh.
CREATE TABLE patient_phones (
  uid text NOT NULL,
  phone text NOT NULL,
  proven_at timestamptz NOT NULL,
  PRIMARY KEY (uid, phone)
);
--> statement-breakpoint
CREATE INDEX patient_phones_phone_idx ON patient_phones (phone);
--> statement-breakpoint
-- Who hit a limit, for staff (/staff/booking-limits): the cap, the phone and the client's address
-- (an IPv4 address or an IPv6 /64) as given, the visit for a move. Kept 90 days; erased with the person.
CREATE TABLE booking_refusals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  cap text NOT NULL CHECK (cap IN ('future-visits', 'visits-a-day', 'per-address', 'per-network', 'moves-a-day', 'codes-per-phone', 'codes-clinic', 'code-attempts')),
  phone text,
  address text,
  appointment_id bigint REFERENCES appointments (id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX booking_refusals_at_idx ON booking_refusals (at);
--> statement-breakpoint
CREATE INDEX booking_refusals_phone_idx ON booking_refusals (phone) WHERE phone IS NOT NULL;
--> statement-breakpoint
-- The caps count a phone's future visits booked online.
CREATE INDEX appointments_phone_starts_idx ON appointments (patient_phone, starts_at) WHERE status = 'booked';
