import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BookingRules } from '../../shared/booking/rules';
import { addDays, lagosDate, lagosMidnight, lagosTime, minutesOf, MINUTE_MS } from '../../shared/booking/time';
import type { VisitKind } from '../../shared/booking/types';
import { DAY_PARTS, DEFAULT_WAITLIST, partOf, type EntrySummary, type OfferSummary, type WaitlistSettings } from '../../shared/booking/waitlist';
import type { Db, Tx } from '../platform/db/db';
import { visitCapReached } from './caps';
import { clock, type BookingDeps } from './deps';
import { manageTokenOf } from './manage-token';
import { insertVisit, placedColumns, placeVisit } from './place-visit';
import { freeTimes, ruleLimits } from './repo';
import { appointmentEvents, appointments, waitlistEntries, waitlistOffers, waitlistRounds, type AppointmentRow, type WaitlistChannel, type WaitlistEntryRow, type WaitlistOfferRow } from './schema';
import { timeChanged, visitChange, type TimeChange, type TimeListener, type TimeSpan } from './time-changes';

/**
 * The waitlist (issue 46, ADR 0047): one more listener to every change of time (ADR 0040).
 *
 * A change that frees time runs one **round** in the change's own transaction: the open entries
 * that may want it (that practitioner or any, in join order, with no offer open) are read through
 * a partial index, the free times inside the freed span are computed for their services exactly
 * as /book computes them, and each time is offered to the first `offersPerTime` entries it suits
 * (day, part of the day, until when, earlier than the visit they hold), one offer per entry. The
 * offers, and their messages (the messages domain's queue, handed over as `OfferMessages`), are
 * rows of that transaction: they exist if and only if the change does. A change that takes time
 * tells the open offers of that time that it has gone.
 *
 * Claiming an offer is one transaction: an advisory lock on the offered time (so a hundred
 * claims of one time queue behind each other instead of deadlocking on each other's offers),
 * then the offer as it is now (expired, gone: a clear answer, nothing changed), then the visit
 * placed through the booking's one step (`placeVisit`: the rules, the free slot, the exclusion
 * constraint) — a new visit, or the later visit the patient holds moved onto the earlier time,
 * which frees the later one in the same transaction (said as a move: the next round).
 */

/** The messages domain's queue, as the waitlist uses it (set by the composition, server/app/domains.ts). */
export interface OfferMessages {
  /** When a message on `channel` may go, at the earliest (the quiet hours). */
  dueAt(channel: WaitlistChannel, now: Date): Date;
  /** Queues 'offer' (the time, with its link) or 'offer_gone' (it went to another; still on the list) for each offer, in `tx`. */
  queue(tx: Tx, kind: 'offer' | 'offer_gone', offers: readonly { offerId: number; channel: WaitlistChannel; destination: string; dueAt: Date }[], now: Date): Promise<void>;
}

export interface WaitlistDeps {
  settings: WaitlistSettings;
  /** None: offers are recorded but no message goes (a bare core: benchmarks of the booking alone). */
  messages?: OfferMessages | undefined;
}

const settingsOf = (deps: Pick<BookingDeps, 'waitlist'>) => deps.waitlist?.settings ?? DEFAULT_WAITLIST;

// --- Links ------------------------------------------------------------------------------------

/** Any 32-bit number no other code uses as the first advisory-lock key ("wl"): one offered time. */
const SLOT_LOCK_CLASS = 0x776c;
/** ("we"): one phone's entries. */
const ENTRY_LOCK_CLASS = 0x7765;

/** A link's token: the row's id and version as varints, then 12 bytes of HMAC (short enough for one SMS). */
function linkToken(secret: string, kind: 'offer' | 'entry', id: number, version: number): string {
  const numbers = Buffer.from(`${id}.${version}`);
  const mac = createHmac('sha256', secret).update(`waitlist-${kind}.${id}.${version}`).digest().subarray(0, 12);
  return `${numbers.toString('base64url')}${mac.toString('base64url')}`;
}

