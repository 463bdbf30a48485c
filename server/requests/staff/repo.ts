import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { toE164Nigeria } from '../../../shared/platform/phone';
import type { Db } from '../../platform/db/db';
import { outbox, queueMail } from '../../platform/mail/outbox';
import { requestEvents, requests, type RequestKind, type RequestStatus } from '../schema';
import type { Store } from '../../platform/db/store';
import type { FormKeys } from '../keys';
import type { FileEraser, PersonEraser } from '../context';
import { forgetSubscribers } from '../repo';
import { visitConfirmation } from './mails';
import { mailContactOf } from '../../clinic/details';

export const PAGE_SIZE = 20;
/** The list counts its matches up to this many, then says "more than" (a count of a million rows is not free). */
export const COUNT_CAP = 10_000;
/**
 * A search counts up to this many: each match is a row read from the table (a trigram match
 * is checked against the text itself), and past a thousand people called "Okafor" the number
 * helps nobody; the search needs more words.
 */
export const SEARCH_COUNT_CAP = 1_000;
/** Rows per query of the CSV export (each batch is written out before the next is read). */
export const EXPORT_BATCH = 2_000;

export interface RequestFilters {
  kind?: RequestKind | undefined;
  status?: RequestStatus | undefined;
  /** Name, phone or reference. */
  q?: string | undefined;
}

/**
 * A row's place in the list's order (newest first: created_at, then id): its creation time in
 * microseconds since 1970 (exact; a JavaScript Date keeps only milliseconds) and its id.
 */
export interface Cursor {
  micros: bigint;
  id: number;
}

/** Which page of the list: the newest, the oldest, or the one just older or newer than a row. */
export type PageAt = { at: 'first' } | { at: 'last' } | { at: 'after'; cursor: Cursor } | { at: 'before'; cursor: Cursor };

/** Who made a change: the staff member's uid (the history's actor) and a name to show. */
export interface Actor {
  uid: string;
  name: string;
}

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters as one condition, each part shaped so an index answers it (0005_inbox_scale.sql):
 * kind and status are equalities (btree, in the list's order); a name is any part of it (ILIKE
 * '%…%', the trigram index); a phone number is looked up whole (E.164, btree) or by any run of
 * four or more of its digits (LIKE '%…%', the trigram index); a reference by its start (LIKE
 * 'APT-7K%', text_pattern_ops). What cannot be a name (only digits and phone punctuation) is not
 * looked for in names, and what cannot start a reference is not looked for in references.
 */
export function where(filters: RequestFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.kind) parts.push(eq(requests.kind, filters.kind));
  if (filters.status) parts.push(eq(requests.status, filters.status));
  const q = filters.q?.trim().slice(0, 100);
  if (q) {
    const any: SQL[] = [];
    // A phone as people type it (0803 123 4567) is stored as +2348031234567; a part of one matches its digits.
    const digits = q.replace(/\D/g, '');
    const phoneLike = /^[\d\s()+\-.]+$/.test(q);
    const e164 = toE164Nigeria(q);
    if (e164) any.push(eq(requests.phone, e164));
    else if (phoneLike && digits.length >= 4) any.push(sql`${requests.phone} LIKE ${`%${digits.replace(/^0/, '')}%`}`);
    if (!phoneLike) any.push(ilike(requests.name, `%${likeEscape(q)}%`));
    if (/^[A-Za-z0-9-]+$/.test(q)) any.push(sql`${requests.reference} LIKE ${`${q.toUpperCase()}%`}`);
    // Nothing it could be (e.g. "12"): no request matches.
    parts.push(any.length ? or(...any)! : sql`false`);
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
  /** created_at in microseconds since 1970, exactly (numeric in PostgreSQL 14+), as text. */
  micros: sql<string>`(extract(epoch from ${requests.createdAt}) * 1000000)::bigint::text`,
};

