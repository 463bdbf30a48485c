-- Issue 34: the staff inbox at a million requests (docs/staff-inbox.md, ADR 0032).
--
-- The list is read newest first and paged by its last row (created_at, id), never by OFFSET;
-- every filter the page offers is an equality on kind and/or status followed by that order, so
-- each combination has an index that hands the rows over already sorted. The search looks for
-- a part of a name or of a phone number (trigram GIN indexes: pg_trgm, which PGlite ships as
-- a bundled extension, loaded in server/platform/db/store.ts) and for the start of a reference
-- (a btree with text_pattern_ops, so LIKE 'APT-7K%' is a range scan under any collation).
--
-- Plain CREATE INDEX: migrations run in one transaction (CONCURRENTLY cannot). On a clinic's
-- database this takes seconds; at 1,000,000 rows about a minute, during which writes to
-- requests wait.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The unfiltered list, its first and last page, and the CSV export's batches (forward or back).
CREATE INDEX requests_created_id_idx ON requests (created_at, id);
--> statement-breakpoint
DROP INDEX requests_created_idx;
--> statement-breakpoint
-- Filtered by status (the "New" view, the header's count of new requests), by kind, by both.
CREATE INDEX requests_status_created_id_idx ON requests (status, created_at, id);
--> statement-breakpoint
CREATE INDEX requests_kind_created_id_idx ON requests (kind, created_at, id);
--> statement-breakpoint
CREATE INDEX requests_kind_status_created_id_idx ON requests (kind, status, created_at, id);
--> statement-breakpoint
DROP INDEX requests_kind_status_created_idx;
--> statement-breakpoint
-- Search: any part of a name (ILIKE '%…%'), any run of a phone number's digits (LIKE '%…%').
CREATE INDEX requests_name_trgm_idx ON requests USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX requests_phone_trgm_idx ON requests USING gin (phone gin_trgm_ops);
--> statement-breakpoint
-- A whole phone number (as typed, turned into E.164) and a person's requests by phone (erasure, export).
CREATE INDEX requests_phone_idx ON requests (phone);
--> statement-breakpoint
-- The start of a reference (LIKE 'APT-7K%'); the unique index serves exact matches.
CREATE INDEX requests_reference_prefix_idx ON requests (reference text_pattern_ops);