function readLink(secret: string, kind: 'offer' | 'entry', token: unknown): { id: number; version: number } | null {
  if (typeof token !== 'string' || token.length < 18 || token.length > 60 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const head = Buffer.from(token.slice(0, -16), 'base64url').toString('utf8');
  const m = /^(\d{1,15})\.(\d{1,9})$/.exec(head);
  if (!m) return null;
  const expected = linkToken(secret, kind, Number(m[1]), Number(m[2]));
  const given = Buffer.from(token);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? { id: Number(m[1]), version: Number(m[2]) } : null;
}

export const offerTokenOf = (secret: string, offer: Pick<WaitlistOfferRow, 'id'>) => linkToken(secret, 'offer', offer.id, 1);
export const entryTokenOf = (secret: string, entry: Pick<WaitlistEntryRow, 'id' | 'manageVersion'>) => linkToken(secret, 'entry', entry.id, entry.manageVersion);
export const offerPath = (token: string) => `/waitlist/offer/${token}`;
export const entryPath = (token: string) => `/waitlist/entry/${token}`;

// --- Matching -----------------------------------------------------------------------------------

const weekdayBit = (date: string) => 1 << new Date(`${date}T12:00:00Z`).getUTCDay();
const partBit = (startsAt: Date) => DAY_PARTS[partOf(minutesOf(lagosTime(startsAt)))].bit;

/** Whether a time suits an entry: its days, its part of the day, until when, and earlier than the visit it holds. */
export function suits(entry: Pick<WaitlistEntryRow, 'days' | 'parts' | 'untilDate'> & { holdingStartsAt?: Date | null }, startsAt: Date): boolean {
  const date = lagosDate(startsAt);
  if (date > entry.untilDate) return false;
  if (!(entry.days & weekdayBit(date)) || !(entry.parts & partBit(startsAt))) return false;
  return !entry.holdingStartsAt || startsAt.getTime() < entry.holdingStartsAt.getTime();
}

/** How many open entries a round reads at most per freed span: the first in line are the ones offered. */
const CANDIDATES = 200;

interface Candidate extends WaitlistEntryRow {
  holdingStartsAt: Date | null;
}

/**
 * The open entries that may want time freed at `practitionerId` (null: anyone's) from `fromDate`,
 * in join order, with no offer open: the first CANDIDATES of them, through the partial indexes of
 * migration 0012 (`npm run bench:waitlist` prints its plan).
 */
export function candidatesQuery(db: Tx | Db, practitionerId: string | null, fromDate: string, now: Date) {
  return db
    .select({ entry: waitlistEntries, holdingStartsAt: appointments.startsAt, holdingStatus: appointments.status })
    .from(waitlistEntries)
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.holdingAppointmentId))
    .where(
      and(
        isNull(waitlistEntries.endedAt),
        practitionerId ? or(eq(waitlistEntries.practitionerId, practitionerId), isNull(waitlistEntries.practitionerId)) : undefined,
        gte(waitlistEntries.untilDate, fromDate),
        sql`NOT EXISTS (SELECT 1 FROM ${waitlistOffers} o WHERE o.entry_id = ${waitlistEntries.id} AND o.status = 'pending' AND o.expires_at > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(CANDIDATES);
}

async function candidates(tx: Tx, practitionerId: string | null, fromDate: string, now: Date): Promise<Candidate[]> {
  const rows = await candidatesQuery(tx, practitionerId, fromDate, now);
  return rows.map((r) => ({ ...r.entry, holdingStartsAt: r.holdingStatus === 'booked' ? r.holdingStartsAt : null }));
}

interface OfferedTime {
  practitionerId: string;
  locationId: string;
  startsAt: Date;
}

/**
 * The free times inside a freed span for one kind of visit, as /book computes them (a visitor's
 * notice and horizon), not overlapping each other: the earliest, then the next that starts after
 * it ends, and so on.
 */
async function freedTimes(tx: Tx, rules: BookingRules, span: TimeSpan, want: { serviceId: string; visitKind: VisitKind; practitionerId: string | null }, now: Date): Promise<OfferedTime[]> {
  const limits = ruleLimits(rules, now);
  const from = Math.max(span.from.getTime(), limits.earliestStart);
  const lastDate = limits.lastDate ?? addDays(limits.today, rules.horizonDays);
  const end = Math.min(span.to?.getTime() ?? Infinity, lagosMidnight(addDays(lastDate, 1)));
  if (from >= end) return [];
  const practitionerId = span.practitionerId ?? want.practitionerId;
  const found = await freeTimes(tx, { serviceId: want.serviceId, visitKind: want.visitKind, practitionerId: practitionerId ?? 'any', fromDate: lagosDate(from), toDate: lagosDate(end - 1), locationId: span.locationId }, rules, now);
  if (!found.ok) return [];
  const blockedMs = (found.visitMinutes + found.bufferMinutes) * MINUTE_MS;
  const times: OfferedTime[] = [];
  let freeAfter = 0;
  for (const slot of found.days.flatMap((d) => d.slots)) {
    const at = Date.parse(slot.startsAt);
    if (at < from || at >= end || at < freeAfter) continue;
    const who = practitionerId && slot.practitionerIds.includes(practitionerId) ? practitionerId : slot.practitionerId;
    times.push({ practitionerId: who, locationId: slot.locationId, startsAt: new Date(at) });
    freeAfter = at + blockedMs;
  }
  return times;
}

const spanJson = (s: TimeSpan) => ({ practitionerId: s.practitionerId, locationId: s.locationId, from: s.from.toISOString(), to: s.to?.toISOString() ?? null });

/** Writes offers (and queues their messages) for entries, in `tx`. */
async function writeOffers(tx: Tx, deps: Pick<BookingDeps, 'waitlist'>, list: readonly { entry: WaitlistEntryRow; time: OfferedTime }[], roundId: number | null, offeredBy: string, now: Date): Promise<WaitlistOfferRow[]> {
  if (!list.length) return [];
  const settings = settingsOf(deps);
  const messages = deps.waitlist?.messages;
  const due = list.map(({ entry }) => messages?.dueAt(entry.channel, now) ?? now);
  const rows = await tx
    .insert(waitlistOffers)
    .values(
      list.map(({ entry, time }, i) => ({
        entryId: entry.id,
        roundId,
        offeredBy,
        practitionerId: time.practitionerId,
        locationId: time.locationId,
        startsAt: time.startsAt,
        status: 'pending' as const,
        createdAt: now,
        // The offer's minutes count from when its message may go (a time freed at night is offered at 07:00 for 30 minutes).
        expiresAt: new Date(due[i]!.getTime() + settings.offerMinutes * MINUTE_MS),
      })),
    )
    .returning();
  if (messages) {
    await messages.queue(
      tx,
      'offer',
      rows.map((row, i) => ({ offerId: row.id, channel: list[i]!.entry.channel, destination: list[i]!.entry.patientPhone, dueAt: due[i]! })),
      now,
    );
  }
  return rows;
}

/** Open offers of a time taken meanwhile: gone, and their patients told (they stay on the list). */
async function offersGone(tx: Tx, deps: Pick<BookingDeps, 'waitlist'>, where: SQL, now: Date): Promise<number> {
  const gone = await tx
    .update(waitlistOffers)
    .set({ status: 'gone', decidedAt: now })
    .where(and(eq(waitlistOffers.status, 'pending'), where))
    .returning({ id: waitlistOffers.id, entryId: waitlistOffers.entryId });
  if (!gone.length || !deps.waitlist?.messages) return gone.length;
  const entries = await tx.select().from(waitlistEntries).where(inArray(waitlistEntries.id, gone.map((g) => g.entryId)));
  const byId = new Map(entries.map((e) => [e.id, e]));
  const messages = deps.waitlist.messages;
  await messages.queue(
    tx,
    'offer_gone',
    gone.flatMap((g) => {
      const entry = byId.get(g.entryId);
      return entry ? [{ offerId: g.id, channel: entry.channel, destination: entry.patientPhone, dueAt: messages.dueAt(entry.channel, now) }] : [];
    }),
    now,
  );
  return gone.length;
}

/**
 * One round for a change that freed time: one `waitlist_rounds` row, and the offers it made.
 * Exported for the staff's "offer again" and the tests; the listener calls it.
 */
export async function offerRound(tx: Tx, deps: Pick<BookingDeps, 'rules' | 'waitlist'>, change: Pick<TimeChange, 'freed' | 'at'> & { cause: TimeChange['cause'] | 'offer-expired' }): Promise<number> {
  const settings = settingsOf(deps);
  const now = change.at;
  const [round] = await tx.insert(waitlistRounds).values({ cause: change.cause, freed: change.freed.map(spanJson), offers: 0, at: now }).returning({ id: waitlistRounds.id });
  // Offers whose time ran out are marked so (they no longer hold their entry back).
  await tx.update(waitlistOffers).set({ status: 'expired', decidedAt: now }).where(and(eq(waitlistOffers.status, 'pending'), lte(waitlistOffers.expiresAt, now)));
  const offered = new Set<number>();
  const made: { entry: WaitlistEntryRow; time: OfferedTime }[] = [];
  for (const span of change.freed) {
    const fromDate = lagosDate(Math.max(span.from.getTime(), now.getTime()));
    const entries = (await candidates(tx, span.practitionerId, fromDate, now)).filter((e) => !offered.has(e.id));
    // One computation of free times per kind of visit wanted (service, kind, practitioner or any).
    const times = new Map<string, OfferedTime[]>();
    const taken = new Map<string, number>();
    const before = new Map<string, Set<number>>();
    for (const entry of entries) {
      const key = `${entry.serviceId} ${entry.visitKind} ${entry.practitionerId ?? ''}`;
      if (!times.has(key)) times.set(key, await freedTimes(tx, deps.rules, span, { serviceId: entry.serviceId, visitKind: entry.visitKind, practitionerId: entry.practitionerId }, now));
      for (const time of times.get(key)!) {
        if (entry.practitionerId && entry.practitionerId !== time.practitionerId) continue;
        if (!suits(entry, time.startsAt)) continue;
        const slot = `${time.practitionerId} ${time.startsAt.toISOString()}`;
        // Never the same time twice to one entry (an offer let expire is an answer).
        if (!before.has(slot)) before.set(slot, await offeredBefore(tx, time));
        if (before.get(slot)!.has(entry.id)) continue;
        const n = taken.get(slot) ?? (await pendingFor(tx, time));
        if (n >= settings.offersPerTime) continue;
        taken.set(slot, n + 1);
        offered.add(entry.id);
        made.push({ entry, time });
        break;
      }
    }
  }
  const rows = await writeOffers(tx, deps, made, round!.id, 'system', now);
  if (rows.length) await tx.update(waitlistRounds).set({ offers: rows.length }).where(eq(waitlistRounds.id, round!.id));
  return rows.length;
}

/** The entries one time was offered to before, whatever became of the offer. */
async function offeredBefore(tx: Tx, time: OfferedTime): Promise<Set<number>> {
  const rows = await tx
    .select({ entryId: waitlistOffers.entryId })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.practitionerId, time.practitionerId), eq(waitlistOffers.startsAt, time.startsAt)));
  return new Set(rows.map((r) => r.entryId));
}

/** Open offers of one time already out (an earlier round's). */
async function pendingFor(tx: Tx, time: OfferedTime): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.status, 'pending'), eq(waitlistOffers.practitionerId, time.practitionerId), eq(waitlistOffers.startsAt, time.startsAt)));
  return Number(row?.n ?? 0);
}

/** The waitlist as a listener to every change of time (server/app/domains.ts puts it in the list). */
export function waitlistListener(deps: Pick<BookingDeps, 'rules' | 'waitlist'>): TimeListener {
  return {
    name: 'waitlist',
    async onTimeChange(tx, change) {
      for (const span of change.taken) {
        await offersGone(
          tx,
          deps,
          and(
            span.practitionerId ? eq(waitlistOffers.practitionerId, span.practitionerId) : undefined,
            gte(waitlistOffers.startsAt, span.from),
            span.to ? lt(waitlistOffers.startsAt, span.to) : undefined,
          )!,
          change.at,
        );
      }
      if (change.freed.length) await offerRound(tx, deps, change);
    },
  };
}

// --- Joining and leaving ------------------------------------------------------------------------

export interface JoinInput {
  serviceId: string;
  visitKind: VisitKind;
  /** null: any practitioner. */
  practitionerId: string | null;
  days: number;
  parts: number;
  untilDate: string;
  name: string;
  phone: string;
  email: string | null;
  channel: WaitlistChannel;
  /** The visit the patient holds and wants earlier than (their manage link's), or null. */
  holdingAppointmentId: number | null;
}

export type JoinResult = { ok: true; token: string; entry: WaitlistEntryRow } | { ok: false; reason: 'too-many-entries'; limit: number };

/** Adds an entry for a proven phone, within the cap of open entries per phone (counted under a lock on the phone). */
export async function joinWaitlist(deps: BookingDeps, input: JoinInput): Promise<JoinResult> {
  const now = clock(deps);
  const limit = settingsOf(deps).entriesPerPhone;
  const outcome = await deps.store.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ENTRY_LOCK_CLASS}, hashtext(${input.phone}))`);
    const [open] = await tx
      .select({ n: count() })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.patientPhone, input.phone), isNull(waitlistEntries.endedAt), gte(waitlistEntries.untilDate, lagosDate(now))));
    if (Number(open?.n ?? 0) >= limit) return null;
    const [row] = await tx
      .insert(waitlistEntries)
      .values({
        serviceId: input.serviceId,
        visitKind: input.visitKind,
        practitionerId: input.practitionerId,
        days: input.days,
        parts: input.parts,
        untilDate: input.untilDate,
        patientName: input.name,
        patientPhone: input.phone,
        patientEmail: input.email,
        channel: input.channel,
        consentAt: now,
        holdingAppointmentId: input.holdingAppointmentId,
        createdAt: now,
      })
      .returning();
    return row!;
  });
  if (!outcome) return { ok: false, reason: 'too-many-entries', limit };
  return { ok: true, token: entryTokenOf(deps.secret, outcome), entry: outcome };
}

