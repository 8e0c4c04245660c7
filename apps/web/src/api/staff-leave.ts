import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckinBody, LeaveBalanceInput, LeaveStatus, LeaveTypeInput, StaffLeave, StaffLeaveDecision, StaffLeaveInput, StaffSettingsInput } from '@shala/contract';
import { call } from './client';
import { staffKeys } from './staff';
import { downloadRoute } from './transfer';

/**
 * Staff leave and self check-in (issue 42): leave types, balances, applications; the office's QR,
 * a check-in, the staff settings. Leave keys under ['staffLeave'] (a decision refreshes the lists and
 * the balances); an approval also writes the register, so it refreshes ['staff'] too.
 */
export const leaveKeys = {
  all: ['staffLeave'] as const,
  types: ['staffLeave', 'types'] as const,
  balances: (userId: string | null) => ['staffLeave', 'balances', userId ?? 'mine'] as const,
  list: (mine: boolean, status: LeaveStatus | null, page: number, pageSize: number) => ['staffLeave', 'list', mine, status, page, pageSize] as const,
  settings: ['staffSettings'] as const,
  qr: ['staff', 'qr'] as const,
};

export function useLeaveTypes() {
  return useQuery({ queryKey: leaveKeys.types, queryFn: ({ signal }) => call('leaveTypeList', { signal }), staleTime: 60_000 });
}

export function useSaveLeaveType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ leaveTypeId, body }: { leaveTypeId: string | null; body: LeaveTypeInput }) =>
      leaveTypeId ? call('leaveTypeUpdate', { params: { leaveTypeId }, body }) : call('leaveTypeCreate', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

/** A person's balances (admins name the person; null: the caller's own). */
export function useLeaveBalances(userId: string | null, enabled = true) {
  return useQuery({
    queryKey: leaveKeys.balances(userId),
    queryFn: ({ signal }) => call('leaveBalanceList', { query: userId ? { userId } : {}, signal }),
    enabled,
  });
}

export function useSaveLeaveBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaveBalanceInput) => call('leaveBalanceSave', { body }),
    onSuccess: (balances) => {
      client.setQueryData(leaveKeys.balances(balances.userId), balances);
      void client.invalidateQueries({ queryKey: leaveKeys.balances(null) });
    },
  });
}

/** Applications: the caller's own (`mine`) or, for admins, everyone's; by status, a page at a time. */
export function useStaffLeaves(mine: boolean, status: LeaveStatus | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: leaveKeys.list(mine, status, page, pageSize),
    queryFn: ({ signal }) => call('staffLeaveList', { query: { mine: mine ? 'true' : 'false', status: status ?? undefined, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useLeaveMutation<A>(fn: (arg: A) => Promise<StaffLeave>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Also after a refusal: a leave decided or cancelled meanwhile (409 leave_decided) is read again.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: leaveKeys.all });
      void client.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}

export const useApplyLeave = () => useLeaveMutation((body: StaffLeaveInput) => call('staffLeaveApply', { body }));
export const useDecideLeave = () => useLeaveMutation(({ leaveId, body }: { leaveId: string; body: StaffLeaveDecision }) => call('staffLeaveDecide', { params: { leaveId }, body }));
export const useCancelLeave = () => useLeaveMutation(({ leaveId, comment }: { leaveId: string; comment: string | null }) => call('staffLeaveCancel', { params: { leaveId }, body: { comment } }));

/** Downloads a leave's document under its original name. */
export function downloadLeaveFile(leave: Pick<StaffLeave, 'leaveId' | 'file'>): Promise<string> {
  return downloadRoute('staffLeaveFile', { params: { leaveId: leave.leaveId } }, leave.file?.originalName ?? 'document');
}

/** The office's check-in QR; asked again at its refreshAt (the view schedules it). */
export function useCheckinQr() {
  return useQuery({ queryKey: leaveKeys.qr, queryFn: ({ signal }) => call('staffCheckinQr', { signal }), staleTime: 0, gcTime: 0, retry: 1 });
}

export function useCheckin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckinBody) => call('staffCheckin', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useStaffSettings() {
  return useQuery({ queryKey: leaveKeys.settings, queryFn: ({ signal }) => call('staffSettingsGet', { signal }) });
}

export function useSaveStaffSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSettingsInput) => call('staffSettingsSave', { body }),
    onSuccess: (saved) => client.setQueryData(leaveKeys.settings, saved),
  });
}
