import { useSearchParams } from 'react-router';
import type { Exam } from '@shala/contract';
import { useExams } from '../../../api/exams';

/**
 * The exam chosen on a marks or remarks screen, from `?examId=` (links from the review screen),
 * else the first draft of the current session, else its first exam. `choose` keeps the other
 * parameters and drops those named null.
 */
export function useExamChoice() {
  const [params, setParams] = useSearchParams();
  const exams = useExams();
  const list = exams.data ?? [];
  const asked = params.get('examId');
  const exam: Exam | null = list.find((e) => e.examId === asked) ?? list.find((e) => e.status === 'draft') ?? list[0] ?? null;
  const choose = (what: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(what)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return { exams, list, exam, params, choose };
}

/** Picks an id the list has: the one asked for, else the first. */
export function pick<T>(list: readonly T[], id: (x: T) => string, asked: string | null): T | null {
  return list.find((x) => id(x) === asked) ?? list[0] ?? null;
}
