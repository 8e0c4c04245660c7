import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualRollBody, PromotionBody } from '@shala/contract';
import { call } from './client';

/**
 * Students into classes, roll numbers and promotion (issue 7): the hooks of /assignedstudent and
 * /promotion. Every write refreshes what it changes: the class's details, the session's classes
 * (their counts) and the students not yet in a class.
 */

export const enrolKeys = {
  all: ['enrolment'] as const,
  classes: (sessionId: string) => ['enrolment', 'classes', sessionId] as const,
  unassigned: (sessionId: string, page: number, search: string) => ['enrolment', 'unassigned', sessionId, page, search] as const,
  detail: (assignClassId: string) => ['enrolment', 'class', assignClassId] as const,
};

/** Sections a school has in a session, at most: the class list's largest page. */
export const CLASSES_PAGE = 100;
export const PICK_PAGE_SIZE = 20;

/** The classes and sections of a session, with their counts (students, limit). */
export function useSessionClasses(sessionId: string | null | undefined) {
  return useQuery({
    queryKey: enrolKeys.classes(sessionId ?? ''),
    queryFn: async ({ signal }) =>
      (await call('classList', { query: { sessionId: sessionId ?? '', page: 1, pageSize: CLASSES_PAGE, status: 'all' }, signal })).items,
    enabled: !!sessionId,
  });
}

/** Active students in no class of the session: one page, searched on the server. */
export function useUnassignedStudents(sessionId: string | null | undefined, page: number, search: string) {
  return useQuery({
    queryKey: enrolKeys.unassigned(sessionId ?? '', page, search),
    queryFn: ({ signal }) =>
      call('unassignedStudents', {
        params: { sessionId: sessionId ?? '' },
        query: { page, pageSize: PICK_PAGE_SIZE, search: search || undefined },
        signal,
      }),
    enabled: !!sessionId,
    placeholderData: keepPreviousData,
  });
}

/** One class with its students by roll number (getassignclass). */
export function useClassDetail(assignClassId: string | null | undefined) {
  return useQuery({
    queryKey: enrolKeys.detail(assignClassId ?? ''),
    queryFn: ({ signal }) => call('assignedClass', { params: { assignClassId: assignClassId ?? '' }, signal }),
    enabled: !!assignClassId,
  });
}

/** After a write: this area's lists, and the other academics screens' (class counts and status). */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: enrolKeys.all }), client.invalidateQueries({ queryKey: ['academics'] })]);
}

export function useAssignStudents() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { assignClassId: string; studentIds: string[] }) => call('assignStudents', { body }),
    onSuccess: refresh,
  });
}

export function useMoveStudent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, assignClassId }: { userId: string; assignClassId: string }) =>
      call('moveStudent', { params: { userId }, body: { assignClassId } }),
    onSuccess: refresh,
  });
}

export function useUnassignStudent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, sessionId }: { userId: string; sessionId: string }) =>
      call('unassignStudent', { params: { userId }, query: { sessionId } }),
    onSuccess: refresh,
  });
}

export function useAutoRollNumbers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { assignClassId: string; order: 'name' | 'admission' }) => call('autoRollNumbers', { body }),
    onSuccess: refresh,
  });
}

export function useSetRollNumbers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ManualRollBody) => call('setRollNumbers', { body }),
    onSuccess: refresh,
  });
}

/** Promotion, or its preview (dryRun: nothing is saved, so nothing to refresh). */
export function usePromote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PromotionBody) => call('promote', { body }),
    onSuccess: (result) => (result.dryRun ? undefined : refresh()),
  });
}