export interface EntryView {
  entry: WaitlistEntryRow;
  offers: WaitlistOfferRow[];
  /** The position in line among the open entries for the same practitioner (or any), 1 first. */
  position: number | null;
}

/** The entry a link opens, with its offers; null for a forged or revoked link. */
export async function entryByToken(deps: BookingDeps, token: string): Promise<EntryView | null> {
  const link = readLink(deps.secret, 'entry', token);
  if (!link) return null;
  const [entry] = await deps.store.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, link.id));
  if (!entry || entry.manageVersion !== link.version) return null;
  const offers = await deps.store.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entry.id)).orderBy(desc(waitlistOffers.id));
  let position: number | null = null;
  if (!entry.endedAt) {
    const [ahead] = await deps.store.db
      .select({ n: count() })
      .from(waitlistEntries)
      .where(and(isNull(waitlistEntries.endedAt), eq(waitlistEntries.serviceId, entry.serviceId), lt(waitlistEntries.createdAt, entry.createdAt)));
    position = Number(ahead?.n ?? 0) + 1;
  }
  return { entry, offers, position };
}

/** Leaves the list (its open offer is withdrawn). Leaving twice changes nothing. */
export async function leaveWaitlist(deps: BookingDeps, token: string, by: 'left' | 'staff' = 'left'): Promise<'left' | 'already' | 'bad-token'> {
  const now = clock(deps);
  const link = readLink(deps.secret, 'entry', token);
  if (!link) return 'bad-token';
  return deps.store.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, link.id)).for('update');
    if (!entry || entry.manageVersion !== link.version) return 'bad-token' as const;
    if (entry.endedAt) return 'already' as const;
    await tx.update(waitlistEntries).set({ endedAt: now, endedReason: by }).where(eq(waitlistEntries.id, entry.id));
    await tx.update(waitlistOffers).set({ status: 'expired', decidedAt: now }).where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, 'pending')));
    return 'left' as const;
  });
}

