import { hitRateLimit } from '../db/rate-limit';
import type { Store } from '../db/store';
import type { EnquiryService } from '../services';
import { submitRequest, subscribe } from './repo';

export interface EnquiryServiceOptions {
  /** Where the clinic's notices go (CLINIC_INBOX_EMAIL). */
  clinicInbox: string;
  /** For links in mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Sends the new mail at once instead of at the worker's next round. */
  wake?: () => void;
}

/** The forms' view of the store: one request (and its notice) per submission, and shared rate limits. */
export function createEnquiryService(store: Store, options: EnquiryServiceOptions): EnquiryService {
  return {
    async submit(enquiry) {
      // A newsletter sign-up is not worth an e-mail to the clinic; the subscriber gets the confirmation link instead.
      const notify = enquiry.kind === 'newsletter' ? null : { to: options.clinicInbox, publicOrigin: options.publicOrigin };
      const result = await submitRequest(store, { ...enquiry, notify });
      if (enquiry.kind === 'newsletter' && !result.duplicate && enquiry.email) await subscribe(store, { email: enquiry.email, publicOrigin: options.publicOrigin });
      if (!result.duplicate) options.wake?.();
      return result;
    },
    async hit(key, limit, windowMs) {
      const { allowed, retryAfterSeconds } = await hitRateLimit(store, key, { limit, windowMs });
      return { allowed, retryAfterSeconds };
    },
  };
}
