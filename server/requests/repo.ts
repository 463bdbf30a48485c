import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/db';
import type { NewRequest } from '../../shared/requests/schemas';
import { newsletterSubscribers, outbox, requestEvents, requests, type MailAttachment } from './schema';
import type { Store } from '../platform/db/store';
import { clinicNotification, newsletterAlreadySubscribed, newsletterConfirmation, type Mail } from './notifications';
import { newReference } from './reference';

export interface SubmitOptions {
  /** One per form submission: a resent form stores nothing new. */
  idempotencyKey: string;
  /**
   * The clinic's notification: the text is made here, from the kind and the new reference
   * only, so no health details ever reach an e-mail. null: no mail (e.g. a test).
   */
  notify: { to: string; publicOrigin: string } | null;
}

export interface SubmitRequestResult {
  reference: string;
  /** true when this idempotency key was seen before: `reference` is the first submission's. */
  duplicate: boolean;
}

/**
 * Stores a request, its first history event and its notification mail in one transaction.
 * Safe under concurrency: the second insert with the same key does nothing (ON CONFLICT)
 * and reads the first one's reference. After it resolves, wake the outbox worker.
 */
export async function submitRequest(store: Store, input: NewRequest, options: SubmitOptions): Promise<SubmitRequestResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await store.db.transaction(async (tx) => {
      const reference = newReference(input.kind);
      const [row] = await tx
        .insert(requests)
        .values({
          reference,
          kind: input.kind,
          idempotencyKey: options.idempotencyKey,
          name: input.name,
          email: input.email,
          phone: input.phone,
          payload: input.payload,
        })
        .onConflictDoNothing()
        .returning({ id: requests.id });
      if (!row) {
        const [first] = await tx.select({ reference: requests.reference }).from(requests).where(eq(requests.idempotencyKey, options.idempotencyKey));
        // No row with this key: the conflict was a reference clash; try again with a new one.
        return first ? { reference: first.reference, duplicate: true } : null;
      }
      await tx.insert(requestEvents).values({ requestId: row.id, actor: 'visitor', action: 'created', toStatus: 'new' });
      if (options.notify) await queueMail(tx, clinicNotification(input.kind, reference, options.notify.publicOrigin, options.notify.to), row.id);
      return { reference, duplicate: false };
    });
    if (result) return result;
  }
  throw new Error('submitRequest: could not find a free reference');
}

/**
 * Marks a request booked inside the caller's transaction (the booking domain turning a
 * call-back request into a booking, server/booking/book.ts): status, visit time, version and a
 * history event naming the booking. No mail: the booking sends its own. Erased or unknown
 * requests are not found. The row is locked until the caller commits.
 */
export async function markRequestBooked(
  tx: Tx,
  input: { reference: string; visitAt: Date; bookingReference: string; actor: { uid: string; name: string } },
): Promise<{ ok: true; requestId: number } | { ok: false; reason: 'not-found' }> {
  const [current] = await tx
    .select({ id: requests.id, status: requests.status })
    .from(requests)
    .where(and(eq(requests.reference, input.reference), isNull(requests.erasedAt)))
    .for('update');
  if (!current) return { ok: false, reason: 'not-found' };
  await tx
    .update(requests)
    .set({ status: 'booked', visitAt: input.visitAt, closedAt: null, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
    .where(eq(requests.id, current.id));
  await tx.insert(requestEvents).values({
    requestId: current.id,
    actor: input.actor.uid,
    action: 'status',
    fromStatus: current.status,
    toStatus: 'booked',
    detail: { by: input.actor.name, visitAt: input.visitAt.toISOString(), booking: input.bookingReference },
  });
  return { ok: true, requestId: current.id };
}

/**
 * The contact details of a request staff are turning into a booking (the booking domain's
 * phone-booking form fills them in). Erased or unknown requests: null.
 */
export async function requestContact(db: Store['db'], reference: string): Promise<{ reference: string; name: string | null; phone: string | null; email: string | null } | null> {
  const [row] = await db
    .select({ reference: requests.reference, name: requests.name, phone: requests.phone, email: requests.email })
    .from(requests)
    .where(and(eq(requests.reference, reference), isNull(requests.erasedAt)));
  return row ?? null;
}

/** Adds one mail to the outbox, inside the caller's transaction. */
export async function queueMail(tx: Tx, mail: Mail & { attachments?: MailAttachment[] }, requestId: number | null = null): Promise<void> {
  await tx.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments ?? null, requestId });
}

export interface ApprovedComment {
  reference: string;
  name: string | null;
  payload: Record<string, unknown>;
  publishedAt: Date;
}

/** Comments on a post that staff have published (oldest first); erased and spam ones never show. */
export async function approvedComments(store: Store, postId: string): Promise<ApprovedComment[]> {
  const rows = await store.db
    .select({ reference: requests.reference, name: requests.name, payload: requests.payload, publishedAt: requests.publishedAt })
    .from(requests)
    .where(
      and(
        eq(requests.kind, 'comment'),
        sql`${requests.payload}->>'postId' = ${postId}`,
        isNotNull(requests.publishedAt),
        isNull(requests.erasedAt),
        ne(requests.status, 'spam'),
      ),
    )
    .orderBy(asc(requests.publishedAt), asc(requests.id));
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt! }));
}

// --- Newsletter (double opt-in) --------------------------------------------------------

const CONFIRM_TOKEN_DAYS = 7;
const token = () => randomBytes(24).toString('base64url');

/**
 * Asks for a subscription: a pending row and a confirmation mail. An address that is
 * already confirmed gets an "already subscribed" mail instead (confirmToken null), so
 * the answer to the visitor must be the same in both cases: nothing leaks whether it exists.
 */
export async function subscribe(store: Store, input: { email: string; publicOrigin: string }): Promise<{ confirmToken: string | null }> {
  const email = input.email.trim().toLowerCase();
  return store.db.transaction(async (tx) => {
    const confirmToken = token();
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({ email, confirmToken, unsubscribeToken: token() })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    if (!created) {
      const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
      if (existing?.status === 'confirmed') {
        await queueMail(tx, newsletterAlreadySubscribed(email, input.publicOrigin, existing.unsubscribeToken));
        return { confirmToken: null };
      }
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'pending', confirmToken, updatedAt: sql`now()` })
        .where(eq(newsletterSubscribers.email, email));
    }
    await queueMail(tx, newsletterConfirmation(email, input.publicOrigin, confirmToken));
    return { confirmToken };
  });
}

/** Confirms a pending subscription (token valid for 7 days). true when the token was good. */
export async function confirm(store: Store, confirmToken: string): Promise<boolean> {
  const rows = await store.db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmToken: null, confirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(newsletterSubscribers.confirmToken, confirmToken),
        eq(newsletterSubscribers.status, 'pending'),
        sql`${newsletterSubscribers.updatedAt} > now() - make_interval(days => ${CONFIRM_TOKEN_DAYS})`,
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** Unsubscribes (idempotent). true when the token belongs to a subscriber. */
export async function unsubscribe(store: Store, unsubscribeToken: string): Promise<boolean> {
  const rows = await store.db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', confirmToken: null, unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(newsletterSubscribers.unsubscribeToken, unsubscribeToken))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
