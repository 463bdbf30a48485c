import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/db';
import type { NewRequest } from '../../shared/requests/schemas';
import { outbox, queueMail } from '../platform/mail/outbox';
import { newsletterSubscribers, newsletterSuppressions, requestEvents, requests } from './schema';
import type { FormKeys } from './keys';
import type { Store } from '../platform/db/store';
import { clinicNotification, newsletterAlreadySubscribed, newsletterConfirmation } from './notifications';
import { newReference } from './reference';

export interface SubmitOptions {
  /** One per form submission (server/requests/keys.ts): a resent form stores nothing new while its key lives. */
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

/** How long the same submission sent again is the same request. */
export const IDEMPOTENCY_KEY_TTL = sql`interval '1 day'`;

/**
 * A request's key no longer stands for a resend once it is a day old, or once staff closed it
 * or marked it spam, or the person was erased: the same submission then is a new request (a
 * patient writing again must never be answered "sent" while nothing is stored).
 */
export const keyExpired: SQL = or(
  lt(requests.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL}`),
  inArray(requests.status, ['closed', 'spam']),
  isNotNull(requests.erasedAt),
)!;

/**
 * Stores a request, its first history event and its notification mail in one transaction.
 * Safe under concurrency: the second insert with the same key does nothing (ON CONFLICT)
 * and reads the first one's reference. After it resolves, wake the outbox worker.
 */
export async function submitRequest(store: Store, input: NewRequest, options: SubmitOptions): Promise<SubmitRequestResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await store.db.transaction(async (tx) => {
      // An earlier request with this key that is no longer open, or a day old, lets it go (the
      // row lock makes a concurrent twin wait, then find the new request's key instead).
      await tx.update(requests).set({ idempotencyKey: null }).where(and(eq(requests.idempotencyKey, options.idempotencyKey), keyExpired));
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
      if (options.notify) await queueMail(tx, clinicNotification(input.kind, reference, options.notify.publicOrigin, options.notify.to), { requestId: row.id });
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
 * Clears the keys that have expired (the server's hourly housekeeping, server/main.ts): a key is kept only
 * as long as it can match a resend, a day at most.
 */
export async function expireIdempotencyKeys(store: Store): Promise<number> {
  const cleared = await store.db
    .update(requests)
    .set({ idempotencyKey: null })
    .where(and(isNotNull(requests.idempotencyKey), keyExpired))
    .returning({ id: requests.id });
  return cleared.length;
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
 * An address that unsubscribed before is asked again like any other: only the confirmation
 * (a new consent) adds it, and lifts its suppression.
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
        await queueMail(tx, newsletterAlreadySubscribed(email, input.publicOrigin, existing.unsubscribeToken), { topic: 'newsletter' });
        return { confirmToken: null };
      }
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'pending', confirmToken, updatedAt: sql`now()` })
        .where(eq(newsletterSubscribers.email, email));
    }
    await queueMail(tx, newsletterConfirmation(email, input.publicOrigin, confirmToken), { topic: 'newsletter' });
    return { confirmToken };
  });
}

/** Confirms a pending subscription (token valid for 7 days): the new consent lifts an earlier unsubscription. true when the token was good. */
export async function confirm(store: Store, keys: FormKeys, confirmToken: string): Promise<boolean> {
  return store.db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmToken: null, confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(newsletterSubscribers.confirmToken, confirmToken),
          eq(newsletterSubscribers.status, 'pending'),
          sql`${newsletterSubscribers.updatedAt} > now() - make_interval(days => ${CONFIRM_TOKEN_DAYS})`,
        ),
      )
      .returning({ email: newsletterSubscribers.email });
    if (!row) return false;
    await tx.delete(newsletterSuppressions).where(eq(newsletterSuppressions.emailHash, keys.email(row.email)));
    return true;
  });
}

/**
 * Keeps of an address that leaves the newsletter only what honouring that needs, in the
 * caller's transaction: the subscriber row goes, a salted hash of the address stays (so it is
 * not added again without a new consent), the newsletter's mail to it goes (sent or pending),
 * and its newsletter requests are closed, so that retention removes them in time.
 */
async function forgetSubscriber(tx: Tx, keys: FormKeys, email: string, unsubscribeToken: string | null): Promise<void> {
  const emailHash = keys.email(email);
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  await tx
    .insert(newsletterSuppressions)
    .values({ emailHash, unsubscribeToken })
    .onConflictDoUpdate({ target: newsletterSuppressions.emailHash, set: { unsubscribeToken, createdAt: sql`now()` } });
  await tx.delete(outbox).where(and(eq(outbox.topic, 'newsletter'), sql`lower(${outbox.to}) = ${email}`));
  const closed = await tx
    .update(requests)
    .set({ status: 'closed', closedAt: sql`now()`, idempotencyKey: null, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(requests.kind, 'newsletter'), sql`lower(${requests.email}) = ${email}`, ne(requests.status, 'closed'), isNull(requests.erasedAt)))
    .returning({ id: requests.id });
  if (closed.length) await tx.insert(requestEvents).values(closed.map(({ id }) => ({ requestId: id, actor: 'visitor', action: 'unsubscribed', toStatus: 'closed' as const })));
}

/** Unsubscribes (idempotent: the same link again answers true). true when the token is one of ours. */
export async function unsubscribe(store: Store, keys: FormKeys, unsubscribeToken: string): Promise<boolean> {
  return store.db.transaction(async (tx) => {
    const [subscriber] = await tx.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, unsubscribeToken)).for('update');
    if (subscriber) {
      await forgetSubscriber(tx, keys, subscriber.email, unsubscribeToken);
      return true;
    }
    const [done] = await tx.select({ emailHash: newsletterSuppressions.emailHash }).from(newsletterSuppressions).where(eq(newsletterSuppressions.unsubscribeToken, unsubscribeToken));
    return Boolean(done);
  });
}

/** Erasure's part of the newsletter (in its transaction): each address that was subscribed is forgotten as if it had unsubscribed. */
export async function forgetSubscribers(tx: Tx, keys: FormKeys, emails: readonly string[]): Promise<void> {
  if (!emails.length) return;
  const subscribed = await tx.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, [...emails]));
  for (const { email } of subscribed) await forgetSubscriber(tx, keys, email, null);
}

/**
 * Rows left as 'unsubscribed' by the code before suppressions existed still hold the address:
 * each becomes a suppression (the retention job runs this daily; it finds nothing once done).
 */
export async function suppressUnsubscribed(store: Store, keys: FormKeys): Promise<number> {
  return store.db.transaction(async (tx) => {
    const left = await tx.select({ email: newsletterSubscribers.email, token: newsletterSubscribers.unsubscribeToken }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, 'unsubscribed'));
    for (const { email, token: unsubscribeToken } of left) await forgetSubscriber(tx, keys, email, unsubscribeToken);
    return left.length;
  });
}

/**
 * A patient's reply by WhatsApp or SMS that needs a person (issue 46, ADR 0050: not understood,
 * from an unknown number, about a visit that is over or too soon to cancel): a request of kind
 * 'reply' in the staff inbox, in the caller's transaction (the reply's own), its history naming
 * the visit it is about when known. Answers its id and reference.
 */
export async function recordPatientReply(
  tx: Tx,
  input: { name: string | null; phone: string; payload: Record<string, unknown>; booking: string | null; via: 'whatsapp' | 'sms'; at: Date },
): Promise<{ id: number; reference: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newReference('reply');
    const [row] = await tx
      .insert(requests)
      .values({ reference, kind: 'reply', name: input.name, phone: input.phone, payload: input.payload, createdAt: input.at, updatedAt: input.at })
      .onConflictDoNothing()
      .returning({ id: requests.id });
    if (!row) continue;
    await tx.insert(requestEvents).values({ requestId: row.id, at: input.at, actor: 'visitor', action: 'created', toStatus: 'new', detail: { via: input.via, ...(input.booking ? { booking: input.booking } : {}) } });
    return { id: row.id, reference };
  }
  throw new Error('recordPatientReply: could not find a free reference');
}
