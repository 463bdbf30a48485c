import type { PaymentView } from './deposits';
import { labelled } from '../platform/labelled';
import { addDays } from './time';
import type { AppointmentView } from './results';
import type { FreeSlot } from './types';

/**
 * A course of care (issue 46, ADR 0046): follow-up visits booked at once after a visit, in a
 * rhythm, with the same practitioner, each its own appointment. The words and the arithmetic
 * both sides share; the booking itself is server/booking/course.ts.
 */
export const COURSE_RHYTHMS = {
  weekly: { label: 'Once a week', days: [7] },
  'twice-weekly': { label: 'Twice a week', days: [3, 4] },
  fortnightly: { label: 'Every two weeks', days: [14] },
} as const;

export type CourseRhythm = keyof typeof COURSE_RHYTHMS;
export const courseRhythm = labelled(COURSE_RHYTHMS);
export const RHYTHMS = courseRhythm.values;

/** How many visits a course may have (the database checks the same). */
export const COURSE_MIN_VISITS = 2;
export const COURSE_MAX_VISITS = 12;

/** The day of each visit of a course that starts on `first` (twice a week: 0, 3, 7, 10, 14… days on). */
export function courseDates(first: string, rhythm: CourseRhythm, visits: number): string[] {
  const steps = COURSE_RHYTHMS[rhythm].days;
  const dates = [first];
  for (let i = 1; i < visits; i++) dates.push(addDays(dates[i - 1]!, steps[(i - 1) % steps.length]!));
  return dates;
}

/** One visit of a proposed course, as the page shows it. */
export interface ProposedVisit {
  /** 1-based place in the course. */
  seq: number;
  date: string;
  /** The time chosen (ISO), or null when the day has no free time or is beyond the horizon. */
  startsAt: string | null;
  /** `HH:MM` of the chosen time. */
  time: string | null;
  /** The chosen time is not the one the rhythm asked for (it was taken: the nearest free one that day). */
  moved: boolean;
  /** The free times that day, for changing this visit there. */
  options: readonly FreeSlot[];
  /** Why this visit has no time: nothing free that day, or the day is beyond the furthest day we book. */
  problem: 'none-free' | 'too-far' | null;
}

export interface CourseProposal {
  visits: number;
  rhythm: CourseRhythm;
  first: string;
  /** The time of day asked for, `HH:MM`. */
  time: string;
  practitionerId: string;
  serviceId: string;
  proposed: ProposedVisit[];
  /** The last day that may be booked (null: staff, no horizon). */
  lastDate: string | null;
}

/** A booked course as its page shows it. */
export interface CourseView {
  id: number;
  reference: string;
  practitionerId: string;
  serviceId: string;
  rhythm: CourseRhythm;
  size: number;
  visits: (AppointmentView & { manageToken: string; changeable: boolean })[];
}

export const COURSE_PREFIX = 'CR';

/** Where a patient plans a course after one of their visits (its manage link). */
export const coursePlanPath = (manageToken: string) => `/booking/manage/${manageToken}/course`;
/** The course's own manage link ("cancel the remaining visits"). */
export const coursePath = (token: string) => `/booking/course/${token}`;
/** Where staff plan a course for a patient, after one of their visits. */
export const staffCoursePlanPath = (reference: string) => `/staff/bookings/${reference}/course`;

/** "visit 3 of 6". */
export const coursePlace = (v: Pick<AppointmentView, 'courseSeq' | 'courseSize'>) => (v.courseSeq && v.courseSize ? `visit ${v.courseSeq} of ${v.courseSize}` : null);

/** The course form's raw values (what the fields show again). */
export interface CourseValues {
  visits: string;
  rhythm: string;
  first: string;
  time: string;
}

/** The planning page's data: the visit it follows, the form, the whole course as proposed. */
export type CoursePlanData =
  | {
      ok: true;
      anchor: AppointmentView;
      values: CourseValues;
      /** null: the form has an error (said in `error`). */
      proposal: CourseProposal | null;
      error: string | null;
      /** The field the error is about. */
      errorField: keyof CourseValues | null;
      /** The course form's idempotency key. */
      key: string;
      /** Where the page posts (the patient's or staff's address). */
      action: string;
      /** Back to the visit (its manage page, or staff's visit page). */
      back: string;
      staff: boolean;
      /** The course's one deposit (ADR 0048), when its service takes one and the patient books; null otherwise. */
      deposit?: { amountKobo: number; policy: string; holdMinutes: number; cancelNoticeHours: number } | null;
    }
  | { ok: false; message: string };

/** The planning page's answer to "Book": why not, with the course proposed again (a visit taken meanwhile moved). */
export interface CoursePlanActionData {
  message: string;
  proposal?: CourseProposal;
  /** The visit that was taken meanwhile (1-based). */
  seq?: number;
}

/** The course's own page. */
export type CoursePageData = { ok: true; course: CourseView; token: string; notice: 'booked' | null; cancelNoticeHours: number; deposit?: PaymentView | null } | { ok: false; message: string };

export type CourseActionData = { status: 'cancelled'; cancelled: number; insideNotice: number } | { status: 'refused'; message: string };
