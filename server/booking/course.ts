import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { COURSE_MAX_VISITS, COURSE_MIN_VISITS, COURSE_PREFIX, courseDates, type CourseProposal, type CourseRhythm, type CourseView, type ProposedVisit } from '../../shared/booking/course';
import { bookingReference } from '../../shared/booking/reference';
import type { BookingFailure, BookingFailureReason } from '../../shared/booking/results';
import { lagosDate, MINUTE_MS, minutesOf } from '../../shared/booking/time';
import type { Db, Tx } from '../platform/db/db';
import { courseCapReached, recordRefusal } from './caps';
import { isUniqueViolation } from './db-errors';
import { actorOf, clock, toView, type BookingDeps } from './deps';
import { courseTokenOf, manageTokenOf, verifyToken } from './manage-token';
import { insertVisit, placeVisit } from './place-visit';
import { freeTimes, ruleLimits } from './repo';
import { appointmentEvents, appointments, courses, type AppointmentRow, type CourseRow } from './schema';
import { timeChanged, visitChange } from './time-changes';

/**
 * A course of care (issue 46, ADR 0046): after a visit, the patient (by that visit's manage
 * link) or staff on their behalf book several follow-ups with the same practitioner in a rhythm.
 *
 *  - `proposeCourse` reads the free times once for the whole span and proposes, for each visit,
 *    the time asked for where it is free, else the nearest free time on the same day, else says
 *    why there is none (nothing free that day, beyond the horizon). Any visit can be changed.
 *  - `bookCourse` books the visits as the page showed them in ONE transaction: each goes through
 *    `placeVisit` (the rules, the free-slot check, the exclusion constraint); if any one was taken
 *    meanwhile the whole transaction rolls back, nothing is booked, and the answer names the
 *    visit so the page proposes again with it moved. Each visit is its own appointment.
 *  - The course has its own link (`courseTokenOf`): the visits, each with its own manage link,
 *    and "cancel the remaining visits" (`cancelRemaining`, one transaction).
 * The course counts as one visit against the patient's caps (caps.ts).
 */

/** Who books the course: the patient holding a visit's manage link, or staff naming the visit. */
export type CourseBooker = { as: 'patient'; token: string } | { as: 'staff'; appointmentId: number; uid: string; name: string };

export interface CourseAsk {
  visits: number;
  rhythm: CourseRhythm;
  /** The first visit's day. */
  first: string;
  /** The time of day asked for, `HH:MM`. */
  time: string;
  /** A visit's day changed on the page (1-based place → date). */
  days?: Readonly<Record<number, string>>;
  /** A visit's time chosen on the page (1-based place → ISO start). */
  chosen?: Readonly<Record<number, string>>;
}

export type CourseFailure = BookingFailure & { seq?: number };
export type CourseResult = { ok: true; course: CourseView; token: string; duplicate: boolean } | CourseFailure;

const isFailure = (v: unknown): v is BookingFailure => typeof v === 'object' && v !== null && 'ok' in v && (v as { ok: unknown }).ok === false;

/** The visit the course is planned after (the patient's manage link, or staff's id); refused for a hold or a bad link. */
async function anchorOf(db: Db | Tx, deps: BookingDeps, booker: CourseBooker, now: Date, lock = false): Promise<AppointmentRow | BookingFailure> {
  let id: number;
  let manageVersion: number | null = null;
  if (booker.as === 'patient') {
    const check = verifyToken(deps.secret, booker.token, 'manage', now);
    if (!check.ok) return { ok: false, reason: 'bad-token' };
    id = check.claims.appointmentId;
    manageVersion = check.claims.version;
  } else id = booker.appointmentId;
  const query = db.select().from(appointments).where(eq(appointments.id, id));
  const [row] = lock ? await query.for('share') : await query;
  if (!row || (manageVersion !== null && row.manageVersion !== manageVersion)) return { ok: false, reason: booker.as === 'patient' ? 'bad-token' : 'not-found' };
  if (row.status === 'held' || !row.patientName || !row.patientPhone) return { ok: false, reason: 'not-changeable' };
  return row;
}

