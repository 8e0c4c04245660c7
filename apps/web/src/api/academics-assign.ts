import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignClassBody, AssignStatus, ClassDetail, TeacherSubjectBody } from '@shala/contract';
import { call } from './client';

/** Status filter of the assigned-class list (spec section 4): All, Complete, Pending, Incomplete. */
export const ASSIGN_FILTERS = ['all', 'complete', 'pending', 'incomplete'] as const;
export type AssignFilter = (typeof ASSIGN_FILTERS)[number];

export interface AssignedClassQuery {
  page: number;
  pageSize: number;
  search?: string;
  status: AssignFilter;
}

/** Query keys of the assign slice: everything about classes lives under ['academics', 'classes']. */
export const assignKeys = {
  classes: ['academics', 'classes'] as const,
  list: (sessionId: string, query: AssignedClassQuery) => ['academics', 'classes', 'list', sessionId, query] as const,
  options: (sessionId: string) => ['academics', 'classes', 'options', sessionId] as const,
  detail: (assignClassId: string) => ['academics', 'classes', 'detail', assignClassId] as const,
  teacher: (sessionId: string, teacherId: string | null) => ['academics', 'classes', 'teacher', sessionId, teacherId] as const,
  student: (sessionId: string, userId: string) => ['academics', 'classes', 'student', sessionId, userId] as const,
  subjectOptions: ['academics', 'subjects', 'active'] as const,
};

/** The assigned classes of a session, a page at a time, with the status filter. */
export function useAssignedClassList(sessionId: string | undefined, query: AssignedClassQuery) {
  return useQuery({
    queryKey: assignKeys.list(sessionId ?? '', query),
    queryFn: ({ signal }) =>
      call('assignedClassList', {
        params: { sessionId: sessionId ?? '' },
        query: { ...query, search: query.search?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: !!sessionId,
  });
}

/** Every class of a session to pick one from (a session has far fewer than 100 sections). */
export const CLASS_OPTIONS_MAX = 100;
export function useClassOptions(sessionId: string | undefined) {
  return useQuery({
    queryKey: assignKeys.options(sessionId ?? ''),
    queryFn: ({ signal }) =>
      call('assignedClassList', { params: { sessionId: sessionId ?? '' }, query: { page: 1, pageSize: CLASS_OPTIONS_MAX, status: 'all' }, signal }),
    enabled: !!sessionId,
    staleTime: 30_000,
  });
}

/** One class: subjects with teachers, class teacher, students by roll number. */
export function useAssignedClass(assignClassId: string | undefined | null) {
  return useQuery({
    queryKey: assignKeys.detail(assignClassId ?? ''),
    queryFn: ({ signal }) => call('assignedClass', { params: { assignClassId: assignClassId ?? '' }, signal }),
    enabled: !!assignClassId,
  });
}

/** The active subjects of the school to choose from (a school has fewer than 100). */
export const SUBJECT_OPTIONS_MAX = 100;
export function useActiveSubjects(enabled = true) {
  return useQuery({
    queryKey: assignKeys.subjectOptions,
    queryFn: ({ signal }) => call('subjectList', { query: { page: 1, pageSize: SUBJECT_OPTIONS_MAX, status: 'active' }, signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** Active teachers matching a search, as options of a picker (searched on the server). */
export async function teacherOptions(search: string, signal: AbortSignal) {
  const page = await call('teacherList', { query: { page: 1, pageSize: 20, status: 'active', search: search || undefined }, signal });
  return page.items.map((p) => ({ value: p.userId, label: `${p.fullName} (${p.loginId})` }));
}
export const TEACHER_OPTIONS_KEY = ['people', 'teachers', 'options', 'active'] as const;

/** A teacher's classes and subjects in a session: its own (no id), or the one admins name. */
export function useTeacherClasses(sessionId: string | undefined, teacherId?: string) {
  return useQuery({
    queryKey: assignKeys.teacher(sessionId ?? '', teacherId ?? null),
    queryFn: ({ signal }) => call('teacherClasses', { query: { sessionId: sessionId ?? '', teacherId }, signal }),
    enabled: !!sessionId,
  });
}

/** A student's class in a session (the student itself, a parent's child, any for admins). */
export function useStudentClass(userId: string | undefined | null, sessionId: string | undefined) {
  return useQuery({
    queryKey: assignKeys.student(sessionId ?? '', userId ?? ''),
    queryFn: ({ signal }) => call('studentClass', { params: { userId: userId ?? '' }, query: { sessionId: sessionId ?? '' }, signal }),
    enabled: !!userId && !!sessionId,
  });
}

/** The class of each of a parent's children in a session (a parent has a handful). */
export function useStudentClasses(userIds: readonly string[], sessionId: string | undefined) {
  return useQueries({
    queries: userIds.map((userId) => ({
      queryKey: assignKeys.student(sessionId ?? '', userId),
      queryFn: ({ signal }: { signal: AbortSignal }) => call('studentClass', { params: { userId }, query: { sessionId: sessionId ?? '' }, signal }),
      enabled: !!sessionId,
    })),
  });
}

/** After a save: the class's details are the answer; every list and view of classes refreshes. */
function useSaved() {
  const client = useQueryClient();
  return (saved: ClassDetail) => {
    client.setQueryData(assignKeys.detail(saved.assignClassId), saved);
    void client.invalidateQueries({ queryKey: assignKeys.classes, predicate: (q) => q.queryKey[2] !== 'detail' || q.queryKey[3] !== saved.assignClassId });
  };
}

/** `assignclass`: the subjects of a class (replaces the set) and its class teacher. */
export function useAssignClass() {
  const saved = useSaved();
  return useMutation({ mutationFn: (body: AssignClassBody) => call('assignClass', { body }), onSuccess: saved });
}

/** `assignteachersubject`: the teacher of each subject of a class, in one request. */
export function useAssignTeacherSubject() {
  const saved = useSaved();
  return useMutation({ mutationFn: (body: TeacherSubjectBody) => call('assignTeacherSubject', { body }), onSuccess: saved });
}

/** Mantine colours of the statuses: Complete green, Incomplete orange, Pending grey. */
export const STATUS_COLOR: Record<AssignStatus, string> = { complete: 'green', incomplete: 'orange', pending: 'gray' };