const orderKey = sql`(${requests.createdAt}, ${requests.id})`;
const cursorKey = (c: Cursor) => sql`(timestamptz 'epoch' + ${c.micros.toString()}::bigint * interval '1 microsecond', ${c.id}::bigint)`;
const newestFirst = [desc(requests.createdAt), desc(requests.id)];
const oldestFirst = [asc(requests.createdAt), asc(requests.id)];

/** A row's cursor as it travels in a URL: `<microseconds>_<id>`. */
export const formatCursor = (row: { micros: string; id: number }): string => `${row.micros}_${row.id}`;

export function parseCursor(text: string | null): Cursor | null {
  const m = text ? /^(\d{1,17})_(\d{1,15})$/.exec(text) : null;
  return m ? { micros: BigInt(m[1]!), id: Number(m[2]) } : null;
}

/** How many match: exact up to `cap`; past it only that there are more (`capped`). */
export interface MatchCount {
  n: number;
  capped: boolean;
  cap: number;
}

/**
 * One page of requests, newest first (keyset paging: the rows just older or newer than a row,
 * never an OFFSET, so the last page costs what the first does), whether there are older and
 * newer ones, and how many match (counted up to COUNT_CAP, a search to SEARCH_COUNT_CAP).
 */
export async function listRequests(db: Db, filters: RequestFilters, page: PageAt = { at: 'first' }) {
  const condition = where(filters);
  const backwards = page.at === 'last' || page.at === 'before';
  const bound = page.at === 'after' ? sql`${orderKey} < ${cursorKey(page.cursor)}` : page.at === 'before' ? sql`${orderKey} > ${cursorKey(page.cursor)}` : undefined;
  const [fetched, count] = await Promise.all([
    db
      .select(summaryColumns)
      .from(requests)
      .where(and(condition, bound))
      .orderBy(...(backwards ? oldestFirst : newestFirst))
      .limit(PAGE_SIZE + 1),
    countRequests(db, condition, filters.q?.trim() ? SEARCH_COUNT_CAP : COUNT_CAP),
  ]);
  const more = fetched.length > PAGE_SIZE;
  const rows = fetched.slice(0, PAGE_SIZE);
  if (backwards) rows.reverse();
  // A cursor names a row that was on a page: past it, in the direction we came from, there is more.
  const hasNewer = page.at === 'after' || (backwards && more);
  const hasOlder = page.at === 'before' || (!backwards && more);
  return { rows, count, hasNewer, hasOlder };
}

/** `SELECT count(*) FROM (SELECT 1 … LIMIT cap + 1)`: stops counting past the cap. */
async function countRequests(db: Db, condition: SQL | undefined, cap: number): Promise<MatchCount> {
  const matching = db.select({ one: sql`1`.as('one') }).from(requests).where(condition).limit(cap + 1).as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = Number(row?.n ?? 0);
  return { n: Math.min(n, cap), capped: n > cap, cap };
}

/**
 * Everything that matches, for the CSV export: newest first, in batches of `batch` rows, each
 * read by keyset after the last one's row (so memory stays one batch however many rows match,
 * and each query is an index range). Stop iterating to stop reading.
 */
