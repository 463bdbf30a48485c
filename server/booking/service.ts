import { DEFAULT_WAITLIST, type WaitlistSettings } from '../../shared/booking/waitlist';
import { claimOffer, entryByToken, entryTokenOf, joinWaitlist, leaveWaitlist, offerByHand, offerByToken, offerTokenOf, staffList, sweepWaitlist, type JoinInput, type WaitlistSweep } from './waitlist';
import type { BookingRules } from '../../shared/booking/rules';
import type { AppointmentView, BookResult, ChangeResult, HoldResult } from '../../shared/booking/results';
import type { BookingForm } from '../../shared/booking/schemas';
import type { AppointmentStatus, FreeDay, FreeSlot, ReminderChannel } from '../../shared/booking/types';
import type { Tx } from '../platform/db/db';
import { book, bookFromRequest, confirmHold, hold, releaseHold, sweepLapsedHolds, type HoldInput } from './book';
import { appointmentByReference, appointmentsBetween, patientAppointments, type AppointmentEventView, type CalendarRange } from './calendar';
import { createFeed, feedPractitioner, feedStatus, renderFeed, revokeFeed } from './calendar-feed';
import { appointmentByToken, cancel, proveEmail, reschedule, revokeManageLinks, setReminders, setStatus, type RescheduleInput } from './changes';
import { limitsOf, recentRefusals, recordRefusal, visitCapReached } from './caps';
import { accountProves, browserProves, emailProofMatches, proofCookie, rememberAccountPhone, requestCode, verifyCode, type CodeChannel, type CodeCheck, type CodeRequest } from './phone-proof';
import type { BookingLimits, Cap } from '../../shared/booking/limits';
import type { BookingRefusalView } from '../../shared/booking/staff/types';
import { clock, type BookingActor, type BookingDeps, type Changer } from './deps';
import { eraseAppointmentsOf } from './erase';
import { replyToVisit, type VisitReply, type VisitReplyResult } from './replies';
import { bookCourse, cancelRemaining, courseAnchor, courseByToken, courseOfVisit, proposeCourse, type BookCourseInput, type CourseAsk, type CourseBooker, type CourseResult } from './course';
import type { CourseProposal } from '../../shared/booking/course';
import type { AppointmentRow } from './schema';
import {
  addClosure,
  addException,
  closuresBetween,
  exceptionsBetween,
  planHistory,
  removeClosure,
  removeException,
  setWorkingWeek,
  weekOn,
  type ClosureInput,
  type ExceptionInput,
  type PlanResult,
  type StaffActor,
  type WeekInterval,
} from './plans';
import { freeTimes, nearestFreeTimes, nextFreeDay, type FreeTimesQuery, type FreeTimesResult } from './repo';
import { DEFAULT_REMINDER_PLAN, type ReminderPlan } from '../../shared/booking/reminder-plan';

type StaffChanger = Extract<Changer, { as: 'staff' }>;

/**
 * Everything the booking pages and the staff calendar call, bound to the store, the rules, the
 * signing key and the clock: loaders and actions read it from `bookingContext`. Each method is
 * one of the domain's functions; its file says how it works.
 */
