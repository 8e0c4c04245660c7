import type { ExamAnalysis, StudentProgress, SubjectAnalysis } from '@shala/contract';

/**
 * The figures of the analysis screens shaped for the charts (pure, tested): the grade distribution
 * of a subject, a student's progress as one row per exam with a line per subject.
 */

/** Line colours of the progress chart: the overall line first, then one per subject (repeating). */
export const OVERALL_COLOR = 'indigo.7';
export const SUBJECT_COLORS = ['teal.6', 'orange.6', 'grape.6', 'cyan.7', 'red.6', 'lime.8', 'pink.6', 'yellow.8', 'blue.5', 'violet.5'] as const;

/** True when some subject of the exam has a mark counted in this class. */
export function hasMarks(analysis: ExamAnalysis | undefined): boolean {
  return !!analysis?.subjects.some((s) => s.counted > 0);
}

/** The bars of a subject's grade distribution: every band of the scale, highest first, counts included when 0. */
export function distributionBars(subject: SubjectAnalysis): { grade: string; count: number }[] {
  return subject.distribution.map((d) => ({ grade: d.grade, count: d.count }));
}

export interface ProgressSeries {
  /** The key of the series in each row. */
  name: string;
  label: string;
  color: string;
}
export interface ProgressChartData {
  /** One row per exam, in term order: `exam` (its name), `overall`, and `s<i>` per subject (null: no mark). */
  rows: Record<string, string | number | null>[];
  series: ProgressSeries[];
  /** No exam, or no percentage anywhere: the empty state instead of a chart. */
  empty: boolean;
}

/** A student's progress as chart rows: the overall line and a line per subject that has a percentage somewhere. */
export function progressChart(progress: StudentProgress | undefined, overallLabel: string): ProgressChartData {
  if (!progress) return { rows: [], series: [], empty: true };
  const rows = progress.exams.map((exam, i) => {
    const row: Record<string, string | number | null> = { exam: exam.name, overall: exam.percent };
    progress.subjects.forEach((s, j) => {
      row[`s${j}`] = s.percents[i] ?? null;
    });
    return row;
  });
  const subjects = progress.subjects
    .map((s, j) => ({ name: `s${j}`, label: s.name, color: SUBJECT_COLORS[j % SUBJECT_COLORS.length]!, seen: s.percents.some((p) => p !== null) }))
    .filter((s) => s.seen)
    .map(({ name, label, color }) => ({ name, label, color }));
  const empty = !progress.exams.length || (progress.exams.every((e) => e.percent === null) && !subjects.length);
  return { rows, series: [{ name: 'overall', label: overallLabel, color: OVERALL_COLOR }, ...subjects], empty };
}

/** A percentage as shown (up to 2 decimals, the language's digits grouping). */
export function percentText(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 2 }).format(value);
}

/** The exam shown first: the latest (in term order) with marks, else the first. */
export function defaultExamId(exams: readonly { examId: string; markCount: number }[] | undefined): string | null {
  if (!exams?.length) return null;
  return [...exams].reverse().find((e) => e.markCount > 0)?.examId ?? exams[0]!.examId;
}

/** Height of the legend: rows of about three entries on a phone, seven on a wider screen. */
export function legendHeightOf(entries: number, narrow: boolean): number {
  return 26 * Math.max(1, Math.ceil(entries / (narrow ? 3 : 7))) + 8;
}
