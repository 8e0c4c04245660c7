import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamInput, ExamSchemeInput, ExamTemplate, ExamUpdate, MarkCorrectionInput, PublishInput, WithdrawInput } from '@shala/contract';
import { call } from './client';
import { examKeys } from './exams';

/**
 * The scheme, a session's exams and their review (issue 11, helper 1). Every change invalidates
 * `examKeys.all`, so every exam screen refreshes.
 */
export const schemeKeys = {
  completion: (examId: string, page: number, pageSize: number) => [...examKeys.all, 'completion', examId, page, pageSize] as const,
  corrections: (examId: string, page: number) => [...examKeys.all, 'corrections', examId, page] as const,
  sheet: (examId: string, assignClassId: string, subjectId: string) => [...examKeys.all, 'sheet', examId, assignClassId, subjectId] as const,
};

function useExamMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: examKeys.all }) });
}

export const useSaveScheme = () => useExamMutation((body: ExamSchemeInput) => call('examSchemeSave', { body }));
export const useApplyTemplate = () => useExamMutation((body: { sessionId: string; template: ExamTemplate }) => call('examSchemeTemplate', { body }));
export const useCreateExam = () => useExamMutation((body: ExamInput) => call('examCreate', { body }));
export const useUpdateExam = () => useExamMutation(({ examId, body }: { examId: string; body: ExamUpdate }) => call('examUpdate', { params: { examId }, body }));
export const useDeleteExam = () => useExamMutation((examId: string) => call('examDelete', { params: { examId } }));

export type ExamAction = 'lock' | 'unlock' | 'publish';
const ACTION_ROUTE = { lock: 'examLock', unlock: 'examUnlock', publish: 'examPublish' } as const;
export const useExamAction = () => useExamMutation(({ examId, action }: { examId: string; action: ExamAction }) => call(ACTION_ROUTE[action], { params: { examId } }));
/** Publishes an exam's results for the classes chosen, or all with a confirmation and a reason. */
export const usePublishExam = () => useExamMutation(({ examId, body }: { examId: string; body: PublishInput }) => call('examPublish', { params: { examId }, body }));
/** Withdraws an exam's published results, with the reason students and parents are told. */
export const useWithdrawExam = () => useExamMutation(({ examId, body }: { examId: string; body: WithdrawInput }) => call('examWithdraw', { params: { examId }, body }));

/** How complete an exam's marks are, a page of classes at a time. */
export function useExamCompletion(examId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: schemeKeys.completion(examId ?? '', page, pageSize),
    queryFn: ({ signal }) => call('examCompletion', { params: { examId: examId ?? '' }, query: { page, pageSize }, signal }),
    enabled: !!examId,
    placeholderData: keepPreviousData,
  });
}

/** An exam's recorded corrections, newest first. */
export function useCorrections(examId: string | null, page: number) {
  return useQuery({
    queryKey: schemeKeys.corrections(examId ?? '', page),
    queryFn: ({ signal }) => call('examCorrections', { params: { examId: examId ?? '' }, query: { page, pageSize: 10 }, signal }),
    enabled: !!examId,
    placeholderData: keepPreviousData,
  });
}

/** A class's marks in a subject of an exam: the students to correct and their current marks. */
export function useMarkSheet(examId: string, assignClassId: string | null, subjectId: string | null) {
  return useQuery({
    queryKey: schemeKeys.sheet(examId, assignClassId ?? '', subjectId ?? ''),
    queryFn: ({ signal }) => call('markSheet', { params: { examId, assignClassId: assignClassId ?? '', subjectId: subjectId ?? '' }, signal }),
    enabled: !!assignClassId && !!subjectId,
  });
}

export const useCorrectMark = () => useExamMutation(({ examId, body }: { examId: string; body: MarkCorrectionInput }) => call('examCorrect', { params: { examId }, body }));
