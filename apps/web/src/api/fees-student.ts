import { useQueries, useQuery } from '@tanstack/react-query';
import { call } from './client';

/**
 * A student's fees in a session (the parent's and the student's screens and dashboard cards).
 * Keys start with `fees`, so a change to fee records (marking paid, a reversal) that invalidates
 * `['fees']` refreshes them too.
 */
export const feeStudentKeys = {
  all: ['fees', 'student'] as const,
  fees: (studentId: string, sessionId: string) => ['fees', 'student', studentId, sessionId] as const,
};

const feesQuery = (studentId: string, sessionId: string) => ({
  queryKey: feeStudentKeys.fees(studentId, sessionId),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('studentFees', { params: { studentId, sessionId }, signal }),
});

/** One student's fees in a session. */
export function useStudentFees(studentId: string | undefined, sessionId: string | undefined) {
  return useQuery({ ...feesQuery(studentId ?? '', sessionId ?? ''), enabled: !!studentId && !!sessionId });
}

/** Several students' fees in a session (a parent's children: a handful), one query each. */
export function useStudentsFees(studentIds: readonly string[], sessionId: string | undefined) {
  return useQueries({ queries: studentIds.map((id) => ({ ...feesQuery(id, sessionId ?? ''), enabled: !!sessionId })) });
}
