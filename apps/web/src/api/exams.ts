import { useQuery } from '@tanstack/react-query';
import { call } from './client';

/**
 * Exams (issue 11): the keys every part shares, and the reads every screen needs (a session's
 * exams and scheme). Each part keeps its own hooks in `api/exams-<part>.ts` under `examKeys.all`,
 * so a save invalidates `examKeys.all` and every exam screen refreshes.
 */
export const examKeys = {
  all: ['exams'] as const,
  list: (sessionId: string | null) => ['exams', 'list', sessionId] as const,
  scheme: (sessionId: string | null) => ['exams', 'scheme', sessionId] as const,
};

/** A session's exams in term order (null: the current session); students and parents get the published ones. */
export function useExams(sessionId: string | null = null) {
  return useQuery({
    queryKey: examKeys.list(sessionId),
    queryFn: ({ signal }) => call('examList', { query: { sessionId: sessionId ?? undefined }, signal }),
  });
}

/** A session's scheme (the defaults until saved); admins only. */
export function useExamScheme(sessionId: string | null = null) {
  return useQuery({
    queryKey: examKeys.scheme(sessionId),
    queryFn: ({ signal }) => call('examScheme', { query: { sessionId: sessionId ?? undefined }, signal }),
  });
}