/** The visit a course is planned after, as the page needs it. */
export async function courseAnchor(deps: BookingDeps, booker: CourseBooker): Promise<{ ok: true; appointment: AppointmentRow } | BookingFailure> {
  const row = await anchorOf(deps.store.db, deps, booker, clock(deps));
  return isFailure(row) ? row : { ok: true, appointment: row };
}

/** The time nearest `wanted` (minutes of the day) among a day's free times; ties go to the earlier. */
function nearest<T extends { time: string }>(slots: readonly T[], wanted: number): T | null {
  let best: T | null = null;
  for (const s of slots) if (!best || Math.abs(minutesOf(s.time) - wanted) < Math.abs(minutesOf(best.time) - wanted)) best = s;
  return best;
}

/**
 * The course as it would be booked now: one read of the free times over its whole span, then
 * for each visit the time chosen on the page, else the time asked for, else the nearest free
 * time that day (marked moved), else none with the reason.
 */
export async function proposeCourse(deps: BookingDeps, anchor: Pick<AppointmentRow, 'serviceId' | 'practitionerId'>, ask: CourseAsk, asStaff: boolean): Promise<CourseProposal> {
  const now = clock(deps);
  const limits = ruleLimits(deps.rules, now, asStaff);
  const dates = courseDates(ask.first, ask.rhythm, ask.visits).map((d, i) => ask.days?.[i + 1] ?? d);
  const sorted = [...dates].sort();
  const found = await freeTimes(deps.store.db, { serviceId: anchor.serviceId, visitKind: 'follow_up', practitionerId: anchor.practitionerId, fromDate: sorted[0]!, toDate: sorted[sorted.length - 1]!, asStaff }, deps.rules, now);
  const byDay = new Map((found.ok ? found.days : []).map((d) => [d.date, d.slots]));
  const wanted = minutesOf(ask.time);
  const proposed = dates.map((date, i): ProposedVisit => {
    const seq = i + 1;
    const options = byDay.get(date) ?? [];
    const base = { seq, date, options };
    if (limits.lastDate !== null && date > limits.lastDate) return { ...base, options: [], startsAt: null, time: null, moved: false, problem: 'too-far' };
    const chosen = ask.chosen?.[seq];
    const pick = (chosen && options.find((s) => s.startsAt === chosen)) || options.find((s) => s.time === ask.time) || nearest(options, wanted);
    if (!pick) return { ...base, startsAt: null, time: null, moved: false, problem: 'none-free' };
    return { ...base, startsAt: pick.startsAt, time: pick.time, moved: pick.time !== ask.time, problem: null };
  });
  return { visits: ask.visits, rhythm: ask.rhythm, first: ask.first, time: ask.time, practitionerId: anchor.practitionerId, serviceId: anchor.serviceId, proposed, lastDate: limits.lastDate };
}

/** Rolls the course's transaction back: one of its visits could not be placed. */
class CourseAbort extends Error {
  constructor(readonly failure: CourseFailure) {
    super(failure.reason);
  }
}

/** Any 32-bit number no other code uses as the first advisory-lock key ("cr"): course idempotency keys. */
const COURSE_KEY_LOCK = 0x6372;

const courseReference = () => bookingReference(randomBytes(5)).replace(/^BK-/, `${COURSE_PREFIX}-`);


export interface BookCourseInput {
  rhythm: CourseRhythm;
  /** Each visit's start, as the page showed them, in order. */
  starts: readonly Date[];
  /** One per course form: the same form sent again answers the first course. */
  idempotencyKey: string;
  /**
   * The course's deposit is being paid (ADR 0048): every visit is written `held` until
   * `BOOKING_HOLD_MINUTES` from now, under the same exclusion constraint; `confirmCourseHold`
   * books them all at once, `releaseCourseHold` (or the sweep of lapsed holds) gives them back.
   */
  hold?: boolean;
}

/** Starts a course may have: 2–12, in order, one a day. */
function startsProblem(starts: readonly Date[]): BookingFailureReason | null {
  if (starts.length < COURSE_MIN_VISITS || starts.length > COURSE_MAX_VISITS) return 'not-free';
  for (let i = 1; i < starts.length; i++) if (lagosDate(starts[i]!) <= lagosDate(starts[i - 1]!)) return 'not-free';
  return null;
}

