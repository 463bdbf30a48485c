import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../platform/db/db';
import { locations, practitioners } from '../clinic/schema';
import { closures, workingPlans, type Break } from './schema';

/**
 * The booking data of a new database (step 0003_booking_seed, server/app/store.ts): each
 * bookable practitioner's week at Abuja and Nigeria's fixed public holidays. From then on staff
 * keep them in the staff area; the database is where they live.
 */
const SEED_ACTOR = 'system';
/** Plans apply from this date; a staff change closes them and adds the new plan. */
const SEED_VALID_FROM = '2026-01-01';

interface Day {
  days: readonly number[];
  starts: string;
  ends: string;
  breaks: readonly Break[];
}

const SUN_THU = [0, 1, 2, 3, 4];
const lunch = (start: string, end: string): Break[] => [{ start, end }];

/**
 * All inside the clinic's hours (Sunday to Friday, 08:00 to 22:00), each with a break, and
 * different from each other so that the clinic is covered from morning to evening.
 */
export const WORKING_WEEKS: Readonly<Record<string, readonly Day[]>> = {
  // The principal, as her profile says (shared/content/doctor-pages.ts): Sunday to Thursday
  // 09:00 to 17:00, Friday 09:00 to 13:00.
  'adaeze-okafor': [
    { days: SUN_THU, starts: '09:00', ends: '17:00', breaks: lunch('13:00', '14:00') },
    { days: [5], starts: '09:00', ends: '13:00', breaks: [] },
  ],
  // Mornings, Monday to Friday; on Friday a longer break for Jumu'ah prayers.
  'ibrahim-musa': [
    { days: [1, 2, 3, 4], starts: '08:00', ends: '16:00', breaks: lunch('12:00', '13:00') },
    { days: [5], starts: '08:00', ends: '16:00', breaks: lunch('12:30', '14:00') },
  ],
  // Afternoons and early evenings for office workers, Friday daytime.
  'funmilayo-adeyemi': [
    { days: [0, 2, 3, 4], starts: '12:00', ends: '20:00', breaks: lunch('15:30', '16:00') },
    { days: [5], starts: '10:00', ends: '16:00', breaks: lunch('13:00', '14:00') },
  ],
  // Evenings: rehabilitation after work.
  'chinedu-eze': [{ days: SUN_THU, starts: '14:00', ends: '22:00', breaks: lunch('17:30', '18:00') }],
  // Alternating mornings and evenings.
  'tunde-bakare': [
    { days: [1, 3, 5], starts: '08:00', ends: '14:00', breaks: lunch('11:00', '11:15') },
    { days: [0, 2, 4], starts: '15:00', ends: '21:00', breaks: lunch('18:00', '18:30') },
  ],
};

/**
 * Nigeria's public holidays with fixed dates, and Good Friday and Easter Monday by date, for
 * 2026 and 2027: the clinic is closed at every location. The Islamic holidays (Eid al-Fitr,
 * Eid al-Adha, Eid al-Mawlid) move with the lunar calendar and are declared by the Federal
 * Government shortly before: staff add them each year, as they add a substitute Monday when
 * the government declares one for a holiday falling on a weekend.
 */
export const PUBLIC_HOLIDAYS: readonly { date: string; name: string }[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-06', name: 'Easter Monday' },
  { date: '2026-05-01', name: "Workers' Day" },
  { date: '2026-06-12', name: 'Democracy Day' },
  { date: '2026-10-01', name: 'Independence Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-12-26', name: 'Boxing Day' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-03-29', name: 'Easter Monday' },
  { date: '2027-05-01', name: "Workers' Day" },
  { date: '2027-06-12', name: 'Democracy Day' },
  { date: '2027-10-01', name: 'Independence Day' },
  { date: '2027-12-25', name: 'Christmas Day' },
  { date: '2027-12-26', name: 'Boxing Day' },
];

/** Inserts the plans (for those of the practitioners above who exist and are bookable) and the holidays. */
export async function insertBookingSeed(tx: Tx, locationId = 'abuja'): Promise<void> {
  const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  const present = await tx
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(and(eq(practitioners.bookable, true), inArray(practitioners.id, Object.keys(WORKING_WEEKS))));
  const rows = location
    ? present.flatMap(({ id }) =>
        (WORKING_WEEKS[id] ?? []).flatMap((d) =>
          d.days.map((weekday) => ({ practitionerId: id, locationId, weekday, starts: d.starts, ends: d.ends, breaks: [...d.breaks], validFrom: SEED_VALID_FROM, createdBy: SEED_ACTOR })),
        ),
      )
    : [];
  if (rows.length) await tx.insert(workingPlans).values(rows);
  await tx.insert(closures).values(PUBLIC_HOLIDAYS.map((h) => ({ locationId: null, onDate: h.date, name: h.name, createdBy: SEED_ACTOR })));
}
