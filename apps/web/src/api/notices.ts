import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeInput, NoticeUpdate } from '@shala/contract';
import { call } from './client';

/**
 * The notice board: the principal's notices (list, one, publish, edit, status) and the caller's
 * board (active notices for its role). Keys live under ['notices', …]: any change refreshes all.
 */
export const noticeKeys = {
  all: ['notices'] as const,
  list: (query: NoticeListParams) => ['notices', 'list', query] as const,
  one: (noticeId: string) => ['notices', 'one', noticeId] as const,
  board: (pageSize: number) => ['notices', 'board', pageSize] as const,
};

export interface NoticeListParams {
  page: number;
  pageSize: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
}

export function useNoticeList(query: NoticeListParams) {
  return useQuery({
    queryKey: noticeKeys.list(query),
    queryFn: ({ signal }) =>
      call('noticeList', { query: { page: query.page, pageSize: query.pageSize, search: query.search?.trim() || undefined, status: query.status }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNotice(noticeId: string | undefined) {
  return useQuery({
    queryKey: noticeKeys.one(noticeId ?? ''),
    queryFn: ({ signal }) => call('noticeGet', { params: { noticeId: noticeId ?? '' }, signal }),
    enabled: !!noticeId,
  });
}

/** The caller's board, a page at a time ("show more" appends the next page). */
export function useNoticeBoard(pageSize: number) {
  return useInfiniteQuery({
    queryKey: noticeKeys.board(pageSize),
    queryFn: ({ pageParam, signal }) => call('noticeBoard', { query: { page: pageParam, pageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

function useNoticeMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: noticeKeys.all }) });
}

export const useCreateNotice = () => useNoticeMutation((body: NoticeInput) => call('noticeCreate', { body }));
export const useUpdateNotice = () =>
  useNoticeMutation(({ noticeId, body }: { noticeId: string; body: NoticeUpdate }) => call('noticeUpdate', { params: { noticeId }, body }));
export const useNoticeStatus = () =>
  useNoticeMutation(({ noticeId, status }: { noticeId: string; status: boolean }) => call('noticeStatus', { params: { noticeId }, body: { status } }));
