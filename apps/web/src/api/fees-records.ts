import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmiPlanInput, FeeRecordInput, MarkPaidBody, StudentFees } from '@shala/contract';
import { call } from './client';

/**
 * Fee records, instalment plans, payments and reversals (issue 9, part "records"): the hooks of
 * /addfeerecord and /addfeeemi. Everything about fees lives under ['fees'], so a write refreshes
 * every fee screen's figures (lists, a student's fees, the overview).
 */

export const feeRecordKeys = {
  all: ['fees'] as const,
  list: (q: FeeRecordListParams) => ['fees', 'records', q] as const,
  student: (studentId: string, sessionId: string) => ['fees', 'student', studentId, sessionId] as const,
  activeTypes: ['fees', 'types', 'active'] as const,
  classFee: (assignClassId: string) => ['fees', 'class-fee', assignClassId] as const,
};

/** Fee types a record may carry at most, and so the most the picker needs. */
export const FEE_TYPES_PAGE = 100;
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

/** The school's fee types that are switched on (offered for new records). */
export function useActiveFeeTypes() {
  return useQuery({
    queryKey: feeRecordKeys.activeTypes,
    queryFn: async ({ signal }) => (await call('feeTypeList', { query: { page: 1, pageSize: FEE_TYPES_PAGE, status: 'active' }, signal })).items,
    staleTime: 60_000,
  });
}

/** A class's fee (null: not set yet). */
export function useClassFee(assignClassId: string | null) {
  return useQuery({
    queryKey: feeRecordKeys.classFee(assignClassId ?? ''),
    queryFn: ({ signal }) => call('classFeeGet', { params: { assignClassId: assignClassId ?? '' }, signal }),
    enabled: !!assignClassId,
  });
}

/** A student's fees in a session: the record, the plan, the payments. */
export function useStudentFees(studentId: string | null, sessionId: string | null) {
  return useQuery({
    queryKey: feeRecordKeys.student(studentId ?? '', sessionId ?? ''),
    queryFn: ({ signal }) => call('studentFees', { params: { studentId: studentId ?? '', sessionId: sessionId ?? '' }, signal }),
    enabled: !!studentId && !!sessionId,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: feeRecordKeys.all });
}

/** Puts a student's fees (the answer of a plan or a reversal) in the cache, then refreshes the rest. */
function useStudentAnswer() {
  const client = useQueryClient();
  return async (fees: StudentFees) => {
    client.setQueryData(feeRecordKeys.student(fees.student.userId, fees.sessionId), fees);
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
  return useMutation({ mutationFn: ({ emiId, reason }: { emiId: string; reason: string }) => call('emiReverse', { params: { emiId }, body: { reason } }), onSuccess: answer });
}
