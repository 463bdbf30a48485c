import { seedDetails, site } from '../../shared/content/site';
import { WAT_OFFSET_MS } from '../../shared/platform/clinic-time';

/**
 * The iCalendar writer (RFC 5545), for every calendar the site gives out: a visit's file (the
 * booking's mails and its download, the staff inbox's confirmation of a visit agreed on the
 * phone) and the practitioners' feeds.
 */

/** How long a visit booked from the staff inbox (a time agreed on the phone) is put in the patient's calendar. */
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
  return new Date(at.getTime() + WAT_OFFSET_MS).toISOString().replace(/[-:]/g, '').slice(0, 15);
}

const utc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * A parameter value (RFC 5545 3.2): quoted when it holds a colon, semicolon or comma; a double
 * quote cannot be written at all, and parameters know no backslash escapes.
 */
function paramValue(value: string): string {
  const clean = value.replace(/["\r\n]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** A CAL-ADDRESS (a URI): the e-mail address as a mailto: URI, or a phone number as a tel: URI. */
function calAddress(to: { email: string } | { phone: string }): string {
  if ('email' in to) return `mailto:${to.email.replace(/[^\w.!$&'*+\-=^`{|}~@]/g, (c) => encodeURIComponent(c))}`;
  return `tel:${to.phone.replace(/[^\d+]/g, '')}`;
}

/** One VEVENT: times in the clinic's zone, texts escaped here. */
export interface CalendarEvent {
  /** Stays the same when the event moves, so a new file (or the next feed fetch) updates the entry. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  contact?: string;
  status?: 'CONFIRMED' | 'CANCELLED';
  /** Raised on every change of a sent event (RFC 5545 3.8.7.4): calendars keep the highest. */
  sequence?: number;
  /**
   * CAL-ADDRESSes (`calAddress`) of the people the event is for. RFC 5546 wants them in a CANCEL
   * (at least one) and none in a PUBLISH: the caller gives them only for a cancellation.
   */
  attendees?: readonly string[];
}

export interface CalendarOptions {
  now?: Date;
  /** PUBLISH for a file or feed; CANCEL for a file that removes a cancelled visit. */
  method?: 'PUBLISH' | 'CANCEL';
  /** The PRODID's product part, e.g. "Staff inbox", "Booking". */
  product?: string;
  /** X-WR-CALNAME: the name a subscribed feed shows. */
  name?: string;
  /**
   * For a subscribed feed: how often calendars should fetch it again, an ISO 8601 duration
   * (REFRESH-INTERVAL, RFC 7986, and X-PUBLISHED-TTL, which Outlook reads).
   */
  refresh?: string;
  /** The clinic's public e-mail address, the ORGANIZER (its details, edited at /staff/content); the seed's when not given. */
  email?: string;
}

/**
 * A calendar (one file or a feed) in the clinic's time zone, with its VTIMEZONE so that
 * calendars need no zone database. CRLF line ends and folding as RFC 5545 asks. Every event's
 * ORGANIZER is the clinic (its public address), which RFC 5546 requires in a PUBLISH and a
 * CANCEL; a CANCEL always carries its SEQUENCE, as RFC 5546 requires too.
 */
export function icsCalendar(events: readonly CalendarEvent[], { now = new Date(), method = 'PUBLISH', product = 'Staff inbox', name, refresh, email = seedDetails.email }: CalendarOptions = {}): string {
  const organizer = `ORGANIZER;CN=${paramValue(site.name)}:${calAddress({ email })}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(site.name)}//${escapeText(product)}//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`, 'X-WR-TIMEZONE:Africa/Lagos'] : []),
    ...(refresh ? [`REFRESH-INTERVAL;VALUE=DURATION:${refresh}`, `X-PUBLISHED-TTL:${refresh}`] : []),
    'BEGIN:VTIMEZONE',
    'TZID:Africa/Lagos',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0100',
    'TZNAME:WAT',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART;TZID=Africa/Lagos:${abujaLocal(e.start)}`,
      `DTEND;TZID=Africa/Lagos:${abujaLocal(e.end)}`,
      ...(e.sequence || method === 'CANCEL' ? [`SEQUENCE:${e.sequence ?? 0}`] : []),
      organizer,
      ...(e.attendees ?? []).map((address) => `ATTENDEE:${address}`),
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      ...(e.contact ? [`CONTACT:${escapeText(e.contact)}`] : []),
      `STATUS:${e.status ?? 'CONFIRMED'}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export interface VisitEvent {
  reference: string;
  visitAt: Date;
  /** The visit's end; without it, VISIT_MINUTES after the start (a time agreed on the phone). */
  endsAt?: Date;
  /** For the UID's right-hand side, e.g. clinic.example. */
  host: string;
  /** The clinic's address (the database's). */
  address: string;
  now?: Date;
  /** Where the patient changes or cancels it online (a booking's manage link); without it, by phone. */
  manageLink?: string;
  /** A cancelled visit: METHOD:CANCEL, so calendars remove the entry. */
  cancelled?: boolean;
  sequence?: number;
  /** The clinic's number to call (its details); the seed's when not given. */
  phone?: string;
  /** The clinic's e-mail address (its details), the calendar's ORGANIZER; the seed's when not given. */
  email?: string;
  /** The patient, the cancelling file's ATTENDEE (RFC 5546): their e-mail address, else their phone. */
  patient?: { email?: string | null; phone?: string | null };
  /** Where to book another visit (the booking page), for a cancelled visit's description. */
  bookLink?: string;
}

/**
 * A calendar file for one visit: the clinic's address and phone, and a UID that stays the same
 * when the visit is moved, so a new file updates the old entry. Nothing of the reason for the
 * visit: only the place, the time and the reference.
 */
export function visitIcs({ reference, visitAt, endsAt, host, address, phone = seedDetails.phones[0].display, email, now = new Date(), manageLink, cancelled = false, sequence, patient, bookLink }: VisitEvent): string {
  // A cancelled visit cannot be changed or cancelled again: its file offers a new one instead.
  const change = cancelled
    ? `This visit is cancelled. To book another: ${bookLink ? `${bookLink} or call ${phone}` : `call ${phone}`}.`
    : manageLink
      ? `To change or cancel: ${manageLink} or call ${phone}.`
      : `To change or cancel, call ${phone} or reply to this e-mail.`;
  const attendee = patient?.email ? calAddress({ email: patient.email }) : patient?.phone ? calAddress({ phone: patient.phone }) : null;
  return icsCalendar(
    [
      {
        uid: `${reference.toLowerCase()}@${host}`,
        start: visitAt,
        end: endsAt ?? new Date(visitAt.getTime() + VISIT_MINUTES * 60_000),
        summary: `Visit to ${site.name}`,
        location: address,
        description: `Reference ${reference}.\n${change}\nAddress: ${address}.`,
        contact: `${site.name}, ${phone}`,
        status: cancelled ? 'CANCELLED' : 'CONFIRMED',
        ...(sequence ? { sequence } : {}),
        ...(cancelled && attendee ? { attendees: [attendee] } : {}),
      },
    ],
    { now, method: cancelled ? 'CANCEL' : 'PUBLISH', product: manageLink ? 'Booking' : 'Staff inbox', ...(email ? { email } : {}) },
  );
}
