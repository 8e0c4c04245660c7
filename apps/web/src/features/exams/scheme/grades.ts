import type { GradeBand } from '@shala/contract';

/** A row of the editable grading scale: the minimum is '' while the field is empty. */
export interface GradeRow {
  grade: string;
  min: number | '';
}

/** The range a row covers: from its minimum up to (not including) the next higher minimum, or to 100 for the top band. */
export interface GradeRange {
  from: number;
  /** The next higher band's minimum (exclusive); null: the top band (up to 100, inclusive). */
  below: number | null;
}

/**
 * The range each row covers, in the rows' order (null for a row without a minimum, or whose minimum
 * another row repeats: it covers nothing).
 */
export function gradeRanges(rows: readonly GradeRow[]): (GradeRange | null)[] {
  const mins = rows.map((r) => (r.min === '' || !Number.isFinite(r.min) || r.min < 0 || r.min > 100 ? null : r.min));
  return mins.map((min) => {
    if (min === null || mins.filter((m) => m === min).length > 1) return null;
    const higher = mins.filter((m): m is number => m !== null && m > min);
    return { from: min, below: higher.length ? Math.min(...higher) : null };
  });
}

/** The rows of a stored scale, highest first. */
export function gradeRowsOf(grades: readonly GradeBand[]): GradeRow[] {
  return [...grades].sort((a, b) => b.min - a.min).map((g) => ({ grade: g.grade, min: g.min }));
}

/** The scale to send: grades trimmed; an empty minimum is not a number (the schema refuses it on its field). */
export function gradesOf(rows: readonly GradeRow[]): { grade: string; min: number }[] {
  return rows.map((r) => ({ grade: r.grade.trim(), min: r.min === '' ? Number.NaN : r.min }));
}

/** The weights of the exams: their sum (a note when it is not 100: they are normalised). */
export function weightSum(exams: readonly { weight: number }[]): number {
  return exams.reduce((a, e) => a + e.weight, 0);
}
