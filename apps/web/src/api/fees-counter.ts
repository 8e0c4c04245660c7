import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashCloseInput, CounterCollectInput, ReceiptLayout } from '@shala/contract';
import { call } from './client';
import { fetchRoute } from './transfer';

/**
 * The fee counter (issue 25): the search, a collection and the day's collection. Keys start with
 * `fees`, so a collection that invalidates ['fees'] refreshes the student's fees, the reports and
 * the counter's own figures.
 */
export const feeCounterKeys = {
  all: ['fees', 'counter'] as const,
  search: (q: string) => ['fees', 'counter', 'search', q] as const,
  day: ['fees', 'counter', 'day'] as const,
};

/** Students matching a term (at most 10), each with its dues; nothing is asked for an empty term. */
export function useCounterSearch(q: string) {
  return useQuery({
    queryKey: feeCounterKeys.search(q),
    queryFn: ({ signal }) => call('feeCounterSearch', { query: { q }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Today's collection by mode, the cash expected in the drawer, and the day's latest closing. */
export function useCounterDay() {
  return useQuery({ queryKey: feeCounterKeys.day, queryFn: ({ signal }) => call('feeCounterDay', { query: {}, signal }), refetchInterval: 60_000 });
}

/** Collects a student's instalments as one batch; every fee figure is refreshed after it. */
export function useCounterCollect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterCollectInput) => call('feeCounterCollect', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['fees'] }),
  });
}

/** Closes the day with the cash counted; the day's figures show the closing after it. */
export function useCounterClose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CashCloseInput) => call('feeCounterClose', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: feeCounterKeys.day }),
  });
}

/** The PDF receipt of a batch (every payment of one collection), in a language and a layout. */
export async function batchReceipt(batchId: string, lang: 'en' | 'hi', layout: ReceiptLayout): Promise<Blob> {
  const { blob } = await fetchRoute('feeBatchReceipt', { params: { batchId }, query: { lang, layout } });
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}
