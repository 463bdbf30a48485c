import ICAL from 'ical.js';
import { expect } from 'vitest';

/** One property as a calendar library reads it: its value (unescaped, unfolded) and parameters. */
export interface ParsedProperty {
  value: string;
  params: Record<string, string>;
  /** The value type the reader took (its default for the property, or the VALUE parameter's): 'duration', 'cal-address'… */
  type: string;
}

export interface ParsedCalendar {
  /** The calendar's own properties (METHOD, PRODID, REFRESH-INTERVAL…), by lower-case name. */
  calendar: Record<string, ParsedProperty[]>;
  /** Each VEVENT's properties, by lower-case name. */
  events: Record<string, ParsedProperty[]>[];
}

function properties(component: ICAL.Component): Record<string, ParsedProperty[]> {
  const out: Record<string, ParsedProperty[]> = {};
  for (const property of component.getAllProperties()) {
    const [, params, type] = property.toJSON() as [string, Record<string, string>, string, ...unknown[]];
    (out[property.name] ??= []).push({ value: String(property.getFirstValue()), params: { ...params }, type });
  }
  return out;
}

/**
 * Reads an iCalendar text with ical.js (the parser behind many web calendars), after checking
 * what a strict reader needs of its lines: CRLF ends, none longer than 75 octets (RFC 5545 3.1).
 */
export function parseIcs(text: string): ParsedCalendar {
  expect(text.endsWith('\r\n'), 'ends with CRLF').toBe(true);
  expect(text.replace(/\r\n/g, ''), 'CRLF line ends only').not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  expect(root.name).toBe('vcalendar');
  return { calendar: properties(root), events: root.getAllSubcomponents('vevent').map(properties) };
}

/** The one value of a property (fails when it is missing or repeated). */
export function one(props: Record<string, ParsedProperty[]>, name: string): ParsedProperty {
  const found = props[name.toLowerCase()] ?? [];
  expect(found, `${name}: exactly one`).toHaveLength(1);
  return found[0]!;
}
