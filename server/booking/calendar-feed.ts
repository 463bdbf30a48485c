import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { staffBookingPath } from '../../shared/booking/results';
import { visitKind } from '../../shared/booking/types';
import { locations, practitioners } from '../clinic/schema';
import type { Db } from '../platform/db/db';
import type { Store } from '../platform/db/store';
import { loadClinicDetails } from '../clinic/details';
import { icsCalendar } from '../platform/ics';
import { appointments, calendarFeeds } from './schema';

/**
 * A practitioner's private calendar feed (iCalendar over HTTPS) for Google Calendar or Outlook.
 * Those apps cannot sign in, so the URL itself is the key: 32 random bytes, of which the
 * database keeps only the SHA-256 (a copy of the table opens no feed). One feed per
 * practitioner: a new link revokes the old one; staff revoke it when a phone is lost.
 *
 * What it shows, deliberately little: "Booked visit", first visit or follow-up, the reference,
 * the location and the staff link. No patient name and no service. The feed leaves the clinic's
 * systems (the calendar provider copies it, phones show it on the lock screen, a URL can be
 * forwarded), and a service's name can be a health detail (NDPA 2023): the practitioner opens
 * the staff area, behind sign-in, to see who is coming and for what.
 */
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new feed token for the practitioner (the old one stops working). Shown once: only its hash is kept. */
export async function createFeed(store: Store, practitionerId: string, actor: { uid: string }): Promise<{ ok: true; token: string } | { ok: false; reason: 'unknown-practitioner' }> {
  const token = randomBytes(32).toString('base64url');
  return store.db.transaction(async (tx) => {
    const [person] = await tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.id, practitionerId)).for('update');
    if (!person) return { ok: false, reason: 'unknown-practitioner' } as const;
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: sql`now()`, revokedBy: actor.uid })
      .where(and(eq(calendarFeeds.practitionerId, practitionerId), isNull(calendarFeeds.revokedAt)));
    await tx.insert(calendarFeeds).values({ practitionerId, tokenSha256: sha256(token), createdBy: actor.uid });
    return { ok: true, token } as const;
  });
}

/** Revokes the practitioner's feed. true when there was one. */
export async function revokeFeed(store: Store, practitionerId: string, actor: { uid: string }): Promise<boolean> {
  const rows = await store.db
    .update(calendarFeeds)
    .set({ revokedAt: sql`now()`, revokedBy: actor.uid })
    .where(and(eq(calendarFeeds.practitionerId, practitionerId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

/** The practitioner whose live feed this token opens (and when it was last fetched, updated), or null. */
export async function feedPractitioner(store: Store, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await store.db
    .update(calendarFeeds)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(calendarFeeds.tokenSha256, sha256(token)), isNull(calendarFeeds.revokedAt)))
    .returning({ practitionerId: calendarFeeds.practitionerId });
  return rows[0]?.practitionerId ?? null;
}

/** Days of past visits the feed keeps (the week's history in the calendar app), and how far ahead it looks. */
const PAST_DAYS = 7;
const AHEAD_DAYS = 120;
/**
 * How often a subscribed calendar should fetch the feed again: well within the shortest notice
 * a visit is booked at online (two hours by default). Calendars may stretch it (Google fetches
 * on its own schedule); Outlook follows X-PUBLISHED-TTL, others REFRESH-INTERVAL.
 */
const FEED_REFRESH = 'PT30M';

/** The feed: the practitioner's visits from a week ago to four months ahead, cancelled ones left out (calendars drop them). */
export async function renderFeed(db: Db, practitionerId: string, options: { publicOrigin: string; now?: Date }): Promise<string> {
  const now = options.now ?? new Date();
  const [person] = await db.select({ name: practitioners.name }).from(practitioners).where(eq(practitioners.id, practitionerId));
  const rows = await db
    .select({ reference: appointments.reference, startsAt: appointments.startsAt, endsAt: appointments.endsAt, visitKind: appointments.visitKind, version: appointments.version, location: locations.name })
    .from(appointments)
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .where(
      and(
        eq(appointments.practitionerId, practitionerId),
        inArray(appointments.status, ['booked', 'arrived', 'completed', 'no_show']),
        gte(appointments.startsAt, new Date(now.getTime() - PAST_DAYS * 86_400_000)),
        lt(appointments.startsAt, new Date(now.getTime() + AHEAD_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const host = new URL(options.publicOrigin).hostname;
  const { email } = await loadClinicDetails(db);
  return icsCalendar(
    rows.map((r) => ({
      uid: `${r.reference.toLowerCase()}@${host}`,
      start: r.startsAt,
      end: r.endsAt,
      summary: `Booked visit (${visitKind.label(r.visitKind).toLowerCase()}) ${r.reference}`,
      location: r.location,
      description: `Details in the staff area: ${options.publicOrigin}${staffBookingPath(r.reference)}`,
      sequence: r.version,
    })),
    { now, product: 'Practitioner feed', name: person ? `Visits: ${person.name}` : 'Visits', refresh: FEED_REFRESH, email },
  );
}

/** Whether the practitioner has a live feed, since when and when a calendar last fetched it (the staff page; never the token). */
export async function feedStatus(db: Db, practitionerId: string): Promise<{ active: boolean; createdAt: string | null; lastUsedAt: string | null }> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.practitionerId, practitionerId), isNull(calendarFeeds.revokedAt)));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null, lastUsedAt: row?.lastUsedAt?.toISOString() ?? null };
}