// --- Offers -------------------------------------------------------------------------------------

export interface OfferView {
  offer: WaitlistOfferRow;
  entry: WaitlistEntryRow;
  /** The offer, as the patient may act on it now. */
  state: 'open' | 'taken' | 'gone' | 'expired';
  entryToken: string;
  /** When taken: the visit's manage link's token. */
  manageToken: string | null;
}

async function offerState(deps: BookingDeps, offer: WaitlistOfferRow, entry: WaitlistEntryRow, now: Date): Promise<OfferView> {
  let manageToken: string | null = null;
  if (offer.status === 'taken' && offer.appointmentId) {
    const [visit] = await deps.store.db.select().from(appointments).where(eq(appointments.id, offer.appointmentId));
    if (visit) manageToken = manageTokenOf(deps.secret, visit);
  }
  const state = offer.status === 'pending' ? (offer.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open') : offer.status;
  return { offer, entry, state, entryToken: entryTokenOf(deps.secret, entry), manageToken };
}

/** The offer a link opens, as it stands now; null for a forged link or one whose entry was erased. */
export async function offerByToken(deps: BookingDeps, token: string): Promise<OfferView | null> {
  const link = readLink(deps.secret, 'offer', token);
  if (!link) return null;
  const [row] = await deps.store.db.select({ offer: waitlistOffers, entry: waitlistEntries }).from(waitlistOffers).innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId)).where(eq(waitlistOffers.id, link.id));
  return row ? offerState(deps, row.offer, row.entry, clock(deps)) : null;
}

