-- New-patient forms (issue 47, ADR 0044). The answers are encrypted by the application before
-- they get here (server/intake/crypto.ts): every column that holds what a patient wrote is a
-- sealed value `v1.<iv>.<tag>.<ciphertext>` (AES-256-GCM under the form's own data key), and the
-- data key itself is stored wrapped by a key-encryption key the database never sees.

-- The questions and consent texts, one row per version published; a saved section names its version.
CREATE TABLE intake_versions (
  version integer PRIMARY KEY CHECK (version > 0),
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The editor's uid ('clinic' for the first version), and their name as shown then.
  created_by text NOT NULL,
  created_by_name text NOT NULL
);
--> statement-breakpoint
CREATE TABLE intake_forms (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- One form per visit; it goes with the visit (erasure deletes the visit).
  appointment_id bigint NOT NULL UNIQUE REFERENCES appointments (id) ON DELETE CASCADE,
  -- Which key-encryption key wrapped the data key (a keyed hash of it, never the key).
  kek_id text NOT NULL CHECK (kek_id ~ '^[0-9a-f]{16}$'),
  wrapped_key text NOT NULL CHECK (wrapped_key LIKE 'v1.%'),
  -- HMAC of the date of birth under the data key: checked at the gate, useless without the key.
  dob_check text NOT NULL,
  -- Sealed: the date of birth and the sections as saved, and whether a red-flag question was
  -- answered yes. A withdrawn consent leaves only the date of birth (the gate's).
  answers text NOT NULL CHECK (answers LIKE 'v1.%'),
  flag text NOT NULL CHECK (flag LIKE 'v1.%'),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'withdrawn')),
  -- Which sections are saved, one bit each in the form's order (progress; says nothing of the answers).
  sections smallint NOT NULL DEFAULT 0,
  -- The version of the consent text signed, when submitted.
  consent_version integer REFERENCES intake_versions (version),
  submitted_at timestamptz,
  treatment_withdrawn_at timestamptz,
  -- Consent to keep the answers withdrawn: the answers are gone (status 'withdrawn'), the visit stays.
  data_withdrawn_at timestamptz,
  -- The date-of-birth gate: wrong tries in a row, and the lock they set.
  failed_attempts smallint NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until timestamptz,
  -- Raised to end every open session of the form (a lock, a withdrawal).
  session_version integer NOT NULL DEFAULT 1,
  -- When the clinic was told of a red flag (once per form).
  flag_notified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX intake_forms_kek_idx ON intake_forms (kek_id);
--> statement-breakpoint
-- Every time a member of staff read a form's answers: who and when (the patient's export lists them).
CREATE TABLE intake_reads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form_id bigint NOT NULL REFERENCES intake_forms (id) ON DELETE CASCADE,
  reader_uid text NOT NULL,
  reader_name text NOT NULL,
  reader_role text NOT NULL CHECK (reader_role IN ('admin', 'practitioner')),
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX intake_reads_form_idx ON intake_reads (form_id, at);
