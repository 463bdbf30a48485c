-- Deposits for visits, in naira through Paystack (issue 48, ADR 0048). The rule per service is
-- the clinic's money policy, not site content: an admin sets it and it applies at once (no
-- draft). No row: no deposit (the default).
CREATE TABLE service_deposits (
  service_id text PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
  -- 'first': first visits only; 'every': every visit.
  rule text NOT NULL CHECK (rule IN ('first', 'every')),
  -- Kobo, whole: ₦1 to ₦1,000,000.
  amount_kobo integer NOT NULL CHECK (amount_kobo BETWEEN 100 AND 100000000),
  -- Shown before paying: when it is refunded, when it is kept.
  policy text NOT NULL CHECK (length(policy) BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);
--> statement-breakpoint
-- One row per attempt to pay: one Paystack reference each. The visit's time is held meanwhile
-- (appointments, status 'held'); the hold's row goes when it lapses, so hold_id is no key.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE CHECK (reference ~ '^[A-Za-z0-9.=-]{6,100}$'),
  -- The booking form shown (its idempotency key): a second attempt from it after a payment
  -- answers that payment's booking.
  form_key text NOT NULL,
  hold_id bigint,
  hold_token text,
  -- The booking it paid for: one payment per booking, one booking per payment (the booking's
  -- idempotency key is 'pay:' || reference, unique in appointments).
  appointment_id bigint UNIQUE REFERENCES appointments (id) ON DELETE SET NULL,
  service_id text NOT NULL REFERENCES services (id),
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
  -- pending: checkout started; paid: verified and booked; failed: failed, abandoned or refused
  -- (amount, currency); refunded / part-refunded: money given back (refunds below).
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'refunded', 'part-refunded')),
  -- booked; late-booked: paid after the hold lapsed, the time still free; late-refunded: paid
  -- after the time was taken, refunded at once; refused: verified but not as asked.
  outcome text CHECK (outcome IN ('booked', 'late-booked', 'late-refunded', 'refused')),
  email text NOT NULL,
  -- What the patient typed (the booking form), until the booking is made from it.
  booking jsonb,
  paystack_id bigint,
  channel text,
  paid_at timestamptz,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX payments_created ON payments (created_at);
--> statement-breakpoint
CREATE INDEX payments_form_key ON payments (form_key);
--> statement-breakpoint
CREATE TABLE payment_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  -- cancelled: the visit cancelled in time; late: paid after the time was taken; staff: by hand.
  reason text NOT NULL CHECK (reason IN ('cancelled', 'late', 'staff')),
  -- Once per cause: 'cancelled:<payment>', 'late:<payment>', 'staff:<the form's key>'.
  key text NOT NULL UNIQUE,
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  -- pending: to send; sending: sent to Paystack, no answer yet; queued: Paystack took it;
  -- processed: the money is back; failed: Paystack refused it (staff are told).
  status text NOT NULL CHECK (status IN ('pending', 'sending', 'queued', 'processed', 'failed')),
  paystack_id text,
  expected_at timestamptz,
  error text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- An automatic refund happens once per payment, whatever its cause.
CREATE UNIQUE INDEX payment_refunds_automatic ON payment_refunds (payment_id) WHERE reason IN ('cancelled', 'late');
--> statement-breakpoint
CREATE INDEX payment_refunds_due ON payment_refunds (id) WHERE status = 'pending';