export type ClaimResult =
  | { ok: true; manageToken: string; moved: boolean; view: OfferView }
  | { ok: false; reason: 'bad-token' }
  /** expired: its minutes ran out; gone: another took it, or the time went otherwise; ended: the entry was left; capped: the phone's visits. */
  | { ok: false; reason: 'expired' | 'gone' | 'ended' | 'capped' | 'too-soon'; view: OfferView };

/**
 * Takes an offered time: the first claim wins, the others are told it has gone (and stay on
 * the list); a claim after the offer expired or after the time went changes nothing. Claiming
 * a time one already took answers the visit again.
 */
export async function claimOffer(deps: BookingDeps, token: string): Promise<ClaimResult> {
  const now = clock(deps);
  const link = readLink(deps.secret, 'offer', token);
  if (!link) return { ok: false, reason: 'bad-token' };
  const [peek] = await deps.store.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, link.id));
  if (!peek) return { ok: false, reason: 'bad-token' };
  type Outcome = { done: 'taken'; visit: AppointmentRow; moved: boolean } | { done: 'refused'; reason: 'expired' | 'gone' | 'ended' | 'capped' | 'too-soon' } | { done: 'again' };
  const outcome = await deps.store.db.transaction(async (tx): Promise<Outcome> => {
    // Every claim of one time waits here for the one before it: the winner marks the others gone before they read them.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SLOT_LOCK_CLASS}, hashtext(${`${peek.practitionerId} ${peek.startsAt.toISOString()}`}))`);
    const [row] = await tx.select({ offer: waitlistOffers, entry: waitlistEntries }).from(waitlistOffers).innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId)).where(eq(waitlistOffers.id, peek.id)).for('update');
    if (!row) return { done: 'refused', reason: 'gone' };
    const { offer, entry } = row;
    if (offer.status === 'taken') return { done: 'again' };
    if (offer.status === 'gone') return { done: 'refused', reason: 'gone' };
    if (offer.status === 'expired' || offer.expiresAt.getTime() <= now.getTime()) {
      if (offer.status === 'pending') await tx.update(waitlistOffers).set({ status: 'expired', decidedAt: now }).where(eq(waitlistOffers.id, offer.id));
      return { done: 'refused', reason: 'expired' };
    }
    if (entry.endedAt) return { done: 'refused', reason: 'ended' };
    const [held] = entry.holdingAppointmentId ? await tx.select().from(appointments).where(eq(appointments.id, entry.holdingAppointmentId)).for('update') : [];
    const moving = held && held.status === 'booked' && held.startsAt.getTime() > offer.startsAt.getTime() ? held : null;
    if (!moving && (await visitCapReached(tx, deps, entry.patientPhone, offer.startsAt, now))) return { done: 'refused', reason: 'capped' };
    const placed = await placeVisit(tx, deps, {
      serviceId: moving?.serviceId ?? entry.serviceId,
      visitKind: moving?.visitKind ?? entry.visitKind,
      practitionerId: offer.practitionerId,
      startsAt: offer.startsAt,
      locationId: offer.locationId,
      asStaff: false,
      now,
      exceptAppointmentId: moving?.id ?? null,
      write: async (sp, at) => {
        if (moving) {
          const [row] = await sp
            .update(appointments)
            .set({ ...placedColumns(at), reference: moving.reference, version: sql`${appointments.version} + 1`, updatedAt: now })
            .where(eq(appointments.id, moving.id))
            .returning();
          return row!;
        }
        return insertVisit(sp, at, {
          serviceId: entry.serviceId,
          visitKind: entry.visitKind,
          status: 'booked',
          patientName: entry.patientName,
          patientPhone: entry.patientPhone,
          patientEmail: entry.patientEmail,
          reminderChannel: entry.channel,
          remindersConsentAt: entry.consentAt,
          // The phone was proven with a code when the patient joined.
          phoneProvenAt: entry.consentAt,
          idempotencyKey: `waitlist-offer-${offer.id}`,
          createdBy: 'visitor',
        });
      },
    });
    if (!placed.ok) {
      if (placed.reason === 'too-soon' || placed.reason === 'past' || placed.reason === 'too-far') return { done: 'refused', reason: 'too-soon' };
      // The database decided: the time is someone else's now.
      await tx.update(waitlistOffers).set({ status: 'gone', decidedAt: now }).where(eq(waitlistOffers.id, offer.id));
      return { done: 'refused', reason: 'gone' };
    }
    const visit = placed.row;
    // Taken and ended before the change is said: the listener tells the other offers of this time it has gone, and offers a freed later visit to the next in line, not to this entry.
    await tx.update(waitlistOffers).set({ status: 'taken', decidedAt: now, appointmentId: visit.id }).where(eq(waitlistOffers.id, offer.id));
    await tx.update(waitlistEntries).set({ endedAt: now, endedReason: 'taken' }).where(eq(waitlistEntries.id, entry.id));
    await tx.insert(appointmentEvents).values({
      appointmentId: visit.id,
      actor: 'visitor',
      action: moving ? 'moved' : 'booked',
      ...(moving ? {} : { toStatus: 'booked' as const }),
      detail: { via: 'waitlist', offer: offer.id, ...(moving ? { from: moving.startsAt.toISOString(), to: visit.startsAt.toISOString() } : { startsAt: visit.startsAt.toISOString(), practitionerId: visit.practitionerId }) },
    });
    await timeChanged(tx, deps, visitChange(moving ? 'moved' : 'booked', moving, visit, 'patient', now));
    return { done: 'taken', visit, moved: Boolean(moving) };
  });
  if (outcome.done === 'taken') deps.wake?.();
  const view = await offerByToken(deps, token);
  if (!view) return { ok: false, reason: 'bad-token' };
  if (outcome.done === 'refused') return { ok: false, reason: outcome.reason, view };
  if (outcome.done === 'again') return { ok: true, manageToken: view.manageToken ?? '', moved: false, view };
  return { ok: true, manageToken: manageTokenOf(deps.secret, outcome.visit), moved: outcome.moved, view };
}