export interface BookingService {
  readonly rules: BookingRules;
  /** The service's clock (tests fix it): the pages' "today" and their schemas' "now". */
  now(): Date;
  // --- Visitors -----------------------------------------------------------------------
  /** Free times of a service over days (never cached: computed from the rows as they are now). */
  freeTimes(query: FreeTimesQuery): Promise<FreeTimesResult>;
  /** The first day from `fromDate` with a free time, up to the horizon; null when none. */
  nextFreeDay(query: Omit<FreeTimesQuery, 'toDate'>): Promise<FreeDay | null>;
  /** The free times nearest to a wanted moment (three by default). */
  nearestFreeTimes(query: Omit<FreeTimesQuery, 'fromDate' | 'toDate'>, wanted: Date, n?: number): Promise<FreeSlot[]>;
  book(form: BookingForm, actor: BookingActor): Promise<BookResult>;
  hold(input: HoldInput, actor: BookingActor): Promise<HoldResult>;
  confirmHold(holdToken: string, form: BookingForm, actor: BookingActor): Promise<BookResult>;
  releaseHold(holdToken: string): Promise<boolean>;
  /** The booking a manage link opens (refused when forged, expired or revoked). */
  byManageToken(token: string): Promise<ChangeResult>;
  reschedule(changer: Changer, input: RescheduleInput): Promise<ChangeResult>;
  cancel(changer: Changer): Promise<ChangeResult>;
  /** A patient's reply to a reminder (Confirm or Cancel), in the messages domain's transaction (replies.ts); call `wake` after it commits. */
  replyToVisit(tx: Tx, appointmentId: number, reply: VisitReply, via: 'whatsapp' | 'sms'): Promise<VisitReplyResult>;
  /** Tells the workers a change queued mail or messages (after a transaction of the caller's). */
  wake(): void;
  /** How the patient is reminded (channel and consent), from the manage link. */
  setReminders(changer: Changer, input: { channel: ReminderChannel; consent: boolean }): Promise<ChangeResult>;
  /** A signed-in patient's visits (account page). */
  patientAppointments(uid: string): Promise<{ upcoming: AppointmentView[]; past: AppointmentView[] }>;
  /** The address proven by the confirmation's link (`proof`): mail beyond the confirmation may go there. */
  proveEmail(token: string, proof: string): Promise<ChangeResult>;
  /** Whether `proof` is the one this visit's confirmation carried. */
  emailProofMatches(appointmentId: number, email: string | null, proof: string): boolean;
  // --- A proven phone, within the caps (ADR 0042) -------------------------------------------
  readonly limits: BookingLimits;
  /** Why this phone may not book `startsAt` online now (a first answer; the booking itself counts again), or null. */
  visitCapFor(phone: string, startsAt: Date): Promise<'too-many-visits' | 'one-a-day' | null>;
  /** Whether this browser (its cookie) or this signed-in patient proved `phone`. */
  phoneProven(input: { cookie: string | undefined; uid: string | null; phone: string; secure: boolean }): Promise<boolean>;
  /** Sends a one-time code to the phone (the channel first, then the other). */
  requestCode(input: { phone: string; channel: CodeChannel; address: string | null }): Promise<CodeRequest>;
  /** Checks a code typed back. */
  verifyCode(input: { token: string; phone: string; code: string; address: string | null }): Promise<CodeCheck>;
  /** After a right code: the Set-Cookie that remembers the phone on this browser, and the account's record of it. */
  rememberProof(input: { cookie: string | undefined; uid: string | null; phone: string; secure: boolean }): Promise<string>;
  /** Notes a refusal under a limit, for staff. */
  recordRefusal(refusal: { cap: Cap; phone?: string | null; address?: string | null; appointmentId?: number | null }): Promise<void>;
  /** Who hit a limit over the last `days` (staff). */
  recentRefusals(days: number): Promise<BookingRefusalView[]>;
  // --- Staff --------------------------------------------------------------------------
  bookFromRequest(requestReference: string, form: BookingForm, actor: Extract<BookingActor, { kind: 'staff' }>): Promise<BookResult>;
  setStatus(changer: StaffChanger, status: Exclude<AppointmentStatus, 'held' | 'cancelled'>): Promise<ChangeResult>;
  revokeManageLinks(changer: StaffChanger): Promise<ChangeResult>;
  appointmentsBetween(range: CalendarRange): Promise<AppointmentView[]>;
  appointmentByReference(reference: string): Promise<{ appointment: AppointmentView; events: AppointmentEventView[] } | null>;
  setWorkingWeek(input: { practitionerId: string; locationId: string; validFrom: string; intervals: readonly WeekInterval[] }, actor: StaffActor): Promise<PlanResult<{ outsidePlan: { reference: string; startsAt: string }[] }>>;
  weekOn(practitionerId: string, date: string): ReturnType<typeof weekOn>;
  planHistory(practitionerId: string): ReturnType<typeof planHistory>;
  addException(input: ExceptionInput, actor: StaffActor): Promise<PlanResult<{ id: number }>>;
  removeException(id: number, actor: StaffActor): Promise<PlanResult>;
  exceptionsBetween(range: Parameters<typeof exceptionsBetween>[1]): ReturnType<typeof exceptionsBetween>;
  addClosure(input: ClosureInput, actor: StaffActor): Promise<PlanResult<{ id: number }>>;
  removeClosure(id: number, actor: StaffActor): Promise<PlanResult>;
  closuresBetween(range: Parameters<typeof closuresBetween>[1]): ReturnType<typeof closuresBetween>;
  /** A new feed URL token for the practitioner (the old one stops working); shown once. */
  createFeed(practitionerId: string, actor: StaffActor): ReturnType<typeof createFeed>;
  revokeFeed(practitionerId: string, actor: StaffActor): Promise<boolean>;
  /** Whether a practitioner's feed is live (never its token). */
  feedStatus(practitionerId: string): ReturnType<typeof feedStatus>;
  /** Deletes lapsed holds (up to a batch) and says their times freed; answers how many went. */
  sweepLapsedHolds(): Promise<number>;
  /** Offers let expire get their time's next round; entries past their last day end (waitlist.ts, every minute). */
  sweepWaitlist(): Promise<WaitlistSweep>;
  /** A person's visits, erased in the caller's transaction (staff erasing the person); answers how many went. */
  eraseAppointmentsOf(tx: Tx, person: { emails: readonly string[]; phone: string | null }): Promise<number>;
  /** The iCalendar text a feed token opens, or null (unknown or revoked token: answer 404). */
  feed(token: string): Promise<string | null>;
  // --- A course of visits (issue 46, course.ts) ---------------------------------------------
  /** The visit a course is planned after (the patient's manage link, or staff naming it). */
  courseAnchor(booker: CourseBooker): ReturnType<typeof courseAnchor>;
  /** The course as it would be booked now, visit by visit. */
  proposeCourse(anchor: Pick<AppointmentRow, 'serviceId' | 'practitionerId'>, ask: CourseAsk, asStaff: boolean): Promise<CourseProposal>;
  /** Books every visit of the course in one transaction, or none (a visit taken meanwhile: its place). */
  bookCourse(booker: CourseBooker, input: BookCourseInput): Promise<CourseResult>;
  /** The course a course link opens. */
  courseByToken(token: string): ReturnType<typeof courseByToken>;
  /** A visit's course and its link. */
  courseOfVisit(courseId: number): ReturnType<typeof courseOfVisit>;
  /** Cancels the course's visits still outside the notice, in one transaction. */
  cancelRemaining(token: string): ReturnType<typeof cancelRemaining>;
  // --- The waitlist (issue 46, waitlist.ts) --------------------------------------------------
  /** How long an offer stays open, to how many at once, entries per phone (WAITLIST_*). */
  waitlistSettings: WaitlistSettings;
  /** When the patient messages remind and keep quiet (MESSAGES_REMINDER_OFFSETS, MESSAGES_QUIET_HOURS), for the booking form's hint. */
  reminderPlan: ReminderPlan;
  joinWaitlist(input: JoinInput): ReturnType<typeof joinWaitlist>;
  waitlistEntry(token: string): ReturnType<typeof entryByToken>;
  leaveWaitlist(token: string): ReturnType<typeof leaveWaitlist>;
  offer(token: string): ReturnType<typeof offerByToken>;
  claimOffer(token: string): ReturnType<typeof claimOffer>;
  /** Staff: one practitioner's list, with each entry's offers. */
  waitlistFor(practitionerId: string): ReturnType<typeof staffList>;
  offerByHand(input: Parameters<typeof offerByHand>[1]): ReturnType<typeof offerByHand>;
  /** The links a patient's entry and offers open (for staff to read out, and tests). */
  entryToken(entry: { id: number; manageVersion: number }): string;
  offerToken(offer: { id: number }): string;
}

