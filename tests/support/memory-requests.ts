import type { RequestsService } from '../../server/requests/context';
import { REQUEST_KINDS } from '../../shared/requests/kinds';
import type { NewRequest } from '../../shared/requests/schemas';

export interface StoredRequest extends NewRequest {
  reference: string;
  idempotencyKey: string;
}

/** An in-memory stand-in for the store, for tests about pages and forms (the store's own tests use PGlite and PostgreSQL). */
export function memoryRequests(): RequestsService & { rows: StoredRequest[]; failing: boolean } {
  const byKey = new Map<string, StoredRequest>();
  const hits = new Map<string, { start: number; count: number }>();
  let next = 0;
  const service = {
    rows: [] as StoredRequest[],
    failing: false,
    async submit(request: NewRequest, idempotencyKey: string) {
      if (service.failing) throw new Error('store unreachable');
      const found = byKey.get(idempotencyKey);
      if (found) return { reference: found.reference, duplicate: true };
      next += 1;
      const row = { ...request, idempotencyKey, reference: `${REQUEST_KINDS[request.kind].prefix}-T${String(next).padStart(4, '0')}` };
      byKey.set(idempotencyKey, row);
      service.rows.push(row);
      return { reference: row.reference, duplicate: false };
    },
    async hit(key: string, limit: number, windowMs: number) {
      if (service.failing) throw new Error('store unreachable');
      const now = Date.now();
      const entry = hits.get(key);
      const current = entry && now - entry.start < windowMs ? entry : { start: now, count: 0 };
      current.count += 1;
      hits.set(key, current);
      const allowed = current.count <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((current.start + windowMs - now) / 1000) };
    },
  };
  return service;
}