/**
 * Books the course in one transaction: the course row, then each visit through `placeVisit`
 * (each guarded by the exclusion constraint), then each visit's history and its change of time
 * (the listeners hear every visit; the patient's mail and messages go once, for the course). A
 * visit that cannot be placed aborts everything and answers with its place (`seq`).
 */
export async function bookCourse(deps: BookingDeps, booker: CourseBooker, input: BookCourseInput): Promise<CourseResult> {
  const now = clock(deps);
  const bad = startsProblem(input.starts);
  if (bad) return { ok: false, reason: bad };
  let outcome: { course: CourseRow; duplicate: boolean } | CourseFailure;
  try {
    outcome = await deps.store.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${COURSE_KEY_LOCK}, hashtext(${input.idempotencyKey}))`);
      const [first] = await tx.select().from(courses).where(eq(courses.idempotencyKey, input.idempotencyKey));
      if (first) return { course: first, duplicate: true };
      const anchor = await anchorOf(tx, deps, booker, now, true);
      if (isFailure(anchor)) return anchor;
      const asStaff = booker.as === 'staff';
      if (!asStaff) {
        // The patient's phone was proven when the visit was booked (issue 44); the course counts as one visit.
        if (!anchor.phoneProvenAt) return { ok: false, reason: 'unproven-phone' } as CourseFailure;
        const capped = await courseCapReached(tx, deps, anchor.patientPhone!, input.starts, now);
        if (capped) return { ok: false, reason: capped } as CourseFailure;
      }
      const actor = asStaff ? booker.uid : 'visitor';
      const holdUntil = input.hold ? new Date(now.getTime() + deps.rules.holdMinutes * MINUTE_MS) : null;
      let course: CourseRow | undefined;
      for (let attempt = 0; !course && attempt < 5; attempt++) {
        try {
          [course] = await tx.transaction((sp) =>
            sp
              .insert(courses)
              .values({ reference: courseReference(), practitionerId: anchor.practitionerId, serviceId: anchor.serviceId, rhythm: input.rhythm, visits: input.starts.length, idempotencyKey: input.idempotencyKey, createdBy: actor, createdAt: now })
              .returning(),
          );
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      if (!course) throw new Error('no free course reference');
      const size = input.starts.length;
      const rows: AppointmentRow[] = [];
      for (const [i, startsAt] of input.starts.entries()) {
        const placed = await placeVisit(tx, deps, {
          serviceId: anchor.serviceId,
          visitKind: 'follow_up',
          practitionerId: anchor.practitionerId,
          startsAt,
          asStaff,
          now,
          write: (sp, at) =>
            insertVisit(sp, at, {
              serviceId: anchor.serviceId,
              visitKind: 'follow_up',
              status: holdUntil ? 'held' : 'booked',
              holdExpiresAt: holdUntil,
              patientName: anchor.patientName,
              patientPhone: anchor.patientPhone,
              patientEmail: anchor.patientEmail,
              patientUid: anchor.patientUid,
              reminderChannel: anchor.reminderChannel,
              remindersConsentAt: anchor.remindersConsentAt,
              phoneProvenAt: anchor.phoneProvenAt ?? (asStaff ? now : null),
              emailProvenAt: anchor.emailProvenAt,
              idempotencyKey: `${input.idempotencyKey}#${i + 1}`,
              createdBy: actor,
              courseId: course.id,
              courseSeq: i + 1,
              courseSize: size,
            }),
        });
        if (!placed.ok) throw new CourseAbort({ ...placed, seq: i + 1 });
        rows.push(placed.row);
      }
      for (const [i, row] of rows.entries()) {
        await tx.insert(appointmentEvents).values({
          appointmentId: row.id,
          actor,
          action: holdUntil ? 'held' : 'booked',
          toStatus: holdUntil ? 'held' : 'booked',
          detail: { ...(asStaff ? { by: booker.name } : {}), startsAt: row.startsAt.toISOString(), practitionerId: row.practitionerId, course: course.reference, visit: `${i + 1} of ${size}`, ...(holdUntil ? { until: holdUntil.toISOString() } : {}) },
        });
        await timeChanged(tx, deps, { ...visitChange(holdUntil ? 'held' : 'booked', null, row, asStaff ? 'staff' : 'patient', now), course: { first: i === 0 } });
      }
      return { course, duplicate: false };
    });
  } catch (error) {
    if (error instanceof CourseAbort) return error.failure;
    throw error;
  }
  if (isFailure(outcome)) {
    if ((outcome.reason === 'too-many-visits' || outcome.reason === 'one-a-day') && booker.as === 'patient') {
      const anchor = await anchorOf(deps.store.db, deps, booker, now);
      if (!isFailure(anchor)) await recordRefusal(deps.store.db, { cap: outcome.reason === 'too-many-visits' ? 'future-visits' : 'visits-a-day', phone: anchor.patientPhone }, now);
    }
    return outcome;
  }
  if (!outcome.duplicate) deps.wake?.();
  const view = await courseView(deps, outcome.course, now);
  return { ok: true, course: view.course, token: view.token, duplicate: outcome.duplicate };
}

