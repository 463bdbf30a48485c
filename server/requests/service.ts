import type { Store } from '../platform/db/store';
import type { RequestsService } from './context';
import { submitRequest, subscribe } from './repo';

export interface RequestsServiceOptions {
  /** Where the clinic's notices go (CLINIC_INBOX_EMAIL). */
  clinicInbox: string;
  /** For links in mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Sends the new mail at once instead of at the worker's next round. */
  wake?: () => void;
}

/** The forms' view of the store: one request (and its notice) per submission. */
export function createRequestsService(store: Store, options: RequestsServiceOptions): RequestsService {
  return {
    async submit(request, idempotencyKey) {
      // A newsletter sign-up is not worth an e-mail to the clinic; the subscriber gets the confirmation link instead.
      const notify = request.kind === 'newsletter' ? null : { to: options.clinicInbox, publicOrigin: options.publicOrigin };
      const result = await submitRequest(store, request, { idempotencyKey, notify });
      if (request.kind === 'newsletter' && !result.duplicate && request.email) await subscribe(store, { email: request.email, publicOrigin: options.publicOrigin });
      if (!result.duplicate) options.wake?.();
      return result;
    },
  };
}
