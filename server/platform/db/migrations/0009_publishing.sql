-- The clinic edits its own site (issue 45, ADR 0037). Two halves:
--  * what the pages read (published content only): new columns of the clinic's tables, the
--    clinic's details and FAQ, the blog's posts and the gallery's pictures, each table with the
--    content-version trigger, so a publish empties every instance's page cache;
--  * the editor's own records: one entry per editable item with its draft, its scheduled
--    publication and its optimistic version; every publish a revision; renamed addresses; the
--    media library. Filled from the site's first content by the step 0009_publishing_seed.

ALTER TABLE services ADD COLUMN body jsonb;
--> statement-breakpoint
ALTER TABLE services ADD COLUMN points text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- The picture as pages show it ({ src, width, height, alt, media? }, media an upload's
-- MediaPicture); null: none.
ALTER TABLE services ADD COLUMN picture jsonb;
--> statement-breakpoint
-- Offered in the online booking; false: the service page says to call.
ALTER TABLE services ADD COLUMN bookable_online boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- Shown on the team pages (and bookable online only when shown).
ALTER TABLE practitioners ADD COLUMN visible boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- An uploaded portrait (its MediaPicture: the copies the pipeline made); null for the illustrated ones.
ALTER TABLE practitioners ADD COLUMN portrait_media jsonb;
--> statement-breakpoint
CREATE TABLE clinic_details (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE faqs (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]+$'),
  question text NOT NULL,
  answer text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE posts (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]+$'),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text NOT NULL,
  excerpt text NOT NULL,
  body jsonb NOT NULL,
  cover jsonb NOT NULL,
  category text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  -- A member of the team (by id); the name as published, should they leave.
  author_id text,
  author_name text NOT NULL,
  published_at timestamptz NOT NULL,
  comments_open boolean NOT NULL DEFAULT true,
  -- The template's sample count of earlier comments (the seed's posts); 0 for new posts.
  sample_comments integer NOT NULL DEFAULT 0,
  reading_minutes integer NOT NULL CHECK (reading_minutes BETWEEN 1 AND 120),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX posts_published_idx ON posts (published_at DESC, id);
--> statement-breakpoint
CREATE TABLE gallery_items (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]+$'),
  -- 'gallery': the home page's filterable gallery; 'portfolio': the portfolio pages.
  collection text NOT NULL CHECK (collection IN ('gallery', 'portfolio')),
  picture jsonb NOT NULL,
  caption text NOT NULL,
  category text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX gallery_items_collection_idx ON gallery_items (collection, sort, id);
--> statement-breakpoint
CREATE TRIGGER clinic_details_content AFTER INSERT OR UPDATE OR DELETE ON clinic_details FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER faqs_content AFTER INSERT OR UPDATE OR DELETE ON faqs FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER posts_content AFTER INSERT OR UPDATE OR DELETE ON posts FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER gallery_items_content AFTER INSERT OR UPDATE OR DELETE ON gallery_items FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- One editable item's editorial state: its working copy (the form's fields as typed, valid or
-- not, so nothing typed is lost), the version every save moves (two editors: the second save is
-- told), its last revision, and a publication waiting for its time. What is live is the public
-- table's row (services, posts…), so a change made there by hand is what the editor starts from.
CREATE TABLE content_entries (
  kind text NOT NULL CHECK (kind IN ('service', 'practitioner', 'location', 'details', 'post', 'faq', 'gallery', 'portfolio')),
  id text NOT NULL CHECK (id ~ '^[a-z0-9-]+$'),
  draft jsonb,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  draft_saved_at timestamptz,
  draft_saved_by text,
  revision integer NOT NULL DEFAULT 0,
  published_at timestamptz,
  scheduled jsonb,
  scheduled_for timestamptz,
  scheduled_by_uid text,
  scheduled_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id),
  CHECK ((scheduled IS NULL) = (scheduled_for IS NULL))
);
--> statement-breakpoint
CREATE INDEX content_entries_due_idx ON content_entries (scheduled_for) WHERE scheduled_for IS NOT NULL;
--> statement-breakpoint
-- Every publish (now, at its time, or a restore): who, when, what changed, and the document.
CREATE TABLE content_revisions (
  kind text NOT NULL,
  id text NOT NULL,
  n integer NOT NULL CHECK (n >= 1),
  doc jsonb NOT NULL,
  changed text[] NOT NULL DEFAULT '{}',
  by_uid text,
  by_name text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  note text NOT NULL DEFAULT '',
  PRIMARY KEY (kind, id, n),
  FOREIGN KEY (kind, id) REFERENCES content_entries (kind, id) ON DELETE CASCADE
);
--> statement-breakpoint
-- An address that moved (a renamed post): answered with a 301 to where it went.
CREATE TABLE content_redirects (
  from_path text PRIMARY KEY,
  to_path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_path <> to_path)
);
--> statement-breakpoint
CREATE TRIGGER content_redirects_content AFTER INSERT OR UPDATE OR DELETE ON content_redirects FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- The media library: each uploaded picture (its MediaPicture: the copies server/platform/media
-- made and stored, by the upload's content hash) and who uploaded it. A picture in use is not
-- deleted (the library says where it is used).
CREATE TABLE media (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  picture jsonb NOT NULL,
  original_name text NOT NULL,
  -- The upload's size in bytes and type, read from its content.
  bytes integer NOT NULL,
  source_type text NOT NULL,
  uploaded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
