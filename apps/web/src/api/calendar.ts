import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HolidayInput, HolidayUpdate } from '@shala/contract';
import { call } from './client';

/** Holidays, holiday notices and the month calendar; every change refreshes all of them. */
export const calendarKeys = {
  all: ['calendar'] as const,
  holidays: (sessionId: string, query: HolidayListParams) => ['calendar', 'holidays', sessionId, query] as const,
  notices: (sessionId: string | undefined) => ['calendar', 'notices', sessionId ?? null] as const,
  month: (month: string, sessionId: string | undefined, studentId: string | undefined) => ['calendar', 'month', month, sessionId ?? null, studentId ?? null] as const,
};

export interface HolidayListParams {
  page: number;
  pageSize: number;
  upcoming: boolean;
}

export function useHolidayList(sessionId: string | undefined, query: HolidayListParams) {
  return useQuery({
    queryKey: calendarKeys.holidays(sessionId ?? '', query),
    queryFn: ({ signal }) =>
      call('holidayList', { params: { sessionId: sessionId ?? '' }, query: { page: query.page, pageSize: query.pageSize, upcoming: query.upcoming ? 'true' : 'false' }, signal }),
    placeholderData: keepPreviousData,
    enabled: !!sessionId,
  });
}

/** The coming holidays of a session (the current one when none is named), ten at most. */
export function useHolidayNotices(sessionId?: string, enabled = true) {
  return useQuery({
    queryKey: calendarKeys.notices(sessionId),
    queryFn: ({ signal }) => call('holidayNotices', { query: { sessionId }, signal }),
    enabled,
  });
}

/** A month of the calendar; with `studentId`, that student's attendance day by day. */
export function useCalendarMonth(month: string, sessionId: string | undefined, studentId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: calendarKeys.month(month, sessionId, studentId),
    queryFn: ({ signal }) => call('calendar', { params: { monthId: month }, query: { sessionId, studentId }, signal }),
    enabled,
  });
}

function useCalendarMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.all }) });
}

export const useCreateHoliday = () => useCalendarMutation((body: HolidayInput) => call('holidayCreate', { body }));
export const useUpdateHoliday = () =>
  useCalendarMutation(({ holidayId, body }: { holidayId: string; body: HolidayUpdate }) => call('holidayUpdate', { params: { holidayId }, body }));
export const useDeleteHoliday = () => useCalendarMutation((holidayId: string) => call('holidayDelete', { params: { holidayId } }));