// --- Staff --------------------------------------------------------------------------------------

export interface StaffEntry {
  entry: WaitlistEntryRow;
  offers: WaitlistOfferRow[];
  /** The visit each taken offer booked: its reference. */
  references: Record<number, string>;
}

/** The list for one practitioner (their entries and those for anyone), open first in join order, then the last 50 ended. */
export async function staffList(deps: BookingDeps, practitionerId: string): Promise<StaffEntry[]> {
  const db = deps.store.db;
  const mine = or(eq(waitlistEntries.practitionerId, practitionerId), isNull(waitlistEntries.practitionerId));
  const open = await db.select().from(waitlistEntries).where(and(mine, isNull(waitlistEntries.endedAt))).orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id)).limit(500);
  const ended = await db.select().from(waitlistEntries).where(and(mine, sql`${waitlistEntries.endedAt} IS NOT NULL`)).orderBy(desc(waitlistEntries.endedAt)).limit(50);
  const entries = [...open, ...ended];
  if (!entries.length) return [];
  const offers = await db.select().from(waitlistOffers).where(inArray(waitlistOffers.entryId, entries.map((e) => e.id))).orderBy(desc(waitlistOffers.id));
  const visitIds = offers.map((o) => o.appointmentId).filter((id): id is number => id !== null);
  const refs = visitIds.length ? await db.select({ id: appointments.id, reference: appointments.reference }).from(appointments).where(inArray(appointments.id, visitIds)) : [];
  const refById = new Map(refs.map((r) => [r.id, r.reference]));
  return entries.map((entry) => {
    const theirs = offers.filter((o) => o.entryId === entry.id);
    const references: Record<number, string> = {};
    for (const o of theirs) if (o.appointmentId && refById.has(o.appointmentId)) references[o.id] = refById.get(o.appointmentId)!;
    return { entry, offers: theirs, references };
  });
}

