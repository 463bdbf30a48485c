import type { EnquiryKind } from '../shared/features/enquiries/schemas';
import type { Store } from './db/store';
import type { Logger } from './logger';

/** A request as the forms hand it to the store. */
export interface NewEnquiry {
  kind: EnquiryKind;
  /** The same key (the same submission sent again) stores nothing new and returns the first reference. */
  idempotencyKey: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  payload: Record<string, unknown>;
}

/** What the forms need from the store (server/enquiries/service.ts implements it over PostgreSQL). */
export interface EnquiryService {
  submit(enquiry: NewEnquiry): Promise<{ reference: string; duplicate: boolean }>;
  /** Counts one attempt against `key`; shared by every instance when the store is shared. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/** Makes sign-in accounts (Firebase) for the checkout's 'Create an account?'; the password is never stored by us. */
export interface AccountService {
  /** Makes the account; 'exists' when the address has one already. */
  create(input: { email: string; password: string; displayName: string }): Promise<{ uid: string } | 'exists'>;
  /** Takes back an account `create` has just made, when what it came with (an order) could not be stored. */
  remove(uid: string): Promise<void>;
}

/**
 * What loaders and actions may use on the server, handed in through the router's
 * request context (server/route-context.ts).
 */
export interface Services {
  logger: Logger;
  /** Months after closing that a request is kept (RETENTION_MONTHS). */
  retentionMonths: number;
  /** The database, for server loaders and actions that read or change stored data (absent in page-only tests). */
  store?: Store;
  /** Absent when no identity service is configured. */
  accounts?: AccountService;
  /** Absent when no store is configured (some tests): forms then answer 503 and keep what was typed. */
  enquiries?: EnquiryService;
  /** The anonymous pages' cache (server/page-cache.ts): call clear() when published content changes, e.g. a comment is approved. */
  pageCache?: { clear(): void };
  /** Origin for links and calendar UIDs in mails (PUBLIC_ORIGIN). */
  publicOrigin?: string;
  /** Tells the outbox worker to send now (after queueing a mail, e.g. a booking confirmation). */
  wakeOutbox?: () => void;
  /**
   * Called after a change that alters public pages (a comment approved, erased or deleted),
   * so a page cache can be emptied.
   */
  onContentChange?: () => void;
}
