import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffDay, StaffDayBody, StaffMemberInput } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/**
 * The staff register (issue 42): the staff without a sign-in, the day's register and the month's.
 * Keys under ['staff'], so a saved day or a new member refreshes what shows them.
 */
export const staffKeys = {
  all: ['staff'] as const,
  members: (current: boolean, search: string, page: number, pageSize: number) => ['staff', 'members', current, search, page, pageSize] as const,
  day: (date: string) => ['staff', 'day', date] as const,
  month: (month: string) => ['staff', 'month', month] as const,
};

/** The staff without a sign-in: those still working or all, searched by name, a page at a time. */
export function useStaffMembers(current: boolean, search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: staffKeys.members(current, search, page, pageSize),
    queryFn: ({ signal }) => call('staffMemberList', { query: { current: current ? 'true' : 'false', search: search || undefined, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateStaffMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffMemberInput) => call('staffMemberCreate', { body }),
    // A new member is on the register from the day they join: the lists, days and months show them.
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** The register on a date: the saved statuses, or everyone present before a save. */
export function useStaffDay(date: string | null) {
  return useQuery({
    queryKey: staffKeys.day(date ?? ''),
    queryFn: ({ signal }) => call('staffAttendanceDay', { query: { date: date ?? '' }, signal }),
    enabled: !!date,
    staleTime: 30_000,
  });
}

/** Saves a date's register whole; the answer is the saved day, put straight into the cache. */
export function useSaveStaffDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffDayBody) => call('staffAttendanceSave', { body }),
    onSuccess: (day: StaffDay, body) => {
      client.setQueryData(staffKeys.day(body.date), day);
      void client.invalidateQueries({ queryKey: staffKeys.month(body.date.slice(0, 7)) });
    },
  });
}

/** A month's register (`YYYY-MM`): each person's days and counts. */
export function useStaffMonth(month: string | null) {
  return useQuery({
    queryKey: staffKeys.month(month ?? ''),
    queryFn: ({ signal }) => call('staffAttendanceMonth', { query: { month: month ?? '' }, signal }),
    enabled: !!month,
    placeholderData: keepPreviousData,
  });
}

/** The month's register as CSV, headed in the reader's language (English or Hindi). */
export function downloadStaffMonth(month: string, lang: 'en' | 'hi') {
  return downloadRoute('staffAttendanceMonthCsv', { query: { month, lang } }, `staff-attendance-${month}.csv`);
}
