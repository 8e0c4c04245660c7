import type { TFunction } from 'i18next';
import { subjectNameIn, type ClassResults, type GradeBand, type MarkValue, type ResultSubject, type StudentResult } from '@shala/contract';

/**
 * Words of results on screen (the server computes every figure: here they are only written out).
 */

/** A percentage as shown: at most two decimals, "—" when none. */
export function percentText(p: number | null | undefined): string {
  return p === null || p === undefined ? '—' : `${Math.round(p * 100) / 100}%`;
}

/** A mark as shown: "45/50", AB (absent), EX (exempt), "—" (not entered). */
export function markText(t: TFunction, mark: MarkValue | null | undefined, max: number): string {
  if (!mark) return '—';
  if (mark.status === 'absent') return t('reportCard.absentShort');
  if (mark.status === 'exempt') return t('reportCard.exemptShort');
  return `${Math.round(mark.marks * 10) / 10}/${max}`;
}

/** The result line: Passed, or Needs improvement in <subjects>; null when nothing is counted yet. */
export function resultText(t: TFunction, result: Pick<StudentResult, 'passed' | 'failedSubjects'>, subjects: readonly Pick<ResultSubject, 'subjectId' | 'name'>[]): string | null {
  if (result.passed === null) return null;
  if (result.passed) return t('reportCard.passed');
  const names = result.failedSubjects.map((id) => subjects.find((s) => s.subjectId === id)?.name).filter(Boolean);
  return t('reportCard.needsImprovement', { subjects: names.join(', ') });
}

/** The grading scale's bands, highest first: "A1 91–100", the lowest "E below 33". */
export function scaleText(t: TFunction, grades: readonly GradeBand[]): string[] {
  const sorted = [...grades].sort((a, b) => b.min - a.min);
  return sorted.map((b, i) => {
    const above = sorted[i - 1];
    if (b.min === 0 && above) return t('reportCard.bandBelow', { grade: b.grade, min: above.min });
    const upper = above ? Math.max(b.min, Math.ceil(above.min) - 1) : 100;
    return t('reportCard.band', { grade: b.grade, from: b.min, to: upper });
  });
}

type Student = ClassResults['students'][number];
export type ResultsSort = 'rank' | 'roll';

/** Students in rank order (unranked last, then by roll) or roll order (no roll last, then by name). */
export function sortStudents(students: readonly Student[], by: ResultsSort): Student[] {
  const roll = (s: Student) => s.rollNo ?? Number.POSITIVE_INFINITY;
  const byRoll = (a: Student, b: Student) => roll(a) - roll(b) || a.fullName.localeCompare(b.fullName);
  if (by === 'roll') return [...students].sort(byRoll);
  const rank = (s: Student) => s.rank ?? Number.POSITIVE_INFINITY;
  return [...students].sort((a, b) => rank(a) - rank(b) || byRoll(a, b));
}

/** True when the class has no result to show yet (no exam, no student, or no mark counted). */
export function noResultsYet(results: Pick<ClassResults, 'students' | 'exams'>): boolean {
  return results.exams.length === 0 || results.students.every((s) => s.percent === null);
}

/** The subjects with their names in the reader's language (a master-list subject in Hindi). */
export function localSubjects<S extends { name: string; masterCode?: string | null }>(subjects: readonly S[], lang: string): S[] {
  return subjects.map((s) => ({ ...s, name: subjectNameIn(s, lang) }));
}
