import type { ClinicFacts, ClinicService, Location, OpeningHours } from './types';

/**
 * The few clinic facts every page shows (the footer's services, address and hours; the forms'
 * choices), derived from the clinic's facts (facts-context.tsx `useSiteFacts`).
 */
export interface SiteFacts {
  services: readonly Pick<ClinicService, 'id' | 'name'>[];
  /** The clinic's open location (Abuja). */
  location: Pick<Location, 'id' | 'name' | 'street' | 'area' | 'city' | 'region' | 'countryCode' | 'mapHref'>;
  /** Its opening hours: [weekday (0 Sunday), opens, closes], `HH:MM`. */
  hours: readonly (readonly [number, string, string])[];
  /** The cities planned next, by id and name. */
  planned: readonly Pick<Location, 'id' | 'name'>[];
}

/** The site's facts from the whole set (the first open location is the clinic's). */
export function siteFactsOf(facts: ClinicFacts): SiteFacts {
  const main = facts.locations.find((l) => l.status === 'open') ?? facts.locations[0]!;
  return {
    services: facts.services.map(({ id, name }) => ({ id, name })),
    location: { id: main.id, name: main.name, street: main.street, area: main.area, city: main.city, region: main.region, countryCode: main.countryCode, mapHref: main.mapHref },
    hours: facts.hours.filter((h) => h.locationId === main.id).map((h) => [h.weekday, h.opens, h.closes] as const),
    planned: facts.locations.filter((l) => l.status === 'planned').map(({ id, name }) => ({ id, name })),
  };
}


export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 08:00 → "08:00 am", 22:00 → "10:00 pm". */
export function twelveHour(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${String(hour).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** A run of days as people say it: "Sunday to Friday", "Monday", "Monday and Tuesday". */
function dayRun(days: readonly number[]): string {
  const names = days.map((d) => DAY_NAMES[d]!);
  if (names.length <= 2) return names.join(' and ');
  return `${names[0]} to ${names[names.length - 1]}`;
}

/** The opening hours in words, e.g. { days: 'Sunday to Friday', time: '08:00 am to 10:00 pm', closed: 'Saturday closed' }. */
export function describeHours(hours: SiteFacts['hours']): { days: string; time: string; closed: string } {
  const open = [...new Set(hours.map(([d]) => d))].sort((a, b) => a - b);
  const closed = DAY_NAMES.map((_, d) => d).filter((d) => !open.includes(d));
  const first = hours.find(([d]) => d === open[0]);
  const same = hours.every(([, o, c]) => o === first?.[1] && c === first?.[2]);
  const time = first ? `${twelveHour(first[1])} to ${twelveHour(first[2])}` : '';
  return {
    days: dayRun(open),
    time: same ? time : `${time} (other days vary)`,
    closed: closed.length ? `${dayRun(closed)} closed` : 'Open every day',
  };
}

/** The full postal address, e.g. "12 Example Crescent, Wuse II, Abuja, Nigeria". */
export function fullAddressOf(location: SiteFacts['location']): string {
  return [location.street, location.city, location.countryCode === 'NG' ? 'Nigeria' : location.countryCode].filter(Boolean).join(', ');
}

/** The location choices of the forms: the open one, then the planned cities ("opening soon"). */
export function locationOptionsOf(facts: Pick<SiteFacts, 'location' | 'planned'>): { value: string; label: string }[] {
  return [{ value: facts.location.id, label: facts.location.name }, ...facts.planned.map((l) => ({ value: l.id, label: `${l.name} (opening soon)` }))];
}

/** A visit's earliest and latest start on a weekday (the last start is half an hour before closing), or null when closed. */
export function visitWindow(hours: SiteFacts['hours'], weekday: number): { first: string; last: string } | null {
  const day = hours.filter(([d]) => d === weekday);
  if (!day.length) return null;
  const opens = day.map(([, o]) => o).sort()[0]!;
  const closes = day.map(([, , c]) => c).sort().at(-1)!;
  const [h, m] = closes.split(':').map(Number) as [number, number];
  const last = h * 60 + m - 30;
  return { first: opens, last: `${String(Math.floor(last / 60)).padStart(2, '0')}:${String(last % 60).padStart(2, '0')}` };
}

export type { OpeningHours };
