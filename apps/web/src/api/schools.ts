import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SchoolListQuery } from '@shala/contract';
import { call } from './client';

export type SchoolsQuery = Pick<SchoolListQuery, 'page' | 'pageSize' | 'status'> & { search?: string };

export const schoolKeys = {
  all: ['schools'] as const,
  list: (query: SchoolsQuery) => ['schools', 'list', query] as const,
  detail: (schoolId: string) => ['schools', 'detail', schoolId] as const,
};

export function useSchools(query: SchoolsQuery, enabled = true) {
  return useQuery({
    queryKey: schoolKeys.list(query),
    queryFn: ({ signal }) =>
      call('schoolList', { query: { ...query, search: query.search?.trim() || undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSchool(schoolId: string | undefined) {
  return useQuery({
    queryKey: schoolKeys.detail(schoolId ?? ''),
    queryFn: ({ signal }) => call('schoolGet', { params: { schoolId: schoolId ?? '' }, signal }),
    enabled: !!schoolId,
  });
}
