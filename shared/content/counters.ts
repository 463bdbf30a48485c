import type { CounterItem } from './types';
import { site } from './site';

/** Counters of one alternative home (spec section 9: 3624, 1230, 7620, 2430). Sample figures. */
export const homeThreeCounters: readonly CounterItem[] = [
  { end: 3624, label: 'Patient visits', icon: 'user' },
  { end: 1230, label: 'Posture assessments', icon: 'spine' },
  { end: 7620, label: 'Therapy sessions', icon: 'heart' },
  { end: 2430, label: 'Home exercise plans', icon: 'calendar' },
];

/** About page counters (spec section 3; labels as the spec gives them). */
export const aboutCounters: readonly CounterItem[] = [
  { end: 358, label: 'Worldwide Branches', icon: 'globe' },
  { end: 358, label: 'Hospital Formed', icon: 'heart' },
  { end: 238, label: 'Local Partners', icon: 'user' },
];

/** Facts of home four, counted from the clinic's own data (the page's loader and the site's facts) so they stay true. */
export function homeFourFacts(counts: { team: number; services: number; planned: number }): readonly CounterItem[] {
  return [
    { end: site.copyrightYear - site.foundedYear, label: 'Years of practice', icon: 'calendar', suffix: '+' },
    { end: counts.team, label: 'Team members', icon: 'user' },
    { end: counts.services, label: 'Core services', icon: 'spine' },
    { end: counts.planned, label: 'Cities planned next', icon: 'pin' },
  ];
}
