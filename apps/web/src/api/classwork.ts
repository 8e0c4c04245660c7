import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassWork, ClassWorkFile, ClassWorkInput } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/** Class work (issue 10): the teacher's slots and posts, a class's work, files up and down. */
export const classWorkKeys = {
  all: ['classwork'] as const,
  slots: ['classwork', 'slots'] as const,
  mine: (assignClassId: string | null, page: number, pageSize: number) => ['classwork', 'mine', assignClassId, page, pageSize] as const,
  ofClass: (assignClassId: string, page: number, pageSize: number) => ['classwork', 'class', assignClassId, page, pageSize] as const,
};

/** The classes and subjects the teacher teaches in the current session (the form's choices). */
export function useTeachingSlots() {
  return useQuery({ queryKey: classWorkKeys.slots, queryFn: ({ signal }) => call('classWorkSlots', { signal }) });
}

/** The teacher's own posts, newest first. */
export function useMyClassWork(assignClassId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: classWorkKeys.mine(assignClassId, page, pageSize),
    queryFn: ({ signal }) => call('classWorkMine', { query: { assignClassId: assignClassId ?? undefined, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A class's work, newest first (students, parents, the class's teachers, admins). */
export function useClassWork(assignClassId: string | null | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: classWorkKeys.ofClass(assignClassId ?? '', page, pageSize),
    queryFn: ({ signal }) => call('classWorkOfClass', { params: { assignClassId: assignClassId ?? '' }, query: { page, pageSize }, signal }),
    enabled: !!assignClassId,
    placeholderData: keepPreviousData,
  });
}

export function usePostClassWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassWorkInput) => call('classWorkCreate', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: classWorkKeys.all }),
  });
}

export function useDeleteClassWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (workId: string) => call('classWorkDelete', { params: { workId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: classWorkKeys.all }),
  });
}

/** Downloads a file of class work with the session token and saves it under its original name. */
export function downloadClassWorkFile(work: Pick<ClassWork, 'workId'>, file: ClassWorkFile): Promise<string> {
  return downloadRoute('classWorkFile', { params: { workId: work.workId, name: file.name } }, file.originalName);
}
