import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassFeeInput, FeeTypeInput } from '@shala/contract';
import { call } from './client';

/**
 * Fees, part "setup": the school's fee types, class fees, and the classes of a session with their
 * fees. Keys live under ['fees', …] so any fee screen can refresh what depends on them (a fee
 * record reads the class fee and the active fee types).
 */
export const feeSetupKeys = {
  types: ['fees', 'types'] as const,
  typeList: (query: FeeTypeListParams) => ['fees', 'types', 'list', query] as const,
  classFees: ['fees', 'class'] as const,
  classFee: (assignClassId: string) => ['fees', 'class', assignClassId] as const,
  allFees: (sessionId: string, page: number, pageSize: number) => ['fees', 'class', 'all', sessionId, page, pageSize] as const,
};

export interface FeeTypeListParams {
  page: number;
  pageSize: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
}

export function useFeeTypeList(query: FeeTypeListParams) {
  return useQuery({
    queryKey: feeSetupKeys.typeList(query),
    queryFn: ({ signal }) =>
      call('feeTypeList', {
        query: { page: query.page, pageSize: query.pageSize, search: query.search?.trim() || undefined, status: query.status === 'all' ? undefined : query.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const feeTypeApi = {
  create: (body: FeeTypeInput) => call('feeTypeCreate', { body }),
  update: (feeTypeId: string, body: { name?: string; description?: string | null }) => call('feeTypeUpdate', { params: { feeTypeId }, body }),
  setStatus: (feeTypeId: string, status: boolean) => call('feeTypeStatus', { params: { feeTypeId }, body: { status } }),
};

/** After a change of fee types, every list of them (and the fee record forms) refresh. */
export function useRefreshFeeTypes() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: feeSetupKeys.types });
}

/** The classes of a session, a page at a time, each with its students and its fee or null. */
export function useAllFees(sessionId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: feeSetupKeys.allFees(sessionId ?? '', page, pageSize),
    queryFn: ({ signal }) => call('allFees', { query: { sessionId: sessionId ?? '', page, pageSize }, signal }),
    enabled: !!sessionId,
    placeholderData: keepPreviousData,
  });
}

/** One class's fee (null: not set yet). */
export function useClassFee(assignClassId: string | null) {
  return useQuery({
    queryKey: feeSetupKeys.classFee(assignClassId ?? ''),
    queryFn: ({ signal }) => call('classFeeGet', { params: { assignClassId: assignClassId ?? '' }, signal }),
    enabled: !!assignClassId,
  });
}

/** Saves a class's fee; the saved fee (with the server's total) goes into the cache, the lists refresh. */
export function useSaveClassFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assignClassId, body }: { assignClassId: string; body: ClassFeeInput }) => call('classFeeSave', { params: { assignClassId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(feeSetupKeys.classFee(saved.assignClassId), saved);
      void client.invalidateQueries({ queryKey: [...feeSetupKeys.classFees, 'all'] });
    },
  });
}
