import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignStatus, ClassInput, ClassUpdate, SessionInput, SessionUpdate, SubjectInput } from '@shala/contract';
import { call } from './client';
import { queryKeys } from './queries';

/**
 * The structure of a school's year: sessions, school days, subjects, classes and sections.
 * Sessions share the header picker's query (`queryKeys.sessions`): a change here shows there.
 */

export const structureKeys = {
  weeks: ['masterWeeks'] as const,
  subjects: ['subjects'] as const,
  subjectList: (query: SubjectListParams) => ['subjects', 'list', query] as const,
  classes: ['classes'] as const,
  classList: (sessionId: string, query: ClassListParams) => ['classes', 'list', sessionId, query] as const,
};

export interface SubjectListParams {
  page: number;
  pageSize: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
}

export interface ClassListParams {
  page: number;
  pageSize: number;
  search?: string;
  status: 'all' | AssignStatus;
}

// ---- Sessions ----------------------------------------------------------------------------------

/** After any change of a session, the header picker and every screen reading sessions refresh. */
function useSessionMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

export const useCreateSession = () => useSessionMutation((body: SessionInput) => call('sessionCreate', { body }));
export const useUpdateSession = () =>
  useSessionMutation(({ sessionId, body }: { sessionId: string; body: SessionUpdate }) => call('sessionUpdate', { params: { sessionId }, body }));
export const useMarkCurrentSession = () => useSessionMutation((sessionId: string) => call('sessionCurrent', { params: { sessionId } }));

// ---- School days -------------------------------------------------------------------------------

export function useMasterWeeks() {
  return useQuery({ queryKey: structureKeys.weeks, queryFn: ({ signal }) => call('masterWeeks', { signal }) });
}

export function useSetSundayWorking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sundayWorking: boolean) => call('masterWeeksUpdate', { body: { sundayWorking } }),
    onSuccess: (weeks) => client.setQueryData(structureKeys.weeks, weeks),
  });
}

// ---- Subjects ----------------------------------------------------------------------------------

export function useSubjectList(query: SubjectListParams, enabled = true) {
  return useQuery({
    queryKey: structureKeys.subjectList(query),
    queryFn: ({ signal }) => call('subjectList', { query: { ...query, search: query.search?.trim() || undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const subjectApi = {
  create: (body: SubjectInput) => call('subjectCreate', { body }),
  update: (subjectId: string, body: Partial<SubjectInput>) => call('subjectUpdate', { params: { subjectId }, body }),
  setStatus: (subjectId: string, status: boolean) => call('subjectStatus', { params: { subjectId }, body: { status } }),
};

// ---- Classes and sections ----------------------------------------------------------------------

export function useClassList(sessionId: string | undefined, query: ClassListParams) {
  return useQuery({
    queryKey: structureKeys.classList(sessionId ?? '', query),
    queryFn: ({ signal }) =>
      call('classList', { query: { ...query, sessionId: sessionId ?? '', search: query.search?.trim() || undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled: !!sessionId,
  });
}

export const classApi = {
  create: (body: ClassInput) => call('classCreate', { body }),
  update: (assignClassId: string, body: ClassUpdate) => call('classUpdate', { params: { assignClassId }, body }),
  remove: (assignClassId: string) => call('classDelete', { params: { assignClassId } }),
};
