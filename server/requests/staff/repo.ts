import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { toE164Nigeria } from '../../../shared/platform/phone';
import type { Db } from '../../platform/db/db';
import { newsletterSubscribers, outbox, requestEvents, requests, type RequestKind, type RequestStatus } from '../schema';
import type { Store } from '../../platform/db/store';
import { queueMail } from '../repo';
import { eraseMessagesOf } from '../../messages/staff';
import { visitConfirmation } from './mails';

export const PAGE_SIZE = 20;

export interface RequestFilters {
  kind?: RequestKind | undefined;
  status?: RequestStatus | undefined;
  /** Name, phone or reference. */
  q?: string | undefined;
}

/** Who made a change: the staff member's uid (the history's actor) and a name to show. */
export interface Actor {
  uid: string;
  name: string;
}

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filters: RequestFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.kind) parts.push(eq(requests.kind, filters.kind));
  if (filters.status) parts.push(eq(requests.status, filters.status));
  const q = filters.q?.trim().slice(0, 100);
  if (q) {
    const any: SQL[] = [ilike(requests.name, `%${likeEscape(q)}%`), ilike(requests.reference, `${likeEscape(q)}%`)];
    // A phone as people type it (0803 123 4567) is stored as +2348031234567; a part of one matches its digits.
    const digits = q.replace(/\D/g, '');
    const e164 = toE164Nigeria(q);
    if (e164) any.push(eq(requests.phone, e164));
    else if (digits.length >= 4 && digits.length >= q.replace(/[\s()+\-.]/g, '').length) any.push(sql`${requests.phone} LIKE ${`%${digits.replace(/^0/, '')}%`}`);
    parts.push(or(...any)!);
  }
  return parts.length ? and(...parts) : undefined;
}

const summaryColumns = {
  id: requests.id,
  reference: requests.reference,
  kind: requests.kind,
  status: requests.status,
  name: requests.name,
  email: requests.email,
  phone: requests.phone,
  createdAt: requests.createdAt,
  visitAt: requests.visitAt,
  erasedAt: requests.erasedAt,
  publishedAt: requests.publishedAt,
};

/** One page of requests, newest first, and how many match in all. */
export async function listRequests(db: Db, filters: RequestFilters, page: number) {
  const condition = where(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(requests)
      .where(condition)
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(requests).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Everything that matches, for the CSV export (newest first, at most `limit`). */
export async function exportRequests(db: Db, filters: RequestFilters, limit = 10_000) {
  return db
    .select({ ...summaryColumns, note: requests.note, closedAt: requests.closedAt, updatedAt: requests.updatedAt })
    .from(requests)
    .where(where(filters))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(limit);
}

/** Requests nobody has looked at yet (the number in the staff header). */
export async function countNew(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(requests).where(eq(requests.status, 'new'));
  return row?.n ?? 0;
}

/** One request with its history (oldest first), or null. */
export async function findRequest(db: Db, reference: string) {
  const [row] = await db.select().from(requests).where(eq(requests.reference, reference));
  if (!row) return null;
  const events = await db.select().from(requestEvents).where(eq(requestEvents.requestId, row.id)).orderBy(asc(requestEvents.at), asc(requestEvents.id));
  return { request: row, events };
}

export type ChangeResult = { ok: true; version: number } | { ok: false; reason: 'not-found' | 'conflict' };

export interface StatusChange {
  reference: string;
  /** The version the staff member saw; a different one in the database means someone changed it since (409). */
  version: number;
  status: RequestStatus;
  /** Required for `booked`. */
  visitAt?: Date | null;
  actor: Actor;
}

export interface MailContext {
  /** PUBLIC_ORIGIN, for the calendar entry's UID. */
  publicOrigin: string;
  /** The clinic's address, for the confirmation and its calendar entry. */
  address: string;
}

/**
 * Changes the status, records it in the history and, when a visit is booked for someone who
 * gave an e-mail, queues their confirmation with a calendar file: all in one transaction.
 * The UPDATE names the version the staff member saw: 0 rows means someone else was first.
 */
export async function changeStatus(store: Store, change: StatusChange, mail: MailContext): Promise<ChangeResult> {
  return store.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: requests.id, status: requests.status, version: requests.version, visitAt: requests.visitAt }).from(requests).where(eq(requests.reference, change.reference));
    if (!current) return { ok: false, reason: 'not-found' } as const;
    if (current.version !== change.version) return { ok: false, reason: 'conflict' } as const;
    const booked = change.status === 'booked';
    const updated = await tx
      .update(requests)
      .set({
        status: change.status,
        version: sql`${requests.version} + 1`,
        updatedAt: sql`now()`,
        closedAt: change.status === 'closed' ? sql`now()` : null,
        ...(booked ? { visitAt: change.visitAt ?? null } : {}),
      })
      .where(and(eq(requests.id, current.id), eq(requests.version, change.version)))
      .returning({ version: requests.version, email: requests.email, name: requests.name });
    const row = updated[0];
    if (!row) return { ok: false, reason: 'conflict' } as const;
    await tx.insert(requestEvents).values({
      requestId: current.id,
      actor: change.actor.uid,
      action: 'status',
      fromStatus: current.status,
      toStatus: change.status,
      detail: { by: change.actor.name, ...(booked && change.visitAt ? { visitAt: change.visitAt.toISOString() } : {}) },
    });
    if (booked && change.visitAt && row.email) {
      await queueMail(tx, visitConfirmation({ to: row.email, name: row.name, reference: change.reference, visitAt: change.visitAt, publicOrigin: mail.publicOrigin, address: mail.address }), current.id);
    }
    return { ok: true, version: row.version } as const;
  });
}

