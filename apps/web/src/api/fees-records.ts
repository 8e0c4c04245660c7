import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmiPlanInput, FeeRecordInput, MarkPaidBody, StudentFees } from '@shala/contract';
import { call } from './client';
import { feeStudentKeys } from './fees-student';

/**
 * Fee records, instalment plans, payments and reversals (issue 9, part "records"): the hooks of
 * /addfeerecord and /addfeeemi (with the class fee and fee types of fees-setup.ts, and a student's
 * fees of fees-student.ts). Everything about fees lives under ['fees'], so a write refreshes every
 * fee screen's figures (lists, a student's fees, the overview).
 */

export const feeRecordKeys = {
  all: ['fees'] as const,
  list: (q: FeeRecordListParams) => ['fees', 'records', q] as const,
};
export const RECORDS_PAGE = 20;

export interface FeeRecordListParams {
  assignClassId: string;
  page: number;
  pageSize?: number;
  search?: string;
  has?: 'with' | 'without';
}

/** The students of a class with their records (or none), a page at a time. */
export function useFeeRecords(q: FeeRecordListParams | null) {
  return useQuery({
    queryKey: feeRecordKeys.list(q ?? { assignClassId: '', page: 1 }),
    queryFn: ({ signal }) =>
      call('feeRecordList', {
        query: { assignClassId: q!.assignClassId, page: q!.page, pageSize: q!.pageSize ?? RECORDS_PAGE, search: q!.search || undefined, has: q!.has },
        signal,
      }),
    enabled: !!q,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: feeRecordKeys.all });
}

/** Puts a student's fees (the answer of a plan or a reversal) in the cache, then refreshes the rest. */
export function useStudentAnswer() {
  const client = useQueryClient();
  return async (fees: StudentFees) => {
    client.setQueryData(feeStudentKeys.fees(fees.student.userId, fees.sessionId), fees);
    await client.invalidateQueries({ queryKey: feeRecordKeys.all, predicate: (q) => q.queryKey[1] !== 'student' || q.queryKey[2] !== fees.student.userId });
  };
}

export function useCreateFeeRecords() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: FeeRecordInput) => call('feeRecordCreate', { body }), onSuccess: refresh });
}

export function useUpdateFeeRecord() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ feeRecordId, feeTypeIds }: { feeRecordId: string; feeTypeIds: string[] }) => call('feeRecordUpdate', { params: { feeRecordId }, body: { feeTypeIds } }),
    onSuccess: refresh,
  });
}

export function useDeleteFeeRecord() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (feeRecordId: string) => call('feeRecordDelete', { params: { feeRecordId } }), onSuccess: refresh });
}

export function usePlanEmi() {
  const answer = useStudentAnswer();
  return useMutation({ mutationFn: (body: EmiPlanInput) => call('emiPlan', { body }), onSuccess: answer });
}

export function useMarkPaid() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ emiId, body }: { emiId: string; body: MarkPaidBody }) => call('emiMarkPaid', { params: { emiId }, body }), onSuccess: refresh });
}

export function useReverseEmi() {
  const answer = useStudentAnswer();
  return useMutation({
    mutationFn: ({ emiId, reason, refund }: { emiId: string; reason: string; refund?: { amount?: number } }) => call('emiReverse', { params: { emiId }, body: { reason, ...(refund ? { refund } : {}) } }),
    onSuccess: answer,
  });
}