/**
 * Books a course whose visits were held while its deposit was paid: all of them at once, in one
 * transaction, or none. Answers the first visit (the payment's booking) and its manage link; a
 * course already booked answers the same (any number of deliveries of one payment). If any
 * visit's hold has lapsed (swept), the others are given back too and the answer is 'not-free'.
 */
export async function confirmCourseHold(deps: BookingDeps, courseId: number): Promise<{ ok: true; appointment: ReturnType<typeof toView>; manageToken: string; course: CourseRow } | BookingFailure> {
  const now = clock(deps);
  return deps.store.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
    if (!course) return { ok: false, reason: 'not-free' } as BookingFailure;
    const visits = await tx.select().from(appointments).where(eq(appointments.courseId, course.id)).orderBy(asc(appointments.courseSeq)).for('update');
    const first = visits[0];
    if (first && visits.length === course.visits && visits.every((v) => v.status !== 'held')) return { ok: true as const, appointment: toView(first), manageToken: manageTokenOf(deps.secret, first), course };
    const held = visits.filter((v) => v.status === 'held');
    if (!first || held.length !== course.visits) {
      for (const v of held) {
        await tx.delete(appointments).where(eq(appointments.id, v.id));
        await timeChanged(tx, deps, visitChange('hold-released', v, null, 'system', now));
      }
      return { ok: false, reason: 'not-free' } as BookingFailure;
    }
    const rows: AppointmentRow[] = [];
    for (const [i, v] of held.entries()) {
      const [row] = await tx
        .update(appointments)
        .set({ status: 'booked', holdExpiresAt: null, version: sql`${appointments.version} + 1`, updatedAt: now })
        .where(eq(appointments.id, v.id))
        .returning();
      rows.push(row!);
      await tx.insert(appointmentEvents).values({ appointmentId: v.id, actor: 'system', action: 'booked', fromStatus: 'held', toStatus: 'booked', detail: { startsAt: v.startsAt.toISOString(), practitionerId: v.practitionerId, course: course.reference, visit: `${i + 1} of ${course.visits}`, deposit: true } });
      await timeChanged(tx, deps, { ...visitChange('booked', v, row!, 'patient', now), course: { first: i === 0 } });
    }
    return { ok: true as const, appointment: toView(rows[0]!), manageToken: manageTokenOf(deps.secret, rows[0]!), course };
  });
}

/** Gives back every visit of a course still held for its deposit (the payment failed or was abandoned). */
export async function releaseCourseHold(deps: BookingDeps, courseId: number): Promise<number> {
  const now = clock(deps);
  return deps.store.db.transaction(async (tx) => {
    const held = await tx.select().from(appointments).where(and(eq(appointments.courseId, courseId), eq(appointments.status, 'held'))).for('update');
    for (const v of held) {
      await tx.delete(appointments).where(eq(appointments.id, v.id));
      await timeChanged(tx, deps, visitChange('hold-released', v, null, 'system', now));
    }
    return held.length;
  });
}

