import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreatedAccount, ListQuery, PersonDetail, PersonSummary, personFields } from '@shala/contract';
import { call } from './client';

/** The kinds of people the web app manages (contract PEOPLE_KINDS). */
export type PeopleKindKey = 'systemAdmins' | 'principals' | 'teachers' | 'students' | 'parents';

/** The body of a create or edit: the parsed output of the kind's form schema (a student's has no adult-only fields). */
export type PersonBody = z.output<typeof personFields> & { parentId?: string | null };

export interface PeopleListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status: ListQuery['status'];
  /** System admins only: one school. */
  schoolId?: string;
  /** Students only: each row's class in this session. */
  sessionId?: string;
  /** Students only: one class's students (by roll number). */
  assignClassId?: string;
}

export interface PersonPage {
  items: PersonSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PeopleApi {
  list: (query: PeopleListQuery, signal?: AbortSignal) => Promise<PersonPage>;
  /** `sessionId`: a student's class in that session (students only). */
  get: (userId: string, signal?: AbortSignal, sessionId?: string) => Promise<PersonDetail>;
  /** `schoolId` is needed by system admins (created under a school). */
  create: (body: PersonBody, schoolId?: string) => Promise<CreatedAccount>;
  update: (userId: string, body: PersonBody) => Promise<PersonDetail>;
  setStatus: (userId: string, status: boolean) => Promise<PersonDetail>;
}

function cleanQuery({ schoolId: _schoolId, sessionId: _sessionId, assignClassId: _classId, ...query }: PeopleListQuery) {
  return { ...query, search: query.search?.trim() || undefined };
}

/** The routes of a kind of person a principal keeps (`teacherList`, `teacherGet`, …), named by its prefix. */
function schoolPeopleApi(prefix: 'principal' | 'teacher' | 'parent'): PeopleApi {
  return {
    list: (q, signal) => call(`${prefix}List`, { query: cleanQuery(q), signal }),
    get: (userId, signal) => call(`${prefix}Get`, { params: { userId }, signal }),
    create: (body) => call(`${prefix}Create`, { body }),
    update: (userId, body) => call(`${prefix}Update`, { params: { userId }, body }),
    setStatus: (userId, status) => call(`${prefix}Status`, { params: { userId }, body: { status } }),
  };
}

export const PEOPLE_API: Record<PeopleKindKey, PeopleApi> = {
  systemAdmins: {
    list: (q, signal) =>
      call('adminList', { query: { ...cleanQuery(q), schoolId: q.schoolId || undefined }, signal }),
    get: (userId, signal) => call('adminGet', { params: { userId }, signal }),
    create: (body, schoolId) => call('schoolAdminCreate', { params: { schoolId: schoolId ?? '' }, body }),
    update: (userId, body) => call('adminUpdate', { params: { userId }, body }),
    setStatus: (userId, status) => call('adminStatus', { params: { userId }, body: { status } }),
  },
  principals: schoolPeopleApi('principal'),
  teachers: schoolPeopleApi('teacher'),
  students: {
    list: (q, signal) =>
      call('studentList', { query: { ...cleanQuery(q), sessionId: q.sessionId || undefined, assignClassId: q.assignClassId || undefined }, signal }),
    get: (userId, signal, sessionId) => call('studentGet', { params: { userId }, query: { sessionId }, signal }),
    create: (body) => call('studentCreate', { body }),
    update: (userId, body) => call('studentUpdate', { params: { userId }, body }),
    setStatus: (userId, status) => call('studentStatus', { params: { userId }, body: { status } }),
  },
  parents: schoolPeopleApi('parent'),
};

export const peopleKeys = {
  all: (kind: PeopleKindKey) => ['people', kind] as const,
  list: (kind: PeopleKindKey, query: PeopleListQuery) => ['people', kind, 'list', query] as const,
  detail: (kind: PeopleKindKey, userId: string) => ['people', kind, 'detail', userId] as const,
  /** A student's details with its class in a session. */
  placed: (kind: PeopleKindKey, userId: string, sessionId: string | undefined) =>
    sessionId ? ([...peopleKeys.detail(kind, userId), sessionId] as const) : peopleKeys.detail(kind, userId),
};

/**
 * Stores a person the server answered (after a create, an edit or a status switch) in every cached
 * details query of it: a student's cached class in a session stays (an edit does not move it).
 */
export function storePerson(client: QueryClient, kind: PeopleKindKey, saved: PersonDetail) {
  client.setQueryData(peopleKeys.detail(kind, saved.userId), saved);
  client.setQueriesData<PersonDetail>({ queryKey: peopleKeys.detail(kind, saved.userId) }, (old) =>
    old === undefined ? undefined : old.placement !== undefined ? { ...saved, placement: old.placement } : saved,
  );
}

export function usePeopleList(kind: PeopleKindKey, query: PeopleListQuery, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.list(kind, query),
    queryFn: ({ signal }) => PEOPLE_API[kind].list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One person; a student with `sessionId` comes with its class in that session. */
export function usePerson(kind: PeopleKindKey, userId: string | undefined, sessionId?: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.placed(kind, userId ?? '', sessionId),
    queryFn: ({ signal }) => PEOPLE_API[kind].get(userId ?? '', signal, sessionId),
    enabled: !!userId && enabled,
  });
}

/** The query of a parent's own children (role 115); the dashboard's one answer fills it too (api/dashboard-cards.ts). */
export const myChildrenKey = ['myChildren'] as const;

/** A parent's own children (role 115). */
export function useMyChildren() {
  return useQuery({ queryKey: myChildrenKey, queryFn: ({ signal }) => call('myChildren', { signal }) });
}

export function useMyChild(userId: string | undefined) {
  return useQuery({
    queryKey: ['myChildren', userId],
    queryFn: ({ signal }) => call('myChild', { params: { userId: userId ?? '' }, signal }),
    enabled: !!userId,
  });
}
