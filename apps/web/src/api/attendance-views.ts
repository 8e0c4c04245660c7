import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { monthCounts, type AttendanceCounts, type MonthView } from '@shala/contract';
import { call } from './client';

/** Query keys of the attendance views: everything lives under ['attendance'] (a save refreshes them all). */
export const attendanceViewKeys = {
  all: ['attendance'] as const,
  month: (assignClassId: string, month: string, periodic: boolean) => ['attendance', 'month', assignClassId, month, periodic] as const,
  day: (assignClassId: string, date: string) => ['attendance', 'day-detail', assignClassId, date] as const,
  summary: (sessionId: string | null) => ['attendance', 'summary', sessionId] as const,
};

/** A month with its counts: each student's (aligned with `students`) and the class's per day (with `days`). */
export type CountedMonth = MonthView & { counts: AttendanceCounts[]; totals: AttendanceCounts[] };

/** Counts a month as it arrives: the server sends the marks only, the contract's one rule counts. */
export function countMonth(view: MonthView): CountedMonth {
  const { students, totals } = monthCounts(view);
  return { ...view, counts: students, totals };
}

/** A class's month: students × days (daywise statuses or periodwise counts), counted here (percentages, daily totals). */
export function useAttendanceMonth(assignClassId: string | null | undefined, month: string, periodic: boolean) {
  return useQuery({
    select: countMonth,
    queryKey: attendanceViewKeys.month(assignClassId ?? '', month, periodic),
    queryFn: ({ signal }) =>
      call('attendanceMonth', { params: { assignClassId: assignClassId ?? '', monthId: month }, query: { periodic: periodic ? 'true' : 'false' }, signal }),
    enabled: !!assignClassId,
    placeholderData: keepPreviousData,
  });
}

/** One date of a class: each student's day mark and every period's. */
export function useDayDetail(assignClassId: string | null | undefined, date: string | null) {
  return useQuery({
    queryKey: attendanceViewKeys.day(assignClassId ?? '', date ?? ''),
    queryFn: ({ signal }) =>
      call('attendanceDayDetail', {
        params: { assignClassId: assignClassId ?? '', monthId: (date ?? '').slice(0, 7), date: date ?? '' },
        query: { periodic: 'true' },
        signal,
      }),
    enabled: !!assignClassId && !!date,
  });
}

/** Today's attendance for the dashboard, shaped by the caller's role. */
export function useAttendanceSummary(sessionId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: attendanceViewKeys.summary(sessionId ?? null),
    queryFn: ({ signal }) => call('attendanceSummary', { query: { sessionId }, signal }),
    enabled,
    staleTime: 30_000,
  });
}
