import { withoutUnstorable } from '../../../shared/platform/storable-text';
import { requestKind, requestStatus } from '../../../shared/requests/kinds';
import type { RequestRow } from '../../../shared/requests/staff/types';
import type { SessionUser } from '../../../shared/platform/session';
import type { requests } from '../schema';
import { parseCursor, type Actor, type PageAt, type RequestFilters } from './repo';

/** The list's filters from the URL (`?kind=&status=&q=`); unknown values are ignored. */
export function filtersOf(params: URLSearchParams): RequestFilters {
  const kind = params.get('kind');
  const status = params.get('status');
  // A character no stored text holds (a NUL) can match nothing: left out rather than sent to the database.
  const q = withoutUnstorable(params.get('q') ?? '').trim().slice(0, 100);
  return { kind: requestKind.is(kind) ? kind : undefined, status: requestStatus.is(status) ? status : undefined, q: q || undefined };
}

/**
 * Which page of the list the URL asks for: `?after=<cursor>` (older than that row),
 * `?before=<cursor>` (newer than it), `?last=1` (the oldest), otherwise the newest. A cursor
 * that does not parse is the newest page.
 */
export function pageAtOf(params: URLSearchParams): PageAt {
  const after = parseCursor(params.get('after'));
  if (after) return { at: 'after', cursor: after };
  const before = parseCursor(params.get('before'));
  if (before) return { at: 'before', cursor: before };
  return params.get('last') === '1' ? { at: 'last' } : { at: 'first' };
}

/** The filters as a query string (`?kind=…&status=…&q=…`, '' for none), with `extra` after them. */
export function listQuery(filters: RequestFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
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
