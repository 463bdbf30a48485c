import type { RequestsService } from '../../server/requests/context';
import { REQUEST_KINDS } from '../../shared/requests/kinds';
import type { NewRequest } from '../../shared/requests/schemas';

export interface StoredRequest extends NewRequest {
  reference: string;
  idempotencyKey: string;
}

/** An in-memory stand-in for the store, for tests about pages and forms (the store's own tests use PGlite and PostgreSQL). */
export function memoryRequests(): RequestsService & { rows: StoredRequest[] } {
  const byKey = new Map<string, StoredRequest>();
  let next = 0;
  const service = {
    rows: [] as StoredRequest[],
    async submit(request: NewRequest, idempotencyKey: string) {
      const found = byKey.get(idempotencyKey);
      if (found) return { reference: found.reference, duplicate: true };
      next += 1;
      const row = { ...request, idempotencyKey, reference: `${REQUEST_KINDS[request.kind].prefix}-T${String(next).padStart(4, '0')}` };
      byKey.set(idempotencyKey, row);
      service.rows.push(row);
      return { reference: row.reference, duplicate: false };
    },
  };
  return service;
}
