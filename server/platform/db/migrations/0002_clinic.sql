-- The clinic's own facts as data: where it is, when it is open, who works there and what
-- they offer. Seeded at first start from server/clinic/seed.ts (server/app/store.ts); pages
-- read them through loaders. Any change bumps content_version, which every instance polls to
-- empty its page cache (server/platform/content-version.ts).

CREATE TABLE locations (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]+$'),
  name text NOT NULL,
  street text,
  area text,
  city text NOT NULL,
  region text,
  country_code text NOT NULL DEFAULT 'NG',
  latitude double precision,
  longitude double precision,
  map_href text,
  time_zone text NOT NULL DEFAULT 'Africa/Lagos',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'planned')),
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE opening_hours (
  location_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  -- 0 Sunday … 6 Saturday; a day without a row is closed.
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  opens time NOT NULL,
  closes time NOT NULL,
  PRIMARY KEY (location_id, weekday, opens),
  CHECK (closes > opens)
);
--> statement-breakpoint
CREATE TABLE services (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  name text NOT NULL,
  summary text NOT NULL,
  first_visit_minutes integer NOT NULL CHECK (first_visit_minutes BETWEEN 5 AND 480),
  follow_up_minutes integer NOT NULL CHECK (follow_up_minutes BETWEEN 5 AND 480),
  -- Kept free after a visit (notes, cleaning the room) before the practitioner's next one.
  buffer_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_minutes BETWEEN 0 AND 120),
  -- Naira, whole; null: price on request.
  price_ngn integer CHECK (price_ngn >= 0),
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE practitioners (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]+$'),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  name text NOT NULL,
  title text NOT NULL,
  bio text NOT NULL,
  portrait_src text NOT NULL,
  portrait_width integer NOT NULL,
  portrait_height integer NOT NULL,
  portrait_alt text NOT NULL,
  -- Patients can book this person (clinicians); administrators are on the team pages only.
  bookable boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE practitioner_services (
  practitioner_id text NOT NULL REFERENCES practitioners (id) ON DELETE CASCADE,
  service_id text NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  PRIMARY KEY (practitioner_id, service_id)
);
--> statement-breakpoint
CREATE TABLE content_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1,
  changed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO content_version DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1, changed_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_content AFTER INSERT OR UPDATE OR DELETE ON locations FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER opening_hours_content AFTER INSERT OR UPDATE OR DELETE ON opening_hours FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER services_content AFTER INSERT OR UPDATE OR DELETE ON services FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER practitioners_content AFTER INSERT OR UPDATE OR DELETE ON practitioners FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER practitioner_services_content AFTER INSERT OR UPDATE OR DELETE ON practitioner_services FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