export async function* exportRequests(db: Db, filters: RequestFilters, batch = EXPORT_BATCH): AsyncGenerator<ExportRow[], void, undefined> {
  const condition = where(filters);
  let cursor: Cursor | null = null;
  for (;;) {
    const rows: ExportRow[] = await exportBatch(db, condition, cursor, batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    cursor = { micros: BigInt(last.micros), id: last.id };
  }
}

function exportBatch(db: Db, condition: SQL | undefined, cursor: Cursor | null, batch: number) {
  return db
    .select({ ...summaryColumns, note: requests.note, closedAt: requests.closedAt, updatedAt: requests.updatedAt })
    .from(requests)
    .where(and(condition, cursor ? sql`${orderKey} < ${cursorKey(cursor)}` : undefined))
    .orderBy(...newestFirst)
    .limit(batch);
}

/** One row of the CSV export. */
export type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

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

/** `publicContent`: the change touched what a public page shows (a published comment's status): the page caches must empty. */
export type ChangeResult = { ok: true; version: number; publicContent?: boolean } | { ok: false; reason: 'not-found' | 'conflict' };

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
    const [current] = await tx.select({ id: requests.id, status: requests.status, version: requests.version, publishedAt: requests.publishedAt }).from(requests).where(eq(requests.reference, change.reference));
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
        // Handled: the same submission sent again is a new request (repo.ts keyExpired).
        ...(change.status === 'closed' || change.status === 'spam' ? { idempotencyKey: null } : {}),
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
      await queueMail(tx, visitConfirmation({ to: row.email, name: row.name, reference: change.reference, visitAt: change.visitAt, publicOrigin: mail.publicOrigin, address: mail.address, ...(await mailContactOf(tx)) }), { requestId: current.id });
    }
    // A published comment set to spam disappears from its post (or comes back when set back).
    return { ok: true, version: row.version, publicContent: current.publishedAt !== null && current.status !== change.status } as const;
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
      .set({ publishedAt: sql`now()`, status: 'closed', closedAt: sql`now()`, idempotencyKey: null, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
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
export const personPhone = (person: PersonQuery): string | null =>
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
 * Erases one person, everywhere the store keeps them: their requests keep only kind, status,
 * reference and times (personal fields, payload, note and idempotency key emptied, erased_at
 * set, a comment unpublished); each history keeps its actions and times but loses its details,
 * and gets an anonymised 'erased' line; every mail to any of their addresses leaves the outbox,
 * sent or not (a pending one is never sent); a newsletter subscription goes (a salted hash of the
 * address stays, as after unsubscribing). Their addresses are
 * the one given and those their requests held (a request found by phone may carry an e-mail).
 */
export async function erasePerson(
  store: Store,
  keys: FormKeys,
  person: PersonQuery,
  actor: Actor,
  erasers: readonly PersonEraser[] = [],
  fileErasers: readonly FileEraser[] = [],
): Promise<{ requests: number; visits: number; files: number }> {
  const condition = personWhere(person);
  if (!condition) return { requests: 0, visits: 0, files: 0 };
  const erased = await store.db.transaction(async (tx) => {
    const found = await tx.select({ email: requests.email }).from(requests).where(condition).for('update');
    const emails = [...new Set([person.email, ...found.map((r) => r.email)].map((e) => e?.trim().toLowerCase()).filter((e): e is string => Boolean(e)))];
    const erased = await tx
      .update(requests)
      .set({ name: null, email: null, phone: null, payload: {}, note: null, publishedAt: null, idempotencyKey: null, erasedAt: sql`now()`, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
      .where(and(condition, isNull(requests.erasedAt)))
      .returning({ id: requests.id });
    const ids = erased.map((r) => r.id);
    if (ids.length) {
      // A detail may hold what staff wrote about the person (a visit's time, a name): emptied too.
      await tx.update(requestEvents).set({ detail: {} }).where(inArray(requestEvents.requestId, ids));
      await tx.insert(requestEvents).values(ids.map((requestId) => ({ requestId, actor: actor.uid, action: 'erased', detail: { by: actor.name } })));
      await tx.delete(outbox).where(inArray(outbox.requestId, ids));
    }
    if (emails.length) {
      // Mail queued without a request (the newsletter's) is found by its address.
      await tx.delete(outbox).where(inArray(sql`lower(${outbox.to})`, emails));
      // A subscriber is forgotten as if they had unsubscribed: only a salted hash stays, so the
      // address is not added again without a new consent.
      await forgetSubscribers(tx, keys, emails);
    }
    // What other domains hold of the person (their bookings, their patient messages), in this transaction.
    const phone = personPhone(person);
    let visits = 0;
    for (const erase of erasers) visits += await erase(tx, { emails, phone });
    return { requests: ids.length, visits, emails, phone };
  });
  // Then the files (they cannot take part in the transaction): whatever was sent to them before.
  let files = 0;
  for (const erase of fileErasers) files += await erase({ emails: erased.emails, phone: erased.phone });
  return { requests: erased.requests, visits: erased.visits, files };
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
