-- Booking that nobody can hoard or misuse (issue 44, ADR 0037).
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