export type HandOfferResult = { ok: true; offer: WaitlistOfferRow } | { ok: false; reason: 'not-found' | 'ended' | 'has-offer' | 'not-free' };

/** Staff offer a time by hand to one entry: a time free now for its service (with that practitioner), on its channel. */
export async function offerByHand(deps: BookingDeps, input: { entryId: number; practitionerId: string; startsAt: Date; staffName: string }): Promise<HandOfferResult> {
  const now = clock(deps);
  return deps.store.db.transaction(async (tx): Promise<HandOfferResult> => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, input.entryId)).for('update');
    if (!entry) return { ok: false, reason: 'not-found' };
    if (entry.endedAt) return { ok: false, reason: 'ended' };
    await tx.update(waitlistOffers).set({ status: 'expired', decidedAt: now }).where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, 'pending'), lte(waitlistOffers.expiresAt, now)));
    const [open] = await tx.select({ id: waitlistOffers.id }).from(waitlistOffers).where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, 'pending')));
    if (open) return { ok: false, reason: 'has-offer' };
    const date = lagosDate(input.startsAt);
    const found = await freeTimes(tx, { serviceId: entry.serviceId, visitKind: entry.visitKind, practitionerId: input.practitionerId, fromDate: date, toDate: date }, deps.rules, now);
    const slot = found.ok ? found.days.flatMap((d) => d.slots).find((s) => s.startsAt === input.startsAt.toISOString()) : undefined;
    if (!slot) return { ok: false, reason: 'not-free' };
    const [offer] = await writeOffers(tx, deps, [{ entry, time: { practitionerId: input.practitionerId, locationId: slot.locationId, startsAt: input.startsAt } }], null, input.staffName, now);
    return { ok: true, offer: offer! };
  }).then((r) => {
    if (r.ok) deps.wake?.();
    return r;
  });
}

/** A person's entries and their offers (with the offers' messages: they cascade), in the erasure's transaction. */
export async function eraseWaitlistOf(tx: Tx, person: { emails: readonly string[]; phone: string | null }): Promise<number> {
  const by: SQL[] = [];
  if (person.phone) by.push(eq(waitlistEntries.patientPhone, person.phone));
  if (person.emails.length) by.push(inArray(sql`lower(${waitlistEntries.patientEmail})`, [...person.emails]));
  if (!by.length) return 0;
  const gone = await tx.delete(waitlistEntries).where(or(...by)).returning({ id: waitlistEntries.id });
  return gone.length;
}

// --- As pages show them --------------------------------------------------------------------------

