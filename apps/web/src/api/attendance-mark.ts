import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceBody, AttendanceDay, AttendanceLogQuery } from '@shala/contract';
import { call } from './client';

/** Query keys of marking: everything about attendance lives under ['attendance']. */
export const markKeys = {
  all: ['attendance'] as const,
  day: (assignClassId: string, date: string, periodId: string | null) => ['attendance', 'day', assignClassId, date, periodId ?? 'day'] as const,
  logs: (query: AttendanceLogQuery) => ['attendance', 'logs', query] as const,
  periods: (sessionId: string) => ['timetable', 'periods', sessionId] as const,
};

/** A class on a date (daywise) or a period: the saved marks, or everyone present before a save. */
export function useAttendanceDay(assignClassId: string | null, date: string | null, periodId: string | null) {
  return useQuery({
    queryKey: markKeys.day(assignClassId ?? '', date ?? '', periodId),
    queryFn: ({ signal }) =>
      periodId
        ? call('attendancePeriod', { params: { assignClassId: assignClassId ?? '', date: date ?? '', periodId }, signal })
        : call('attendanceDay', { params: { assignClassId: assignClassId ?? '', date: date ?? '' }, signal }),
    enabled: !!assignClassId && !!date,
    // A marked list changes only when someone saves it: keep it while the teacher works.
    staleTime: 30_000,
  });
}

/** Saves the whole class at once; the answer is the saved day, put straight into the cache. */
export function useSaveAttendance(assignClassId: string, sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceBody) => call('attendanceSave', { params: { assignClassId, sessionId }, body }),
    onSuccess: (day: AttendanceDay, body) => {
      client.setQueryData(markKeys.day(assignClassId, body.date, body.periodId ?? null), day);
      void client.invalidateQueries({ queryKey: ['attendance', 'logs'] });
    },
  });
}

/** The periods of a session (breaks included), to choose periodwise marking. */
export function usePeriods(sessionId: string | undefined) {
  return useQuery({
    queryKey: markKeys.periods(sessionId ?? ''),
    queryFn: ({ signal }) => call('periodList', { params: { sessionId: sessionId ?? '' }, signal }),
    enabled: !!sessionId,
    staleTime: 60_000,
    retry: false,
  });
}

/** Who marked or changed attendance, newest first, a page at a time. */
export function useAttendanceLogs(query: AttendanceLogQuery | null) {
  return useQuery({
    queryKey: markKeys.logs(query ?? ({} as AttendanceLogQuery)),
    queryFn: ({ signal }) => call('attendanceLogs', { query: query!, signal }),
    enabled: !!query,
    placeholderData: keepPreviousData,
  });
}
