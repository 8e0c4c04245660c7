import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaveStatus, StudentLeave, StudentLeaveDecision, StudentLeaveInput } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';
import { markKeys } from './attendance-mark';

/**
 * Leave asked by parents (issue 43): the requests (a parent's children's, a class teacher's
 * classes', the principal's school), asked, decided, cancelled, and a request's file. Keys under
 * ['studentLeave']; a decision or a cancel also changes the marking list, so the marking lists are read again.
 */
export const studentLeaveKeys = {
  all: ['studentLeave'] as const,
  list: (status: LeaveStatus | null, page: number, pageSize: number) => ['studentLeave', 'list', status, page, pageSize] as const,
};

/** Requests by status (null: all), pending first then newest, a page at a time. */
export function useStudentLeaves(status: LeaveStatus | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: studentLeaveKeys.list(status, page, pageSize),
    queryFn: ({ signal }) => call('studentLeaveList', { query: { status: status ?? undefined, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useStudentLeaveMutation<A>(fn: (arg: A) => Promise<StudentLeave>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Also after a refusal: a request decided or cancelled meanwhile (409 leave_decided) is read again.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: studentLeaveKeys.all });
      void client.invalidateQueries({ queryKey: markKeys.all });
    },
  });
}

export const useAskLeave = () => useStudentLeaveMutation((body: StudentLeaveInput) => call('studentLeaveAsk', { body }));
export const useDecideStudentLeave = () =>
  useStudentLeaveMutation(({ leaveId, body }: { leaveId: string; body: StudentLeaveDecision }) => call('studentLeaveDecide', { params: { leaveId }, body }));
export const useCancelStudentLeave = () =>
  useStudentLeaveMutation(({ leaveId, comment }: { leaveId: string; comment: string | null }) => call('studentLeaveCancel', { params: { leaveId }, body: { comment } }));

/** Downloads a request's file under its original name. */
export function downloadStudentLeaveFile(leave: Pick<StudentLeave, 'leaveId' | 'file'>): Promise<string> {
  return downloadRoute('studentLeaveFile', { params: { leaveId: leave.leaveId } }, leave.file?.originalName ?? 'document');
}
