/**
 * The iCalendar writer, for other domains (the booking's confirmation files and the
 * practitioners' feeds): the requests domain's public surface for it (its staff/ folder is
 * internal).
 */
export { escapeText, foldLine, icsCalendar, visitIcs, type CalendarEvent, type CalendarOptions, type VisitEvent } from './staff/ics';