/** Saves the internal note (same version check), recorded in the history without its text. */
export async function saveNote(store: Store, change: { reference: string; version: number; note: string; actor: Actor }): Promise<ChangeResult> {
  return store.db.transaction(async (tx) => {
    const updated = await tx
      .update(requests)
      .set({ note: change.note || null, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(requests.reference, change.reference), eq(requests.version, change.version), isNull(requests.erasedAt)))
      .returning({ id: requests.id, version: requests.version });
    const row = updated[0];
    if (!row) return missingOrConflict(tx, change.reference);
    await tx.insert(requestEvents).values({ requestId: row.id, actor: change.actor.uid, action: 'note', detail: { by: change.actor.name } });
    return { ok: true, version: row.version } as const;
  });
}

async function missingOrConflict(db: Pick<Db, 'select'>, reference: string): Promise<ChangeResult> {
  const [exists] = await db.select({ id: requests.id }).from(requests).where(eq(requests.reference, reference));
  return { ok: false, reason: exists ? 'conflict' : 'not-found' };
}

/**
 * Publishes a held comment under its post (and closes it as handled). Published comments are
 * public content: the retention job leaves them; erasing the person removes them.
 */
export async function approveComment(store: Store, change: { reference: string; version: number; actor: Actor }): Promise<ChangeResult> {
  return store.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: requests.id, status: requests.status }).from(requests).where(and(eq(requests.reference, change.reference), eq(requests.kind, 'comment')));
    if (!current) return { ok: false, reason: 'not-found' } as const;
    const updated = await tx
      .update(requests)
      .set({ publishedAt: sql`now()`, status: 'closed', closedAt: sql`now()`, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(requests.id, current.id), eq(requests.version, change.version), isNull(requests.erasedAt)))
      .returning({ version: requests.version });
    if (!updated[0]) return { ok: false, reason: 'conflict' } as const;
    await tx.insert(requestEvents).values({ requestId: current.id, actor: change.actor.uid, action: 'published', fromStatus: current.status, toStatus: 'closed', detail: { by: change.actor.name } });
    return { ok: true, version: updated[0].version } as const;
  });
}

/** Rejecting a held comment deletes it, with its history (nothing of it is kept). */
export async function rejectComment(store: Store, change: { reference: string; version: number }): Promise<ChangeResult> {
  const deleted = await store.db
    .delete(requests)
    .where(and(eq(requests.reference, change.reference), eq(requests.kind, 'comment'), eq(requests.version, change.version)))
    .returning({ id: requests.id });
  if (deleted.length) return { ok: true, version: 0 };
  return missingOrConflict(store.db, change.reference);
}

