import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PeriodInput, PeriodUpdate, TimetableBody, TimetableView } from '@shala/contract';
import { call } from './client';

/** Query keys of periods and timetables: everything lives under ['timetable']. */
export const timetableKeys = {
  all: ['timetable'] as const,
  periods: (sessionId: string) => ['timetable', 'periods', sessionId] as const,
  grids: ['timetable', 'class'] as const,
  grid: (assignClassId: string) => ['timetable', 'class', assignClassId] as const,
  week: (sessionId: string, teacherId: string | null) => ['timetable', 'week', sessionId, teacherId] as const,
};

/** The periods of a session by start time (breaks included). */
export function usePeriods(sessionId: string | undefined) {
  return useQuery({
    queryKey: timetableKeys.periods(sessionId ?? ''),
    queryFn: ({ signal }) => call('periodList', { params: { sessionId: sessionId ?? '' }, signal }),
    enabled: !!sessionId,
  });
}

/** After a change of periods: the session's list, and every grid (they show the periods). */
function usePeriodMutation<V, R>(sessionId: string, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: timetableKeys.periods(sessionId) });
      void client.invalidateQueries({ queryKey: timetableKeys.grids });
    },
  });
}

export const useCreatePeriod = (sessionId: string) => usePeriodMutation(sessionId, (body: PeriodInput) => call('periodCreate', { params: { sessionId }, body }));
export const useUpdatePeriod = (sessionId: string) =>
  usePeriodMutation(sessionId, ({ periodId, body }: { periodId: string; body: PeriodUpdate }) => call('periodUpdate', { params: { sessionId, periodId }, body }));
export const useDeletePeriod = (sessionId: string) => usePeriodMutation(sessionId, (periodId: string) => call('periodDelete', { params: { sessionId, periodId } }));

/** A class's timetable: periods, school days, cells and (editors) the teachers' busy slots. */
export function useTimetable(assignClassId: string | null | undefined) {
  return useQuery({
    queryKey: timetableKeys.grid(assignClassId ?? ''),
    queryFn: ({ signal }) => call('timetableGet', { params: { assignClassId: assignClassId ?? '' }, signal }),
    enabled: !!assignClassId,
  });
}

/** Saves a class's whole grid; the answer is the new timetable, and the other grids refresh (their busy slots). */
export function useSaveTimetable(assignClassId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TimetableBody) => call('timetableSave', { params: { assignClassId }, body }),
    onSuccess: (view: TimetableView) => {
      client.setQueryData(timetableKeys.grid(assignClassId), view);
      void client.invalidateQueries({ queryKey: timetableKeys.all, predicate: (q) => q.queryKey[1] !== 'periods' && q.queryKey[2] !== assignClassId });
    },
  });
}

/** A teacher's week across its classes: its own (no id), or the one admins name. */
export function useTeacherWeek(sessionId: string | undefined, teacherId?: string) {
  return useQuery({
    queryKey: timetableKeys.week(sessionId ?? '', teacherId ?? null),
    queryFn: ({ signal }) => call('timetableTeacher', { query: { sessionId: sessionId ?? '', teacherId }, signal }),
    enabled: !!sessionId,
  });
}
