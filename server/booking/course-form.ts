import { COURSE_MAX_VISITS, COURSE_MIN_VISITS, COURSE_RHYTHMS, courseRhythm, type CourseValues } from '../../shared/booking/course';
import { addDays, isDate, lagosDate, lagosTime } from '../../shared/booking/time';
import type { CourseAsk } from './course';
import type { AppointmentRow } from './schema';

/**
 * The course form as a query or a body carries it (visits, rhythm, first, time; day-N and at-N
 * for a visit changed on the page), read for the patient's and staff's planning pages alike.
 */
export type Getter = (name: string) => string | null;

/** A course starts within a year (staff have no horizon; a visitor's is shorter, and its days past it are said visit by visit). */
const FIRST_DAY_LIMIT_DAYS = 366;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The form's defaults after a visit: six weekly visits from a week after it (or after today), at its time of day. */
export function courseDefaults(anchor: Pick<AppointmentRow, 'startsAt'>, now: Date): CourseValues {
  const today = lagosDate(now);
  const visitDay = lagosDate(anchor.startsAt);
  return { visits: '6', rhythm: 'weekly', first: addDays(visitDay > today ? visitDay : today, COURSE_RHYTHMS.weekly.days[0]), time: lagosTime(anchor.startsAt) };
}

/** The ask, or the first thing wrong with the form (in words for the page). */
export function readCourseAsk(get: Getter, defaults: CourseValues, now: Date): { values: CourseValues; ask: CourseAsk | null; error: string | null; field: keyof CourseValues | null } {
  const values: CourseValues = {
    visits: (get('visits') ?? defaults.visits).trim(),
    rhythm: (get('rhythm') ?? defaults.rhythm).trim(),
    first: (get('first') ?? defaults.first).trim(),
    time: (get('time') ?? defaults.time).trim(),
  };
  const visits = /^\d{1,2}$/.test(values.visits) ? Number(values.visits) : NaN;
  const fail = (field: keyof CourseValues, error: string) => ({ values, ask: null, error, field });
  if (!(visits >= COURSE_MIN_VISITS && visits <= COURSE_MAX_VISITS)) return fail('visits', `Please choose between ${COURSE_MIN_VISITS} and ${COURSE_MAX_VISITS} visits.`);
  if (!courseRhythm.is(values.rhythm)) return fail('rhythm', 'Please choose how often.');
  if (!isDate(values.first)) return fail('first', 'Please give the first visit’s day as a date, like 2026-12-08.');
  if (values.first < lagosDate(now)) return fail('first', 'The first visit’s day has passed. Please choose a later day.');
  if (values.first > addDays(lagosDate(now), FIRST_DAY_LIMIT_DAYS)) return fail('first', 'The first visit’s day is too far ahead. Please choose a day within the next year.');
  if (!TIME.test(values.time)) return fail('time', 'Please give the time of day like 10:00.');
  const days: Record<number, string> = {};
  const chosen: Record<number, string> = {};
  for (let seq = 1; seq <= visits; seq++) {
    const day = get(`day-${seq}`)?.trim();
    if (day && isDate(day) && day >= lagosDate(now)) days[seq] = day;
    const at = get(`at-${seq}`)?.trim();
    if (at && ISO.test(at)) chosen[seq] = at;
  }
  return { values, ask: { visits, rhythm: values.rhythm, first: values.first, time: values.time, days, chosen }, error: null, field: null };
}