export function createBookingService(deps: BookingDeps): BookingService {
  const { store, rules } = deps;
  const now = () => clock(deps);
  return {
    rules,
    now,
    freeTimes: (query) => freeTimes(store.db, query, rules, now()),
    nextFreeDay: (query) => nextFreeDay(store.db, query, rules, now()),
    nearestFreeTimes: (query, wanted, n) => nearestFreeTimes(store.db, query, wanted, rules, now(), n),
    book: (form, actor) => book(deps, form, actor),
    hold: (input, actor) => hold(deps, input, actor),
    confirmHold: (token, form, actor) => confirmHold(deps, token, form, actor),
    releaseHold: (token) => releaseHold(deps, token),
    byManageToken: (token) => appointmentByToken(deps, token),
    reschedule: (changer, input) => reschedule(deps, changer, input),
    cancel: (changer) => cancel(deps, changer),
    replyToVisit: (tx, appointmentId, reply, via) => replyToVisit(deps, tx, appointmentId, reply, via),
    wake: () => deps.wake?.(),
    setReminders: (changer, input) => setReminders(deps, changer, input),
    patientAppointments: (uid) => patientAppointments(store.db, uid, now()),
    proveEmail: (token, proof) => proveEmail(deps, token, proof),
    emailProofMatches: (appointmentId, email, proof) => emailProofMatches(deps.secret, appointmentId, email, proof),
    limits: limitsOf(deps),
    visitCapFor: (phone, startsAt) => store.db.transaction((tx) => visitCapReached(tx, deps, phone, startsAt, now())),
    phoneProven: async ({ cookie, uid, phone, secure }) =>
      browserProves(deps.secret, cookie, phone, secure, now()) || (uid !== null && (await accountProves(store.db, uid, phone, now(), limitsOf(deps).phoneProofDays))),
    requestCode: (input) => requestCode(deps, input),
    verifyCode: (input) => verifyCode(deps, input),
    rememberProof: async ({ cookie, uid, phone, secure }) => {
      if (uid) await rememberAccountPhone(store.db, uid, phone, now());
      return proofCookie(deps.secret, cookie, phone, secure, now(), limitsOf(deps).phoneProofDays);
    },
    recordRefusal: (refusal) => recordRefusal(store.db, refusal, now()),
    recentRefusals: (days) => recentRefusals(store.db, now(), days),
    bookFromRequest: (reference, form, actor) => bookFromRequest(deps, reference, form, actor),
    setStatus: (changer, status) => setStatus(deps, changer, status),
    revokeManageLinks: (changer) => revokeManageLinks(deps, changer),
    appointmentsBetween: (range) => appointmentsBetween(store.db, range),
    appointmentByReference: (reference) => appointmentByReference(store.db, reference),
    setWorkingWeek: (input, actor) => setWorkingWeek(deps, input, actor),
    weekOn: (practitionerId, date) => weekOn(store.db, practitionerId, date),
    planHistory: (practitionerId) => planHistory(store.db, practitionerId),
    addException: (input, actor) => addException(deps, input, actor),
    removeException: (id, actor) => removeException(deps, id, actor),
    exceptionsBetween: (range) => exceptionsBetween(store.db, range),
    addClosure: (input, actor) => addClosure(deps, input, actor),
    removeClosure: (id, actor) => removeClosure(deps, id, actor),
    closuresBetween: (range) => closuresBetween(store.db, range),
    createFeed: (practitionerId, actor) => createFeed(store, practitionerId, actor),
    revokeFeed: (practitionerId, actor) => revokeFeed(store, practitionerId, actor),
    feedStatus: (practitionerId) => feedStatus(store.db, practitionerId),
    sweepLapsedHolds: () => sweepLapsedHolds(deps),
    sweepWaitlist: () => sweepWaitlist(deps),
    eraseAppointmentsOf: (tx, person) => eraseAppointmentsOf(tx, deps, person),
    feed: async (token) => {
      const practitionerId = await feedPractitioner(store, token);
      return practitionerId ? renderFeed(store.db, practitionerId, { publicOrigin: deps.publicOrigin, now: now() }) : null;
    },
    courseAnchor: (booker) => courseAnchor(deps, booker),
    proposeCourse: (anchor, ask, asStaff) => proposeCourse(deps, anchor, ask, asStaff),
    bookCourse: (booker, input) => bookCourse(deps, booker, input),
    courseByToken: (token) => courseByToken(deps, token),
    courseOfVisit: (courseId) => courseOfVisit(deps, courseId),
    cancelRemaining: (token) => cancelRemaining(deps, token),
    waitlistSettings: deps.waitlist?.settings ?? DEFAULT_WAITLIST,
    reminderPlan: deps.reminderPlan ?? DEFAULT_REMINDER_PLAN,
    joinWaitlist: (input) => joinWaitlist(deps, input),
    waitlistEntry: (token) => entryByToken(deps, token),
    leaveWaitlist: (token) => leaveWaitlist(deps, token),
    offer: (token) => offerByToken(deps, token),
    claimOffer: (token) => claimOffer(deps, token),
    waitlistFor: (practitionerId) => staffList(deps, practitionerId),
    offerByHand: (input) => offerByHand(deps, input),
    entryToken: (entry) => entryTokenOf(deps.secret, entry),
    offerToken: (offer) => offerTokenOf(deps.secret, offer),
  };
}
