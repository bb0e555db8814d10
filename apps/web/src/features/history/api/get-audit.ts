import { type AuditAction, AuditPageSchema } from '@bec/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Decisions per page of the audit. */
const AUDIT_PAGE_SIZE = 50;

/** The audit's filters, as the URL carries them (empty ones left out). */
export type AuditFilters = {
  person?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  action?: AuditAction | undefined;
};

const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
};

/** GET /api/audit: one page of access decisions, newest first. */
function getAudit(filters: AuditFilters, cursor?: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (cursor !== undefined) search.set('cursor', cursor);
  return apiRequest(`/audit?${search}`, AuditPageSchema, { signal });
}

const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

export const useAudit = (filters: AuditFilters, { enabled = true } = {}) =>
  useInfiniteQuery({ ...auditQueryOptions(filters), enabled });
