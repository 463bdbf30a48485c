import { withoutUnstorable } from '../../../shared/platform/storable-text';
import { isKind, isStatus } from '../../../shared/requests/kinds';
import type { RequestRow } from '../../../shared/requests/staff/types';
import type { SessionUser } from '../../../shared/platform/session';
import type { requests } from '../schema';
import type { Actor, RequestFilters } from './repo';

/** The list's filters from the URL (`?kind=&status=&q=`); unknown values are ignored. */
export function filtersOf(params: URLSearchParams): RequestFilters {
  const kind = params.get('kind');
  const status = params.get('status');
  // A character no stored text holds (a NUL) can match nothing: left out rather than sent to the database.
  const q = withoutUnstorable(params.get('q') ?? '').trim().slice(0, 100);
  return { kind: isKind(kind) ? kind : undefined, status: isStatus(status) ? status : undefined, q: q || undefined };
}

/** `?page=` as a page number (1 when missing or not a number). */
export function pageOf(params: URLSearchParams): number {
  const raw = params.get('page');
  return raw && /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

export function actorOf(user: SessionUser): Actor {
  return { uid: user.uid, name: user.displayName || user.email || user.uid };
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** A stored request as the staff list and the people page show it. */
export function toRow(
  r: Pick<typeof requests.$inferSelect, 'reference' | 'kind' | 'status' | 'name' | 'email' | 'phone' | 'createdAt' | 'visitAt' | 'erasedAt' | 'publishedAt'>,
): RequestRow {
  return {
    reference: r.reference,
    kind: r.kind,
    status: r.status,
    name: r.name,
    email: r.email,
    phone: r.phone,
    createdAt: iso(r.createdAt)!,
    visitAt: iso(r.visitAt),
    erased: r.erasedAt !== null,
    published: r.publishedAt !== null,
  };
}
