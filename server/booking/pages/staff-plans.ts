import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { calendarFeedPath } from '../../../shared/booking/results';
import { addDays } from '../../../shared/booking/time';
import { parseId } from '../../../shared/platform/parse';
import { exceptionKind, WEEK_ORDER, type PlanRow, type PlansData } from '../../../shared/booking/staff/types';
import { clinicContext } from '../../clinic/context';
import { platformContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';
import type { PlanResult, WeekInterval } from '../plans';
import type { BookingService } from '../service';
import { answer, formFields, staffOf, today } from '../staff/page-data';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
type RawPlan = Awaited<ReturnType<BookingService['weekOn']>>[number];
const planRow = (r: RawPlan): PlanRow => ({
  id: r.id,
  locationId: r.locationId,
  weekday: r.weekday,
  starts: r.starts,
  ends: r.ends,
  breaks: [...r.breaks],
  validFrom: r.validFrom,
  validTo: r.validTo,
  createdAt: iso(r.createdAt)!,
  createdBy: r.createdBy,
  closedAt: iso(r.closedAt),
  closedBy: r.closedBy,
});

async function practitionerOf(context: LoaderFunctionArgs['context'], wanted: string) {
  const facts = await context.get(clinicContext).facts();
  const bookable = facts.practitioners.filter((p) => p.bookable);
  return bookable.find((p) => p.id === wanted)?.id ?? bookable[0]?.id ?? '';
}

/** /staff/plans?practitioner=<id>: the week in force, its history, the coming exceptions, the clinic's closures and the feed. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PlansData> {
  const { header } = staffOf(context, request);
  const booking = context.get(bookingContext);
  const practitionerId = await practitionerOf(context, new URL(request.url).searchParams.get('practitioner') ?? '');
  const now = today(booking.now());
  const [week, history, exceptions, closures, feed] = await Promise.all([
    booking.weekOn(practitionerId, now),
    booking.planHistory(practitionerId),
    booking.exceptionsBetween({ fromDate: now, toDate: addDays(now, 365), practitionerId }),
    booking.closuresBetween({ fromDate: now, toDate: addDays(now, 400) }),
    booking.feedStatus(practitionerId),
  ]);
  return {
    ...header,
    practitionerId,
    today: now,
    week: week.map(planRow),
    history: history.map(planRow),
    exceptions: exceptions.map((e) => ({ id: e.id, date: e.onDate, kind: e.kind, locationId: e.locationId, starts: e.starts?.slice(0, 5) ?? null, ends: e.ends?.slice(0, 5) ?? null, note: e.note })),
    closures: closures.map((c) => ({ id: c.id, date: c.onDate, locationId: c.locationId, starts: c.starts?.slice(0, 5) ?? null, ends: c.ends?.slice(0, 5) ?? null, name: c.name })),
    feed,
  };
}

const REASONS: Record<string, string> = {
  'unknown-practitioner': 'Please choose a practitioner who takes bookings.',
  'unknown-location': 'Please choose a location.',
  'not-found': 'That entry was already removed.',
};

/** Which field a core message is about ("Day 2: …" → that day's start field). */
function fieldOf(intent: string, message: string): string {
  const day = /^Day (\d)/.exec(message);
  if (intent === 'week' && day) return /break/i.test(message) ? `d${day[1]}_break_start` : `d${day[1]}_start`;
  if (intent === 'week') return /starts today|validFrom|new week/i.test(message) ? 'validFrom' : 'd1_start';
  if (/day as|Please give the day/i.test(message)) return 'date';
  if (/name the closure/i.test(message)) return 'name';
  if (/note/i.test(message)) return 'note';
  if (/location/i.test(message)) return 'location';
  return 'starts';
}

/** Every change to plans, exceptions, closures and the feed: POST forms; a redirect (303) with a confirmation, or the form again with the message at its field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = staffOf(context, request);
  const booking = context.get(bookingContext);
  const fields = await formFields(request);
  const intent = fields.intent ?? '';
  const practitionerId = await practitionerOf(context, fields.practitioner ?? '');
  const back = (done: string, extra = '') => redirect(`/staff/plans?practitioner=${encodeURIComponent(practitionerId)}&done=${done}${extra}#${done.split('-')[0]}`, 303);
  const refuse = (result: Extract<PlanResult, { ok: false }>) => {
    const message = result.reason === 'invalid' ? result.message : (REASONS[result.reason] ?? 'That did not work.');
    return answer({ intent, outcome: result.reason === 'not-found' ? 'conflict' : 'invalid', message, errors: { [fieldOf(intent, message)]: message }, values: fields }, result.reason === 'not-found' ? 409 : 422);
  };
  // A removal names its entry by id; one that is not an id (an edited form) is said so, not queried.
  const staleEntry = () => answer({ intent, outcome: 'invalid', message: 'This entry is not one of ours: reload the page and try again.', errors: { id: 'Not an entry of this page.' }, values: fields }, 422);
  switch (intent) {
    case 'week': {
      const intervals: WeekInterval[] = [];
      const errors: Record<string, string> = {};
      for (const weekday of WEEK_ORDER) {
        const v = (name: string) => fields[`d${weekday}_${name}`] ?? '';
        if (!v('start') && !v('end')) continue;
        if (!v('start') || !v('end')) {
          errors[`d${weekday}_start`] = 'Give both a start and an end, or leave both empty for a day off.';
          continue;
        }
        const hasBreak = Boolean(v('break_start') || v('break_end'));
        if (hasBreak && (!v('break_start') || !v('break_end'))) {
          errors[`d${weekday}_break_start`] = 'Give both ends of the break, or neither.';
          continue;
        }
        intervals.push({ weekday, starts: v('start'), ends: v('end'), breaks: hasBreak ? [{ start: v('break_start'), end: v('break_end') }] : [] });
      }
      if (Object.keys(errors).length) return answer({ intent, outcome: 'invalid', message: 'Please correct the marked days.', errors, values: fields }, 422);
      const result = await booking.setWorkingWeek({ practitionerId, locationId: fields.location || 'abuja', validFrom: fields.validFrom ?? '', intervals }, actor);
      if (!result.ok) return refuse(result);
      const outside = result.outsidePlan.map((o) => o.reference).join(',');
      throw back('week', outside ? `&outside=${encodeURIComponent(outside)}` : '');
    }
    case 'exception-add': {
      const kind = fields.kind;
      if (!exceptionKind.is(kind)) return answer({ intent, outcome: 'invalid', message: 'Please choose what kind of day it is.', errors: { kind: 'Please choose one.' }, values: fields }, 422);
      const hasBreak = Boolean(fields.break_start && fields.break_end);
      const result = await booking.addException(
        { practitionerId, date: fields.date ?? '', kind, locationId: kind === 'time_off' ? null : fields.location || 'abuja', starts: fields.starts || null, ends: fields.ends || null, breaks: hasBreak ? [{ start: fields.break_start!, end: fields.break_end! }] : [], note: fields.note || null },
        actor,
      );
      if (!result.ok) return refuse(result);
      throw back('exception-added');
    }
    case 'exception-remove': {
      const id = parseId(fields.id);
      if (id === null) return staleEntry();
      const result = await booking.removeException(id, actor);
      if (!result.ok) return refuse(result);
      throw back('exception-removed');
    }
    case 'closure-add': {
      const result = await booking.addClosure({ locationId: fields.location || null, date: fields.date ?? '', starts: fields.starts || null, ends: fields.ends || null, name: fields.name ?? '' }, actor);
      if (!result.ok) return refuse(result);
      throw back('closure-added');
    }
    case 'closure-remove': {
      const id = parseId(fields.id);
      if (id === null) return staleEntry();
      const result = await booking.removeClosure(id, actor);
      if (!result.ok) return refuse(result);
      throw back('closure-removed');
    }
    case 'feed-create': {
      const result = await booking.createFeed(practitionerId, actor);
      if (!result.ok) return refuse(result);
      // Shown once, in this answer (not in a redirect's URL, which would land in logs and history).
      const feedUrl = `${context.get(platformContext).publicOrigin}${calendarFeedPath(result.token)}`;
      return answer({ intent, outcome: 'done', message: 'A new calendar feed was made. Copy its address now: it is shown only this once. Any earlier address has stopped working.', feedUrl }, 200);
    }
    case 'feed-revoke': {
      const had = await booking.revokeFeed(practitionerId, actor);
      throw back(had ? 'feed-revoked' : 'feed-none');
    }
    default:
      return answer({ intent, outcome: 'invalid', message: 'Unknown action.', values: fields }, 422);
  }
}
