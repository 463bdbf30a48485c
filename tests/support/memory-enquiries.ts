import { REFERENCE_PREFIX } from '../../shared/features/enquiries/form-names';
import type { EnquiryService, NewEnquiry } from '../../server/services';

export interface StoredEnquiry extends NewEnquiry {
  reference: string;
}

/** An in-memory stand-in for the store, for tests about pages and forms (the store's own tests use PGlite and PostgreSQL). */
export function memoryEnquiries(): EnquiryService & { rows: StoredEnquiry[]; failing: boolean } {
  const byKey = new Map<string, StoredEnquiry>();
  const hits = new Map<string, { start: number; count: number }>();
  let next = 0;
  const service = {
    rows: [] as StoredEnquiry[],
    failing: false,
    async submit(enquiry: NewEnquiry) {
      if (service.failing) throw new Error('store unreachable');
      const found = byKey.get(enquiry.idempotencyKey);
      if (found) return { reference: found.reference, duplicate: true };
      next += 1;
      const row = { ...enquiry, reference: `${REFERENCE_PREFIX[enquiry.kind]}-T${String(next).padStart(4, '0')}` };
      byKey.set(enquiry.idempotencyKey, row);
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