// --- Data rights (NDPA 2023): a person's requests, exported or erased ------------------

export interface PersonQuery {
  email?: string | undefined;
  phone?: string | undefined;
}

/** The query's phone in E.164, or null. */
const personPhone = (person: PersonQuery): string | null =>
  person.phone?.trim() ? (toE164Nigeria(person.phone) ?? (/^\+[1-9]\d{6,14}$/.test(person.phone.trim()) ? person.phone.trim() : null)) : null;

/** Requests of one person: the same e-mail (any case) or the same phone number. null when the query names nobody. */
function personWhere(person: PersonQuery): SQL | null {
  const parts: SQL[] = [];
  const email = person.email?.trim().toLowerCase();
  if (email) parts.push(sql`lower(${requests.email}) = ${email}`);
  const phone = personPhone(person);
  if (phone) parts.push(eq(requests.phone, phone));
  return parts.length ? or(...parts)! : null;
}

/** Everything stored about one person, with each request's history: what they get when they ask (JSON). */
export async function exportPerson(db: Db, person: PersonQuery) {
  const condition = personWhere(person);
  if (!condition) return [];
  const rows = await db.select().from(requests).where(condition).orderBy(asc(requests.createdAt), asc(requests.id));
  if (!rows.length) return [];
  const events = await db
    .select()
    .from(requestEvents)
    .where(inArray(requestEvents.requestId, rows.map((r) => r.id)))
    .orderBy(asc(requestEvents.at), asc(requestEvents.id));
  return rows.map(({ id, idempotencyKey: _key, ...r }) => ({
    ...r,
    history: events.filter((e) => e.requestId === id).map((e) => ({ at: e.at, action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus })),
  }));
}

/**
 * Erases one person: their requests keep only kind, status, reference and times (personal
 * fields, payload and note emptied, erased_at set, a comment unpublished), each history gets
 * an anonymised 'erased' line, their mails leave the outbox and a newsletter subscription goes.
 */
export async function erasePerson(store: Store, person: PersonQuery, actor: Actor): Promise<number> {
  const condition = personWhere(person);
  if (!condition) return 0;
  const email = person.email?.trim().toLowerCase();
  return store.db.transaction(async (tx) => {
    const erased = await tx
      .update(requests)
      .set({ name: null, email: null, phone: null, payload: {}, note: null, publishedAt: null, erasedAt: sql`now()`, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
      .where(and(condition, isNull(requests.erasedAt)))
      .returning({ id: requests.id });
    const ids = erased.map((r) => r.id);
    if (ids.length) {
      await tx.insert(requestEvents).values(ids.map((requestId) => ({ requestId, actor: actor.uid, action: 'erased', detail: { by: actor.name } })));
      await tx.delete(outbox).where(inArray(outbox.requestId, ids));
    }
    if (email) await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    // Their patient messages (confirmations, reminders) and opt-outs: destinations included.
    await eraseMessagesOf(tx, { email, phone: personPhone(person) });
    return ids.length;
  });
}

// --- Retention ----------------------------------------------------------------------------

/**
 * Deletes requests closed (or marked spam) more than `months` ago, with their history, and
 * sent or failed mails as old. Published comments stay: they are the blog's public content.
 */
export async function runRetention(db: Db, months: number): Promise<{ requests: number; mails: number }> {
  const cutoff = sql`now() - make_interval(months => ${months})`;
  const deleted = await db
    .delete(requests)
    .where(
      and(
        or(and(eq(requests.status, 'closed'), sql`${requests.closedAt} < ${cutoff}`), and(eq(requests.status, 'spam'), sql`${requests.updatedAt} < ${cutoff}`)),
        or(sql`${requests.kind} <> 'comment'`, isNull(requests.publishedAt), isNotNull(requests.erasedAt)),
      ),
    )
    .returning({ id: requests.id });
  const mails = await db
    .delete(outbox)
    .where(and(inArray(outbox.status, ['sent', 'failed']), sql`${outbox.createdAt} < ${cutoff}`))
    .returning({ id: outbox.id });
  return { requests: deleted.length, mails: mails.length };
}
