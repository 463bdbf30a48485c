-- Booking into real free times (issue 31). When each practitioner works (weekly plans with
-- history, date exceptions, clinic closures), the appointments themselves with their history,
-- and the practitioners' private calendar feeds. Times of day are the location's wall clock
-- (Africa/Lagos, UTC+1 all year); moments are timestamptz. Seeded by server/booking/seed.ts
-- (step 0003_booking_seed in server/app/store.ts).
--
-- The last guard against a double booking is the exclusion constraint on appointments:
-- whatever the code checked before, two active rows of one practitioner can never overlap.
-- btree_gist lets a GiST index compare the practitioner's id with '='. It is a trusted
-- extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it as a
-- bundled extension (server/platform/db/store.ts).

CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- A practitioner's week: one row per working interval (a day may have two, e.g. at two
-- locations), with its breaks. A change never edits a row: it closes the current one
-- (valid_to, closed_by, closed_at) and adds the new one, so the rows are the history and a
-- plan can start on a future date. Valid on date D: valid_from <= D < valid_to (null: open).
CREATE TABLE working_plans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practitioner_id text NOT NULL REFERENCES practitioners (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  -- 0 Sunday … 6 Saturday, as opening_hours.
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  starts time NOT NULL,
  ends time NOT NULL,
  -- [{"start":"13:00","end":"14:00"}, …], inside the interval (checked by the code that writes it).
  breaks jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(breaks) = 'array'),
  valid_from date NOT NULL,
  valid_to date,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  closed_at timestamptz,
  closed_by text,
  CHECK (ends > starts),
  CHECK (valid_to IS NULL OR valid_to >= valid_from),
  CHECK ((valid_to IS NULL) = (closed_at IS NULL))
);
--> statement-breakpoint
CREATE INDEX working_plans_current_idx ON working_plans (practitioner_id, weekday) WHERE valid_to IS NULL;
--> statement-breakpoint
-- One day that differs from the plan: time off (the whole day when starts is null), extra
-- hours, or a different plan for that day (all 'replace_day' rows of the date together are the
-- day's plan). Removed softly (removed_at), so the history stays. The note is for staff only.
CREATE TABLE schedule_exceptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practitioner_id text NOT NULL REFERENCES practitioners (id) ON DELETE CASCADE,
  on_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('time_off', 'extra_hours', 'replace_day')),
  -- Where the extra or replacing hours are; null for time off (which applies everywhere).
  location_id text REFERENCES locations (id) ON DELETE CASCADE,
  starts time,
  ends time,
  breaks jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(breaks) = 'array'),
  note text CHECK (note IS NULL OR length(note) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  removed_at timestamptz,
  removed_by text,
  CHECK ((starts IS NULL) = (ends IS NULL)),
  CHECK (ends IS NULL OR ends > starts),
  CHECK (kind = 'time_off' OR (starts IS NOT NULL AND location_id IS NOT NULL)),
  CHECK (kind <> 'time_off' OR location_id IS NULL),
  CHECK ((removed_at IS NULL) = (removed_by IS NULL))
);
--> statement-breakpoint
CREATE INDEX schedule_exceptions_date_idx ON schedule_exceptions (on_date, practitioner_id) WHERE removed_at IS NULL;
--> statement-breakpoint
-- Days (or part of one) when nobody is booked: public holidays, a location's own closures.
-- location_id null: every location.
CREATE TABLE closures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id text REFERENCES locations (id) ON DELETE CASCADE,
  on_date date NOT NULL,
  starts time,
  ends time,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  removed_at timestamptz,
  removed_by text,
  CHECK ((starts IS NULL) = (ends IS NULL)),
  CHECK (ends IS NULL OR ends > starts),
  CHECK ((removed_at IS NULL) = (removed_by IS NULL))
);
--> statement-breakpoint
CREATE INDEX closures_date_idx ON closures (on_date) WHERE removed_at IS NULL;
--> statement-breakpoint
CREATE TABLE appointments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Read out on the phone: BK- and five symbols of the requests' alphabet (shared/booking/reference.ts).
  reference text NOT NULL UNIQUE CHECK (reference ~ '^BK-[0-9A-Z]{5}$'),
  -- No cascade: a practitioner, service or location with appointments is kept (bookable = false).
  practitioner_id text NOT NULL REFERENCES practitioners (id),
  service_id text NOT NULL REFERENCES services (id),
  location_id text NOT NULL REFERENCES locations (id),
  visit_kind text NOT NULL CHECK (visit_kind IN ('first', 'follow_up')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- The time taken from the practitioner's day: the visit and the service's buffer after it,
  -- as the service had it when booked (a later change of buffer does not move existing rows).
  blocked tstzrange NOT NULL,
  status text NOT NULL CHECK (status IN ('held', 'booked', 'arrived', 'completed', 'no_show', 'cancelled')),
  -- A hold (status 'held') lapses then; the booking transaction deletes lapsed holds that stand
  -- in its way (a constraint's predicate cannot call now()).
  hold_expires_at timestamptz,
  -- The patient: a hold has none yet; every other status has a name and a phone.
  patient_name text CHECK (patient_name IS NULL OR length(patient_name) BETWEEN 1 AND 120),
  patient_phone text CHECK (patient_phone IS NULL OR patient_phone ~ '^\+[1-9][0-9]{6,14}$'),
  patient_email text CHECK (patient_email IS NULL OR length(patient_email) <= 254),
  -- The signed-in patient's uid (their account page lists their visits).
  patient_uid text,
  -- How reminders reach the patient (issue 32's messages table references this row), and when
  -- they agreed to receive them: a consent of its own, separate from the booking (NDPA 2023).
  reminder_channel text NOT NULL DEFAULT 'none' CHECK (reminder_channel IN ('whatsapp', 'sms', 'email', 'none')),
  reminders_consent_at timestamptz,
  -- One per booking form submission (or per hold): the same submission again books nothing new.
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 8 AND 200),
  -- Part of every manage link's signature: bumping it revokes every link given out so far.
  manage_version integer NOT NULL DEFAULT 1,
  -- Bumped by every change: a staff change that names a stale version is refused.
  version integer NOT NULL DEFAULT 1,
  -- The call-back request staff turned into this booking.
  request_id bigint REFERENCES requests (id) ON DELETE SET NULL,
  -- 'visitor' or a staff member's uid.
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  CHECK (ends_at > starts_at),
  CHECK (lower(blocked) = starts_at AND upper(blocked) >= ends_at AND lower_inc(blocked) AND NOT upper_inc(blocked)),
  CHECK ((status = 'held') = (hold_expires_at IS NOT NULL)),
  CHECK (status = 'held' OR (patient_name IS NOT NULL AND patient_phone IS NOT NULL)),
  CHECK (reminder_channel = 'none' OR reminders_consent_at IS NOT NULL),
  CHECK (reminder_channel <> 'email' OR patient_email IS NOT NULL),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CONSTRAINT appointments_no_overlap EXCLUDE USING gist (practitioner_id WITH =, blocked WITH &&)
    WHERE (status IN ('held', 'booked', 'arrived', 'completed', 'no_show'))
);
--> statement-breakpoint
CREATE INDEX appointments_starts_idx ON appointments (starts_at);
--> statement-breakpoint
CREATE INDEX appointments_patient_uid_idx ON appointments (patient_uid, starts_at) WHERE patient_uid IS NOT NULL;
--> statement-breakpoint
CREATE INDEX appointments_request_idx ON appointments (request_id) WHERE request_id IS NOT NULL;
--> statement-breakpoint
CREATE TABLE appointment_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  appointment_id bigint NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  -- 'visitor', 'system' or a staff member's uid.
  actor text NOT NULL,
  action text NOT NULL,
  from_status text,
  to_status text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
CREATE INDEX appointment_events_appointment_idx ON appointment_events (appointment_id, at);
--> statement-breakpoint
-- A practitioner's private iCalendar feed: the URL carries a random secret, the database only
-- its SHA-256 (a leaked table does not open any feed). Revoked softly.
CREATE TABLE calendar_feeds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practitioner_id text NOT NULL REFERENCES practitioners (id) ON DELETE CASCADE,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text,
  CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
);
--> statement-breakpoint
CREATE INDEX calendar_feeds_practitioner_idx ON calendar_feeds (practitioner_id) WHERE revoked_at IS NULL;
