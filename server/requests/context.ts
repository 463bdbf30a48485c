import { createContext } from 'react-router';
import type { NewRequest } from '../../shared/requests/schemas';
import type { Db, Tx } from '../platform/db/db';
import type { FormKeys } from './keys';
import type { TodayVisit } from '../../shared/requests/staff/types';

/** What the forms need from the store: one request (and its notice) per submission. */
export interface RequestsService {
  /** Stores a request; the same key (the same submission sent again) stores nothing new and returns the first reference. */
  submit(request: NewRequest, idempotencyKey: string): Promise<{ reference: string; duplicate: boolean }>;
}

/** The requests domain's services for its loaders and actions (set on every request by the composition). */
export interface RequestsServices {
  requests: RequestsService;
  /** Months after closing that a request is kept (RETENTION_MONTHS); the privacy notice states it. */
  retentionMonths: number;
  /** Tells the outbox worker to send now (after queueing a mail outside `submit`, e.g. a visit's confirmation). */
  wakeOutbox(): void;
  /** Keys made from what people type, salted with the server's secret. */
  keys: FormKeys;
  /**
   * What other domains keep of a person, erased in the same transaction as their requests when
   * staff erase them (/staff/people): set by the composition, so this domain names no other.
   */
  personErasers: readonly PersonEraser[];
  /**
   * What is kept of a person outside the database (the local sinks' files: messages written to
   * DATA_DIR/messages, mail written to DATA_DIR/outbox), erased once the transaction has
   * committed: set by the composition, like `personErasers`.
   */
  fileErasers: readonly FileEraser[];
  /** Today's visits (the booking domain's, set by the composition), shown above the inbox's requests. */
  todayVisits(): Promise<TodayVisit[]>;
  /** A published post's title by its slug (the blog's, set by the composition): a comment's request names its post. */
  postTitle(slug: string): Promise<string | null>;
}

/**
 * Erases one domain's rows of a person, found by any of their e-mail addresses (lower case) or
 * their phone (E.164); returns how many of their visits went (0 for a domain that keeps none).
 */
export type PersonEraser = (tx: Tx, person: { emails: readonly string[]; phone: string | null }) => Promise<number>;

/** Erases one place's files of a person (addresses lower case, phone E.164); returns how many lines or files went. */
export type FileEraser = (person: { emails: readonly string[]; phone: string | null }) => Promise<number>;

/** What another domain keeps of a person, for their export (/staff/people): fields added to the JSON file. */
export type PersonExporter = (db: Db, person: { emails: readonly string[]; phone: string | null }) => Promise<Record<string, unknown>>;

export const requestsContext = createContext<RequestsServices>();
