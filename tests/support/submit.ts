import type { NewRequest } from '../../shared/requests/schemas';
import type { Store } from '../../server/platform/db/store';
import { submitRequest, type SubmitOptions } from '../../server/requests/repo';

/** submitRequest with the person's fields optional (null when left out), as the tests write them. */
export function submit(store: Store, input: Partial<Omit<NewRequest, 'kind' | 'payload'>> & Pick<NewRequest, 'kind' | 'payload'> & SubmitOptions) {
  const { idempotencyKey, notify, kind, name = null, email = null, phone = null, payload } = input;
  return submitRequest(store, { kind, name, email, phone, payload }, { idempotencyKey, notify });
}