export const entrySummary = (e: WaitlistEntryRow): EntrySummary => ({
  serviceId: e.serviceId,
  visitKind: e.visitKind,
  practitionerId: e.practitionerId,
  days: e.days,
  parts: e.parts,
  untilDate: e.untilDate,
  channel: e.channel,
  createdAt: e.createdAt.toISOString(),
  endedAt: e.endedAt?.toISOString() ?? null,
  endedReason: e.endedReason,
});

export const offerSummary = (o: WaitlistOfferRow, now: Date, link: string | null, reference: string | null = null): OfferSummary => ({
  id: o.id,
  startsAt: o.startsAt.toISOString(),
  practitionerId: o.practitionerId,
  status: o.status,
  open: o.status === 'pending' && o.expiresAt.getTime() > now.getTime(),
  expiresAt: o.expiresAt.toISOString(),
  createdAt: o.createdAt.toISOString(),
  offeredBy: o.offeredBy,
  link,
  reference,
});

// --- The sweep: offers let expire, entries past their last day ------------------------------------

export interface WaitlistSweep {
  /** Offers whose minutes ran out (now marked expired). */
  expired: number;
  /** Times offered again, each by one round (cause 'offer-expired'). */
  rounds: number;
  /** Entries past their last day, now ended ('lapsed'). */
  lapsed: number;
}

/**
 * Every minute, on any instance (ADR 0050): the offers whose minutes ran out are marked expired,
 * and a time whose every offer ran out without a taker gets the next round by itself, with the
 * next in line (never those offered it before). Exactly once per time: the offers are taken with
 * SKIP LOCKED and marked `followed_at`, each time under the claims' advisory lock on it, and the
 * round only comes when no offer of that time is still open. Entries whose last day has passed
 * end ('lapsed'), with their open offers.
 */
export async function sweepWaitlist(deps: BookingDeps, limit = 100): Promise<WaitlistSweep> {
  const now = clock(deps);
  const result: WaitlistSweep = { expired: 0, rounds: 0, lapsed: 0 };
  const due = await deps.store.db
    .select({ practitionerId: waitlistOffers.practitionerId, locationId: waitlistOffers.locationId, startsAt: waitlistOffers.startsAt })
    .from(waitlistOffers)
    .where(and(inArray(waitlistOffers.status, ['pending', 'expired']), isNull(waitlistOffers.followedAt), lte(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt))
    .limit(limit);
  const times = new Map(due.map((t) => [`${t.practitionerId} ${t.startsAt.toISOString()}`, t]));
  for (const [key, time] of times) {
    const { expired, round } = await deps.store.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SLOT_LOCK_CLASS}, hashtext(${key}))`);
      const ran = await tx
        .update(waitlistOffers)
        .set({ status: sql`CASE WHEN ${waitlistOffers.status} = 'pending' THEN 'expired' ELSE ${waitlistOffers.status} END`, decidedAt: sql`coalesce(${waitlistOffers.decidedAt}, ${now.toISOString()}::timestamptz)`, followedAt: now })
        .where(and(eq(waitlistOffers.practitionerId, time.practitionerId), eq(waitlistOffers.startsAt, time.startsAt), inArray(waitlistOffers.status, ['pending', 'expired']), isNull(waitlistOffers.followedAt), lte(waitlistOffers.expiresAt, now)))
        .returning({ id: waitlistOffers.id });
      // Another instance's sweep did it, or an offer of the time is still open (its expiry will).
      if (!ran.length || (await pendingFor(tx, time)) > 0 || time.startsAt.getTime() <= now.getTime()) return { expired: ran.length, round: false };
      await offerRound(tx, deps, { cause: 'offer-expired', freed: [{ practitionerId: time.practitionerId, locationId: time.locationId, from: time.startsAt, to: new Date(time.startsAt.getTime() + MINUTE_MS) }], at: now });
      return { expired: ran.length, round: true };
    });
    result.expired += expired;
    if (round) result.rounds += 1;
  }
  const today = lagosDate(now);
  result.lapsed = await deps.store.db.transaction(async (tx) => {
    const ended = await tx
      .update(waitlistEntries)
      .set({ endedAt: now, endedReason: 'lapsed' })
      .where(and(isNull(waitlistEntries.endedAt), lt(waitlistEntries.untilDate, today)))
      .returning({ id: waitlistEntries.id });
    if (ended.length) await tx.update(waitlistOffers).set({ status: 'expired', decidedAt: now, followedAt: now }).where(and(inArray(waitlistOffers.entryId, ended.map((e) => e.id)), eq(waitlistOffers.status, 'pending')));
    return ended.length;
  });
  if (result.rounds) deps.wake?.();
  return result;
}
