import type { RequestKind as Kind, RequestStatus as Status } from '../kinds';

/** One row of the staff list (times as ISO strings: loader data travels as JSON). */
export interface RequestRow {
  reference: string;
  kind: Kind;
  status: Status;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
  visitAt: string | null;
  erased: boolean;
  published: boolean;
}

export interface ListFilters {
  kind?: Kind;
  status?: Status;
  q?: string;
}

/** What /staff's server loader returns. */
export interface StaffListData {
  staffName: string;
  /** Requests with status new: shown in the staff header. */
  newCount: number;
  filters: ListFilters;
  /** How many match: exact when `capped` is false; otherwise more than `cap` (counting stops there). */
  count: { n: number; capped: boolean; cap: number };
  /**
   * Keyset paging: each link is a query string for /staff (the filters and `after=`, `before=`
   * or `last=1`; '' is the unfiltered newest page), null when there is no such page.
   */
  paging: { newest: string | null; newer: string | null; older: string | null; oldest: string | null };
  rows: RequestRow[];
  /** Visits booked for today (website and phone bookings live in the calendar, not in this list). */
  visitsToday: number;
  /** Today's visits themselves, in time order (the first 12), each linking to its booking page. */
  visits: TodayVisit[];
}

/** One of today's visits as the inbox lists it. */
export interface TodayVisit {
  reference: string;
  startsAt: string;
  patientName: string | null;
  serviceId: string;
  practitionerId: string;
  /** The visit's status in words ("Booked", "Arrived"…). */
  status: string;
}

export interface HistoryLine {
  at: string;
  action: string;
  /** The staff member's name, 'visitor' or 'system'. */
  by: string;
  fromStatus: Status | null;
  toStatus: Status | null;
  visitAt: string | null;
  /** The booking this change made (a call-back turned into a booking), e.g. BK-7KQ2M. */
  booking?: string | null;
  /** How a patient's reply came (its 'created' event), or null when not said (older rows, other kinds). */
  via?: 'whatsapp' | 'sms' | null;
}

/** What /staff/requests/:reference's server loader returns. */
export interface StaffRequestData {
  staffName: string;
  newCount: number;
  request: {
    reference: string;
    kind: Kind;
    status: Status;
    version: number;
    name: string | null;
    email: string | null;
    phone: string | null;
    createdAt: string;
    updatedAt: string;
    closedAt: string | null;
    visitAt: string | null;
    publishedAt: string | null;
    erasedAt: string | null;
    note: string | null;
  };
  fields: { key: string; label: string; value: string }[];
  /** For a comment: the post it belongs to. */
  post: { slug: string; title: string } | null;
  history: HistoryLine[];
  meta: { title: string; description: string };
}

/** What a staff action answers when it does not redirect: a refusal (422) or a conflict (409), with what was typed. */
export interface StaffActionData {
  intent: string;
  outcome: 'invalid' | 'conflict';
  message: string;
  errors?: Record<string, string>;
  values: Record<string, string>;
}

/** What /staff/people's server loader returns: one person's requests, found by e-mail or phone. */
export interface StaffPeopleData {
  staffName: string;
  newCount: number;
  query: { email: string; phone: string };
  found: RequestRow[] | null;
}