async function courseView(deps: BookingDeps, course: CourseRow, now: Date): Promise<{ course: CourseView; token: string }> {
  const visits = await deps.store.db.select().from(appointments).where(eq(appointments.courseId, course.id)).orderBy(asc(appointments.courseSeq));
  const notice = deps.rules.cancellationNoticeMinutes * MINUTE_MS;
  const last = visits.reduce((max, v) => (v.startsAt > max ? v.startsAt : max), course.createdAt);
  return {
    token: courseTokenOf(deps.secret, course, last),
    course: {
      id: course.id,
      reference: course.reference,
      practitionerId: course.practitionerId,
      serviceId: course.serviceId,
      rhythm: course.rhythm,
      size: course.visits,
      visits: visits.map((v) => ({ ...toView(v), manageToken: manageTokenOf(deps.secret, v), changeable: v.status === 'booked' && v.startsAt.getTime() - now.getTime() >= notice })),
    },
  };
}

/** The course a course link opens (refused when forged, expired or revoked). */
export async function courseByToken(deps: BookingDeps, token: string): Promise<{ ok: true; course: CourseView; token: string } | BookingFailure> {
  const now = clock(deps);
  const check = verifyToken(deps.secret, token, 'course', now);
  if (!check.ok) return { ok: false, reason: 'bad-token' };
  const [course] = await deps.store.db.select().from(courses).where(eq(courses.id, check.claims.appointmentId));
  if (!course || course.manageVersion !== check.claims.version) return { ok: false, reason: 'bad-token' };
  return { ok: true, ...(await courseView(deps, course, now)) };
}

/** A visit's course with its link (the visit's page: "visit 3 of 6" and the others). */
export async function courseOfVisit(deps: BookingDeps, courseId: number): Promise<{ course: CourseView; token: string } | null> {
  const [course] = await deps.store.db.select().from(courses).where(eq(courses.id, courseId));
  return course ? courseView(deps, course, clock(deps)) : null;
}

/**
 * "Cancel the remaining visits": every booked visit of the course still outside the cancellation
 * notice (staff: every booked visit still ahead), in one transaction; those inside the notice
 * stay (the page gives the clinic's number). The patient hears it once, for the course.
 */
export async function cancelRemaining(deps: BookingDeps, token: string): Promise<{ ok: true; cancelled: number; insideNotice: number } | BookingFailure> {
  const now = clock(deps);
  const check = verifyToken(deps.secret, token, 'course', now);
  if (!check.ok) return { ok: false, reason: 'bad-token' };
  const outcome = await deps.store.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, check.claims.appointmentId)).for('update');
    if (!course || course.manageVersion !== check.claims.version) return { ok: false, reason: 'bad-token' } as BookingFailure;
    const booked = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.courseId, course.id), eq(appointments.status, 'booked')))
      .orderBy(asc(appointments.courseSeq))
      .for('update');
    const ahead = booked.filter((v) => v.startsAt.getTime() > now.getTime());
    const notice = deps.rules.cancellationNoticeMinutes * MINUTE_MS;
    const going = ahead.filter((v) => v.startsAt.getTime() - now.getTime() >= notice);
    for (const [i, row] of going.entries()) {
      const [cancelled] = await tx
        .update(appointments)
        .set({ status: 'cancelled', cancelledAt: now, version: sql`${appointments.version} + 1`, updatedAt: now })
        .where(eq(appointments.id, row.id))
        .returning();
      await tx.insert(appointmentEvents).values({ appointmentId: row.id, actor: actorOf({ as: 'patient', token }), action: 'cancelled', fromStatus: 'booked', toStatus: 'cancelled', detail: { course: course.reference, remaining: true } });
      await timeChanged(tx, deps, { ...visitChange('cancelled', row, cancelled!, 'patient', now), course: { first: i === 0 } });
    }
    return { ok: true as const, cancelled: going.length, insideNotice: ahead.length - going.length };
  });
  if (outcome.ok && outcome.cancelled) deps.wake?.();
  return outcome;
}
