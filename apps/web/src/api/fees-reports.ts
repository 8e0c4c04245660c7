import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CollectionGroup } from '@shala/contract';
import { call } from './client';

/**
 * Query keys of the fee overview, dues and reports: all under ['fees'] (with the other fee parts),
 * so a payment, a reversal or a new plan refreshes them by invalidating ['fees'].
 */
export const feeReportKeys = {
  all: ['fees', 'reports'] as const,
  summary: (sessionId: string) => ['fees', 'reports', 'summary', sessionId] as const,
  dues: (sessionId: string, assignClassId: string | null, page: number, pageSize: number) => ['fees', 'reports', 'dues', sessionId, assignClassId, page, pageSize] as const,
  duesByClass: (sessionId: string) => ['fees', 'reports', 'dues-by-class', sessionId] as const,
  collection: (sessionId: string, from: string, to: string, groupBy: CollectionGroup) => ['fees', 'reports', 'collection', sessionId, from, to, groupBy] as const,
  outstanding: (sessionId: string) => ['fees', 'reports', 'outstanding', sessionId] as const,
};

/** The session's fees at a glance: expected, paid, balance, overdue, collected today. */
export function useFeeSummary(sessionId: string | undefined) {
  return useQuery({
    queryKey: feeReportKeys.summary(sessionId ?? ''),
    queryFn: ({ signal }) => call('feeSummary', { query: { sessionId: sessionId ?? '' }, signal }),
    enabled: !!sessionId,
    staleTime: 30_000,
  });
}

/** A page of the overdue instalments, the oldest first; one class or all. */
export function useFeeDues(sessionId: string, assignClassId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: feeReportKeys.dues(sessionId, assignClassId, page, pageSize),
    queryFn: ({ signal }) => call('feeDues', { query: { sessionId, assignClassId: assignClassId ?? undefined, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The overdue instalments per class: count and sum. */
export function useFeeDuesByClass(sessionId: string) {
  return useQuery({
    queryKey: feeReportKeys.duesByClass(sessionId),
    queryFn: ({ signal }) => call('feeDuesByClass', { query: { sessionId }, signal }),
  });
}

/** Payments received between two dates, by day, class or mode (`enabled` false while the dates are wrong). */
export function useFeeCollection(sessionId: string, from: string, to: string, groupBy: CollectionGroup, enabled = true) {
  return useQuery({
    queryKey: feeReportKeys.collection(sessionId, from, to, groupBy),
    queryFn: ({ signal }) => call('feeCollection', { query: { sessionId, from, to, groupBy }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Per class of the session: records, total, paid, balance, overdue. */
export function useFeeOutstanding(sessionId: string) {
  return useQuery({
    queryKey: feeReportKeys.outstanding(sessionId),
    queryFn: ({ signal }) => call('feeOutstanding', { query: { sessionId }, signal }),
  });
}
