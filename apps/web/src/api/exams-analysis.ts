import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { examKeys } from './exams';

/**
 * Exams analysis (issue 11): an exam in a class subject by subject, and a student's progress across
 * its session's exams. Under `examKeys.all`, so any save of marks or of the scheme refreshes them.
 */
export const analysisKeys = {
  analysis: (examId: string, assignClassId: string) => [...examKeys.all, 'analysis', examId, assignClassId] as const,
  progress: (studentId: string, sessionId: string | null) => [...examKeys.all, 'progress', studentId, sessionId] as const,
};

/** An exam in a class: per subject average, highest, lowest, grade distribution, below the pass mark. */
export function useExamAnalysis(examId: string | null, assignClassId: string | null) {
  return useQuery({
    queryKey: analysisKeys.analysis(examId ?? '', assignClassId ?? ''),
    queryFn: ({ signal }) => call('examAnalysis', { params: { examId: examId ?? '', assignClassId: assignClassId ?? '' }, signal }),
    enabled: !!examId && !!assignClassId,
  });
}

/** A student's percentage across a session's exams (null: the current session). */
export function useStudentProgress(studentId: string | null, sessionId: string | null = null) {
  return useQuery({
    queryKey: analysisKeys.progress(studentId ?? '', sessionId),
    queryFn: ({ signal }) => call('studentProgress', { params: { studentId: studentId ?? '' }, query: { sessionId: sessionId ?? undefined }, signal }),
    enabled: !!studentId,
  });
}
