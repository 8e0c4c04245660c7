import type { Exam } from '@shala/contract';
import { useExams } from '../../../api/exams';
import { useAddressParams } from '../../../lib/useListParams';

/**
 * The exam chosen on a marks or remarks screen, from `?examId=` (links from the review screen),
 * else the first draft of the current session, else its first exam. `choose` keeps the other
 * parameters and drops those named null.
 */
export function useExamChoice() {
  const { params, update } = useAddressParams();
  const exams = useExams();
  const list = exams.data ?? [];
  const asked = params.get('examId');
  const exam: Exam | null = list.find((e) => e.examId === asked) ?? list.find((e) => e.status === 'draft') ?? list[0] ?? null;
  const choose = (what: Record<string, string | null>) => update(what);
  return { exams, list, exam, params, choose };
}

/** Picks an id the list has: the one asked for, else the first. */
export function pick<T>(list: readonly T[], id: (x: T) => string, asked: string | null): T | null {
  return list.find((x) => id(x) === asked) ?? list[0] ?? null;
}
