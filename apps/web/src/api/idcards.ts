import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdCardBatch, IdCardBatchInput } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/** ID cards (issue 26, /idcards): the school's batches, a new batch, its state while it is made, its PDF. */
export const idCardKeys = {
  all: ['idcards'] as const,
  list: (page: number, pageSize: number) => ['idcards', 'list', page, pageSize] as const,
  batch: (batchId: string) => ['idcards', 'batch', batchId] as const,
};

const waiting = (b: IdCardBatch | undefined) => b?.status === 'queued' || b?.status === 'running';

/** The school's batches, newest first; asked again every two seconds while one is being made. */
export function useIdCardBatches(page: number, pageSize: number) {
  return useQuery({
    queryKey: idCardKeys.list(page, pageSize),
    queryFn: ({ signal }) => call('idCardList', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(waiting) ? 2000 : false),
  });
}

export function useCreateIdCards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IdCardBatchInput) => call('idCardCreate', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: idCardKeys.all }),
  });
}

/** Saves a finished batch's PDF. */
export function downloadIdCards(batch: IdCardBatch) {
  return downloadRoute('idCardPdf', { params: { batchId: batch.batchId } }, `id-cards-${batch.kind}-${batch.lang}.pdf`);
}
