import { site } from '../../../shared/content/site';

/** How long a booked visit is put in the patient's calendar. */
export const VISIT_MINUTES = 45;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // The first line may hold 75 octets; continuation lines start with a space, so 74 more.
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A moment as the clinic's wall-clock time (Abuja is UTC+1 all year): 20261201T103000. */
function abujaLocal(at: Date): string {
  return new Date(at.getTime() + 60 * 60_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
}

const utc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface VisitEvent {
  reference: string;
  visitAt: Date;
  /** For the UID's right-hand side, e.g. clinic.example. */
  host: string;
  /** The clinic's address (the database's). */
  address: string;
  now?: Date;
}

/**
 * A calendar file for one booked visit: a VEVENT in the clinic's time zone (with its
 * VTIMEZONE, so calendars need no zone database), the clinic's address and phone, and a
 * UID that stays the same when the visit is moved, so a new file updates the old entry.
 */
export function visitIcs({ reference, visitAt, host, address, now = new Date() }: VisitEvent): string {
  const end = new Date(visitAt.getTime() + VISIT_MINUTES * 60_000);
  const phone = site.phones[0].display;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(site.name)}//Staff inbox//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Africa/Lagos',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0100',
    'TZNAME:WAT',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${reference.toLowerCase()}@${host}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART;TZID=Africa/Lagos:${abujaLocal(visitAt)}`,
    `DTEND;TZID=Africa/Lagos:${abujaLocal(end)}`,
    `SUMMARY:${escapeText(`Visit to ${site.name}`)}`,
    `LOCATION:${escapeText(address)}`,
    `DESCRIPTION:${escapeText(`Reference ${reference}.\nTo change or cancel, call ${phone} or reply to this e-mail.\nAddress: ${address}.`)}`,
    `CONTACT:${escapeText(`${site.name}, ${phone}`)}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
