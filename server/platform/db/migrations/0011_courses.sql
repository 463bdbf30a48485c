-- A course of care (issue 46, ADR 0046): several follow-up visits booked at once, in one
-- transaction. Each visit stays its own appointment (its own manage link, reminders, moves and
-- cancellation); the course row is what they share: who it is for, the rhythm it was booked in,
-- its own manage link's version ("cancel the remaining visits"), and the seam a deposit for the
-- whole course takes (issue 48).
CREATE TABLE courses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Read out on the phone, as a visit's BK-: CR- and five symbols of the same alphabet.
  reference text NOT NULL UNIQUE CHECK (reference ~ '^CR-[0-9A-Z]{5}$'),
  practitioner_id text NOT NULL REFERENCES practitioners (id),
  service_id text NOT NULL REFERENCES services (id),
  rhythm text NOT NULL CHECK (rhythm IN ('weekly', 'twice-weekly', 'fortnightly')),
  visits smallint NOT NULL CHECK (visits BETWEEN 2 AND 12),
  -- One per course form submission: the same submission again books nothing new.
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 8 AND 200),
  -- Part of the course link's signature: bumping it revokes every course link given out.
  manage_version integer NOT NULL DEFAULT 1,
  -- 'visitor' or a staff member's uid.
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A visit of a course: which course, and its place in it ("visit 3 of 6"; the size is the
-- course's as booked, so a cancelled visit does not renumber the others).
ALTER TABLE appointments
  ADD COLUMN course_id bigint REFERENCES courses (id) ON DELETE SET NULL,
  ADD COLUMN course_seq smallint,
  ADD COLUMN course_size smallint,
  ADD CONSTRAINT appointments_course_place CHECK ((course_id IS NULL) = (course_seq IS NULL) AND (course_seq IS NULL) = (course_size IS NULL) AND (course_seq IS NULL OR course_seq BETWEEN 1 AND course_size));
--> statement-breakpoint
CREATE INDEX appointments_course_idx ON appointments (course_id, course_seq) WHERE course_id IS NOT NULL;
