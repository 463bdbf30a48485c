-- The store behind the clinic's forms: requests and their history, the mail outbox,
-- shared rate limits and newsletter subscribers.
-- Plain SQL that PostgreSQL 15+ and PGlite both accept. Statements are separated by
-- "--> statement-breakpoint" lines: PGlite runs each one as a prepared statement,
-- which takes one command at a time.

CREATE TABLE requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('appointment', 'contact', 'quote', 'newsletter', 'comment', 'order')),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'booked', 'closed', 'spam')),
  version integer NOT NULL DEFAULT 1,
  idempotency_key text NOT NULL UNIQUE,
  name text,
  email text,
  phone text CHECK (phone IS NULL OR phone ~ '^\+[1-9][0-9]{6,14}$'),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  visit_at timestamptz,
  note text,
  published_at timestamptz,
  erased_at timestamptz
);
--> statement-breakpoint
CREATE INDEX requests_kind_status_created_idx ON requests (kind, status, created_at DESC);
--> statement-breakpoint
CREATE INDEX requests_created_idx ON requests (created_at);
--> statement-breakpoint
CREATE INDEX requests_comment_post_idx ON requests ((payload->>'postId'), published_at) WHERE kind = 'comment';
--> statement-breakpoint
CREATE TABLE request_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  from_status text,
  to_status text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
CREATE INDEX request_events_request_idx ON request_events (request_id, at);
--> statement-breakpoint
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id bigint REFERENCES requests (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  attachments jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status = 'pending';
--> statement-breakpoint
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE newsletter_subscribers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  confirm_token text UNIQUE,
  unsubscribe_token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
