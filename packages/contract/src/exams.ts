import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { dateIn, optionalText, text } from './text.js';

/**
 * Exams, marks and report cards (issue 11). A school's assessment scheme is per session: its exams
 * (terms) with maximum marks per subject and a weight in the final result, a grading scale, a pass
 * mark, whether ranks are shown, and which co-scholastic areas it grades. Teachers enter marks per
 * exam, class and subject; the principal locks and publishes an exam; results, report cards and
 * analysis are computed by the server from the stored marks with `computeResults` (below), the one
 * tested function.
 */

export const EXAM_LIMITS = {
  /** Exams (terms) in one session. */
  exams: 12,
  name: 60,
  maxMarks: 1000,
  grades: 12,
  grade: 4,
  remark: 500,
  reason: 300,
  /** Students in one save of a class's marks or notes. */
  students: 200,
} as const;

/** Status of an exam: marks are entered while draft; locked: only the principal's recorded corrections; published: students and parents see it. */
export const EXAM_STATUSES = ['draft', 'locked', 'published'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Grading scale

/** A band of the grading scale: a percentage at or above `min` (and below the next band's) earns `grade`. */
export const gradeBand = z.object({
  grade: text(EXAM_LIMITS.grade).min(1, 'Required'),
  min: z.number().min(0).max(100),
});
export type GradeBand = z.infer<typeof gradeBand>;

/** The CBSE nine-point scale: A1 91–100, A2 81–90, B1 71–80, B2 61–70, C1 51–60, C2 41–50, D 33–40, E below 33. */
export const CBSE_GRADES: readonly GradeBand[] = [
  { grade: 'A1', min: 91 },
  { grade: 'A2', min: 81 },
  { grade: 'B1', min: 71 },
  { grade: 'B2', min: 61 },
  { grade: 'C1', min: 51 },
  { grade: 'C2', min: 41 },
  { grade: 'D', min: 33 },
  { grade: 'E', min: 0 },
];

/** A grading scale: 2–12 bands, grades and minimums each once, one band starting at 0. Kept highest first. */
export const gradeScale = z
  .array(gradeBand)
  .min(2)
  .max(EXAM_LIMITS.grades)
  .refine((bands) => new Set(bands.map((b) => b.grade.toUpperCase())).size === bands.length, { message: 'Each grade once', params: { code: 'each_once' } })
  .refine((bands) => new Set(bands.map((b) => b.min)).size === bands.length, { message: 'Each minimum once', params: { code: 'grade_min_once' } })
  .refine((bands) => bands.some((b) => b.min === 0), { message: 'One grade must start at 0', params: { code: 'grade_from_zero' } })
  .transform((bands) => [...bands].sort((a, b) => b.min - a.min));

/** The grade of a percentage on a scale (bands in any order; the band with the highest min at or below it). */
export function gradeOf(percent: number, grades: readonly GradeBand[]): string {
  let best: GradeBand | undefined;
  for (const band of grades) if (percent >= band.min && (!best || band.min > best.min)) best = band;
  return best?.grade ?? '';
}

/** Co-scholastic areas (CBSE): graded on a three-point scale by the class teacher, per term. */
export const CO_AREAS = ['work', 'art', 'health', 'discipline'] as const;
export type CoArea = (typeof CO_AREAS)[number];
/** CBSE's three-point scale: A outstanding, B very good, C fair. */
export const CO_GRADES = ['A', 'B', 'C'] as const;
export type CoGrade = (typeof CO_GRADES)[number];

// ---------------------------------------------------------------------------------------------
// Scheme and exams

export const examScheme = z.object({
  sessionId: z.uuid(),
  /** Percentage needed in each subject to pass. */
  passPercent: z.number().int().min(0).max(100),
  showRank: z.boolean(),
  grades: z.array(gradeBand),
  coAreas: z.array(z.enum(CO_AREAS)),
  /** False until the school saves a scheme for the session (the answer is then the defaults). */
  saved: z.boolean(),
});
export type ExamScheme = z.infer<typeof examScheme>;

export const DEFAULT_SCHEME = { passPercent: 33, showRank: false, grades: CBSE_GRADES, coAreas: [...CO_AREAS] } as const;

export const examSchemeInput = z.object({
  sessionId: z.uuid(),
  passPercent: z.number().int().min(0).max(100),
  showRank: z.boolean(),
  grades: gradeScale,
  coAreas: z
    .array(z.enum(CO_AREAS))
    .max(CO_AREAS.length)
    .refine((a) => new Set(a).size === a.length, { message: 'Each area once', params: { code: 'each_once' } }),
});
export type ExamSchemeInput = z.input<typeof examSchemeInput>;

export const sessionExamQuery = z.object({ sessionId: z.uuid().optional() });
export type SessionExamQuery = z.infer<typeof sessionExamQuery>;

const maxMarks = z.number().int().min(1).max(EXAM_LIMITS.maxMarks);
/** A subject whose maximum marks differ from the exam's (e.g. 80 for theory where practicals carry 20). */
export const subjectMax = z.object({ subjectId: z.uuid(), maxMarks });
export type SubjectMax = z.infer<typeof subjectMax>;

const examFields = z.object({
  name: text(EXAM_LIMITS.name).min(1, 'Required'),
  /** Weight in the final result (the weights of the exams counted are normalised: they need not add up to 100). */
  weight: z.number().int().min(0).max(100),
  /** Maximum marks of every subject, unless `subjectMax` names another. */
  maxMarks,
  subjectMax: z
    .array(subjectMax)
    .max(50)
    .refine((s) => new Set(s.map((x) => x.subjectId)).size === s.length, { message: 'Each subject once', params: { code: 'each_once' } })
    .default([]),
  /** The term the exam closes: its attendance summary counts these days. */
  termStart: dateIn('2000-01-01', '2100-12-31'),
  termEnd: dateIn('2000-01-01', '2100-12-31'),
});
const termOrder = { path: ['termEnd'], message: 'The end cannot be before the start', params: { code: 'end_before_start' } };
export const examInput = examFields.extend({ sessionId: z.uuid() }).refine((e) => e.termEnd >= e.termStart, termOrder);
export type ExamInput = z.input<typeof examInput>;
export const examUpdate = examFields.refine((e) => e.termEnd >= e.termStart, termOrder);
export type ExamUpdate = z.input<typeof examUpdate>;

export const exam = z.object({
  examId: z.uuid(),
  sessionId: z.uuid(),
  name: z.string(),
  weight: z.number().int(),
  maxMarks: z.number().int(),
  subjectMax: z.array(subjectMax),
  termStart: z.string(),
  termEnd: z.string(),
  status: z.enum(EXAM_STATUSES),
  lockedAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  /** Marks entered so far (any class, any subject). */
  markCount: z.number().int().nonnegative(),
});
export type Exam = z.infer<typeof exam>;

export const examParams = z.object({ examId: z.uuid() });

/**
 * What to publish: the classes named (else every class of the exam's session). A class whose marks
 * are incomplete is published only with `confirmIncomplete` and a reason (else 409 `exam_incomplete`).
 */
export const publishInput = z.object({
  classIds: z.array(z.uuid()).min(1).max(500).optional(),
  confirmIncomplete: z.boolean().default(false),
  reason: optionalText(EXAM_LIMITS.reason),
})
  // No body (the first clients'): every class of the session.
  .nullish();
export type PublishInput = z.input<typeof publishInput>;

/** What to withdraw: the published classes named (else all of them), with the reason students and parents are told. */
export const withdrawInput = z.object({
  classIds: z.array(z.uuid()).min(1).max(500).optional(),
  reason: text(EXAM_LIMITS.reason).min(1, 'Required'),
});
export type WithdrawInput = z.input<typeof withdrawInput>;

/** The maximum marks of a subject in an exam. */
export function maxMarksOf(e: { maxMarks: number; subjectMax: readonly SubjectMax[] }, subjectId: string): number {
  return e.subjectMax.find((s) => s.subjectId === subjectId)?.maxMarks ?? e.maxMarks;
}

// ---------------------------------------------------------------------------------------------
// Ready-made schemes

export const EXAM_TEMPLATES = ['cbse', 'twoTerms', 'stateBoard'] as const;
export type ExamTemplate = (typeof EXAM_TEMPLATES)[number];

/**
 * Ready-made schemes to start from. Each exam's term is a share of the session (`share`, in parts
 * of the whole); names are stored as given (a school renames them as it likes).
 * - cbse: Periodic Test 1 (10%, 20 marks), Half-Yearly (40%, 80), Periodic Test 2 (10%, 20), Annual (40%, 80);
 * - twoTerms: Term 1 and Term 2, 50% each, 100 marks;
 * - stateBoard: Quarterly (25%), Half-Yearly (25%), Annual (50%), 100 marks each.
 */
export const EXAM_TEMPLATE_EXAMS: Record<ExamTemplate, readonly { name: string; weight: number; maxMarks: number; share: number }[]> = {
  cbse: [
    { name: 'Periodic Test 1', weight: 10, maxMarks: 20, share: 1 },
    { name: 'Half-Yearly', weight: 40, maxMarks: 80, share: 1 },
    { name: 'Periodic Test 2', weight: 10, maxMarks: 20, share: 1 },
    { name: 'Annual', weight: 40, maxMarks: 80, share: 1 },
  ],
  twoTerms: [
    { name: 'Term 1', weight: 50, maxMarks: 100, share: 1 },
    { name: 'Term 2', weight: 50, maxMarks: 100, share: 1 },
  ],
  stateBoard: [
    { name: 'Quarterly', weight: 25, maxMarks: 100, share: 1 },
    { name: 'Half-Yearly', weight: 25, maxMarks: 100, share: 1 },
    { name: 'Annual', weight: 50, maxMarks: 100, share: 1 },
  ],
};

export const examTemplateBody = z.object({ sessionId: z.uuid(), template: z.enum(EXAM_TEMPLATES) });
export type ExamTemplateBody = z.infer<typeof examTemplateBody>;

/** The terms of a template over a session: consecutive date ranges covering it, by share. */
export function templateTerms(startDate: string, endDate: string, shares: readonly number[]): { termStart: string; termEnd: string }[] {
  const day = 86_400_000;
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const days = Math.round((Date.parse(`${endDate}T00:00:00Z`) - start) / day) + 1;
  const whole = shares.reduce((a, b) => a + b, 0);
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  let used = 0;
  return shares.map((share, i) => {
    const from = used;
    used = i === shares.length - 1 ? days : Math.max(from + 1, Math.round((days * shares.slice(0, i + 1).reduce((a, b) => a + b, 0)) / whole));
    return { termStart: iso(start + from * day), termEnd: iso(start + (Math.min(used, days) - 1) * day) };
  });
}

// ---------------------------------------------------------------------------------------------
// Marks

export const MARK_STATUSES = ['marked', 'absent', 'exempt'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

/** True when `v` has at most one decimal (17, 17.5). */
export function isTenth(v: number): boolean {
  return Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;
}

/** A mark: marks out of the subject's maximum (at most one decimal), Absent (counts 0) or Exempt (not counted). */
export const markValue = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('marked'),
    marks: z
      .number()
      .min(0)
      .max(EXAM_LIMITS.maxMarks)
      .refine(isTenth, { message: 'At most one decimal', params: { code: 'one_decimal' } }),
  }),
  z.object({ status: z.literal('absent') }),
  z.object({ status: z.literal('exempt') }),
]);
export type MarkValue = z.infer<typeof markValue>;

export const markSheetParams = z.object({ examId: z.uuid(), assignClassId: z.uuid(), subjectId: z.uuid() });

export const markSheetRow = z.object({
  studentId: z.uuid(),
  rollNo: z.number().int().nullable(),
  fullName: z.string(),
  loginId: z.string(),
  mark: markValue.nullable(),
});
export type MarkSheetRow = z.infer<typeof markSheetRow>;

/** A class's marks in one subject of one exam (the teacher's grid). */
export const markSheet = z.object({
  examId: z.uuid(),
  examName: z.string(),
  status: z.enum(EXAM_STATUSES),
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  maxMarks: z.number().int(),
  students: z.array(markSheetRow),
});
export type MarkSheet = z.infer<typeof markSheet>;

/**
 * A whole class's marks in one request: each student's mark, or null to clear it. Students not
 * named keep theirs. A mark above the subject's maximum is refused (400 on its field, nothing saved).
 */
export const markSheetBody = z.object({
  marks: z
    .array(z.object({ studentId: z.uuid(), mark: markValue.nullable() }))
    .min(1)
    .max(EXAM_LIMITS.students)
    .refine((m) => new Set(m.map((x) => x.studentId)).size === m.length, { message: 'Each student once', params: { code: 'each_once' } }),
});
export type MarkSheetBody = z.infer<typeof markSheetBody>;

/** The principal's recorded change of a mark of a locked or published exam. */
export const markCorrectionInput = z.object({
  assignClassId: z.uuid(),
  subjectId: z.uuid(),
  studentId: z.uuid(),
  mark: markValue.nullable(),
  reason: text(EXAM_LIMITS.reason).min(1, 'Required'),
});
export type MarkCorrectionInput = z.infer<typeof markCorrectionInput>;

export const markCorrection = z.object({
  correctionId: z.uuid(),
  examId: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  className: z.string(),
  section: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  before: markValue.nullable(),
  after: markValue.nullable(),
  reason: z.string(),
  correctedBy: z.string(),
  createdAt: z.iso.datetime(),
});
export type MarkCorrection = z.infer<typeof markCorrection>;

// ---------------------------------------------------------------------------------------------
// Review: how complete an exam's marks are

export const completionSubject = z.object({
  subjectId: z.uuid(),
  subjectName: z.string(),
  teacherName: z.string().nullable(),
  maxMarks: z.number().int(),
  /** Students with a mark (marked, absent or exempt). */
  entered: z.number().int().nonnegative(),
});
export const completionClass = z.object({
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  students: z.number().int().nonnegative(),
  subjects: z.array(completionSubject),
});
export type CompletionClass = z.infer<typeof completionClass>;
/** A class of the exam's session: are its marks complete (the subjects missing marks, by name), is it published. */
export const publishClass = z.object({
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  complete: z.boolean(),
  missing: z.array(z.string()),
  published: z.boolean(),
});
export type PublishClass = z.infer<typeof publishClass>;
export const examCompletion = pageOf(completionClass).extend({
  /** Class-subjects whose every student has a mark, of all class-subjects of the session. */
  complete: z.number().int().nonnegative(),
  slots: z.number().int().nonnegative(),
  /** Every class of the session (class order), for publishing and withdrawing. */
  classes: z.array(publishClass),
});
export type ExamCompletion = z.infer<typeof examCompletion>;

// ---------------------------------------------------------------------------------------------
// Co-scholastic grades, remarks, attendance of the term

export const examNotesParams = z.object({ examId: z.uuid(), assignClassId: z.uuid() });

export const coGrades = z.partialRecord(z.enum(CO_AREAS), z.enum(CO_GRADES));
export type CoGrades = z.infer<typeof coGrades>;

export const termAttendance = z.object({
  /** Days marked present or late in the term. */
  attended: z.number().int().nonnegative(),
  /** Days marked in the term. */
  marked: z.number().int().nonnegative(),
  percent: z.number().nullable(),
});
export type TermAttendance = z.infer<typeof termAttendance>;

export const examNotesRow = z.object({
  studentId: z.uuid(),
  rollNo: z.number().int().nullable(),
  fullName: z.string(),
  co: coGrades,
  remark: z.string().nullable(),
  attendance: termAttendance,
});
export type ExamNotesRow = z.infer<typeof examNotesRow>;

export const examNotes = z.object({
  examId: z.uuid(),
  examName: z.string(),
  status: z.enum(EXAM_STATUSES),
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  coAreas: z.array(z.enum(CO_AREAS)),
  students: z.array(examNotesRow),
});
export type ExamNotes = z.infer<typeof examNotes>;

export const examNotesBody = z.object({
  notes: z
    .array(z.object({ studentId: z.uuid(), co: coGrades.default({}), remark: optionalText(EXAM_LIMITS.remark, { multiline: true }) }))
    .min(1)
    .max(EXAM_LIMITS.students)
    .refine((m) => new Set(m.map((x) => x.studentId)).size === m.length, { message: 'Each student once', params: { code: 'each_once' } }),
});
export type ExamNotesBody = z.infer<typeof examNotesBody>;

// ---------------------------------------------------------------------------------------------
// Results: the one function that turns stored marks into percentages, grades and ranks

export interface ResultExam {
  examId: string;
  weight: number;
  maxMarks: number;
  subjectMax: readonly SubjectMax[];
}
export interface ResultMark {
  studentId: string;
  subjectId: string;
  examId: string;
  mark: MarkValue;
}
export interface ResultInput {
  passPercent: number;
  grades: readonly GradeBand[];
  exams: readonly ResultExam[];
  subjectIds: readonly string[];
  studentIds: readonly string[];
  marks: readonly ResultMark[];
}

/**
 * Rounds to 2 decimals, half up (what is shown, graded and ranked). The float noise of a weighted
 * sum is rounded away first, so that a true 67.125 computed as 67.12499999999999 (weights 85 and 35
 * scaled by 48) still rounds to 67.13: the answer must not depend on how the weights are written.
 */
export function round2(x: number): number {
  return Math.round(Number((x * 100).toFixed(6))) / 100;
}

export const examCell = z.object({
  examId: z.uuid(),
  mark: markValue.nullable(),
  maxMarks: z.number().int(),
  /** marks / max × 100; Absent 0; null when Exempt or not entered. */
  percent: z.number().nullable(),
  grade: z.string().nullable(),
});
export type ExamCell = z.infer<typeof examCell>;

export const subjectResult = z.object({
  subjectId: z.uuid(),
  exams: z.array(examCell),
  /** The weighted percentage over the exams counted (null: none counted). */
  percent: z.number().nullable(),
  grade: z.string().nullable(),
  passed: z.boolean().nullable(),
});
export type SubjectResult = z.infer<typeof subjectResult>;

export const examTotal = z.object({
  examId: z.uuid(),
  obtained: z.number(),
  max: z.number(),
  percent: z.number().nullable(),
  grade: z.string().nullable(),
});
export type ExamTotal = z.infer<typeof examTotal>;

export const studentResult = z.object({
  studentId: z.uuid(),
  subjects: z.array(subjectResult),
  exams: z.array(examTotal),
  /** The mean of the subjects' weighted percentages (null: no subject counted). */
  percent: z.number().nullable(),
  grade: z.string().nullable(),
  /** Competition rank in the class by percent (1, 2, 2, 4); null without a percent. */
  rank: z.number().int().nullable(),
  /** Every subject at or above the pass mark; null without a subject counted. */
  passed: z.boolean().nullable(),
  failedSubjects: z.array(z.uuid()),
});
export type StudentResult = z.infer<typeof studentResult>;

/**
 * Results of a class from its stored marks. Per subject and exam: marks / max × 100 (Absent counts
 * 0; Exempt and not entered are left out). A subject's percentage is the mean of its exams'
 * percentages weighted by the exams' weights, over the exams counted (normalised: weights need not
 * add up to 100; when the exams counted all weigh 0 they count equally). The overall percentage
 * is the mean of the subjects' percentages; grades come from the scale on the rounded percentage;
 * a student passes when every subject counted is at or above the pass mark; ranks are competition
 * ranks on the rounded percentage. Exams and subjects keep the order given.
 */
export function computeResults(input: ResultInput): StudentResult[] {
  const byKey = new Map<string, MarkValue>();
  for (const m of input.marks) byKey.set(`${m.studentId}|${m.subjectId}|${m.examId}`, m.mark);
  const results: StudentResult[] = input.studentIds.map((studentId) => {
    const totals = input.exams.map((e) => ({ examId: e.examId, obtained: 0, max: 0 }));
    const subjects: SubjectResult[] = input.subjectIds.map((subjectId) => {
      const cells: ExamCell[] = [];
      const counted: { weight: number; percent: number }[] = [];
      input.exams.forEach((e, i) => {
        const max = maxMarksOf(e, subjectId);
        const mark = byKey.get(`${studentId}|${subjectId}|${e.examId}`) ?? null;
        let percent: number | null = null;
        if (mark?.status === 'marked' || mark?.status === 'absent') {
          const got = mark.status === 'marked' ? mark.marks : 0;
          percent = (got / max) * 100;
          counted.push({ weight: e.weight, percent });
          totals[i]!.obtained += got;
          totals[i]!.max += max;
        }
        cells.push({ examId: e.examId, mark, maxMarks: max, percent: percent === null ? null : round2(percent), grade: percent === null ? null : gradeOf(round2(percent), input.grades) });
      });
      const weightSum = counted.reduce((a, c) => a + c.weight, 0);
      const raw = !counted.length
        ? null
        : weightSum > 0
          ? counted.reduce((a, c) => a + c.weight * c.percent, 0) / weightSum
          : counted.reduce((a, c) => a + c.percent, 0) / counted.length;
      const percent = raw === null ? null : round2(raw);
      return { subjectId, exams: cells, percent, grade: percent === null ? null : gradeOf(percent, input.grades), passed: percent === null ? null : percent >= input.passPercent };
    });
    const finals = subjects.filter((s) => s.percent !== null);
    const percent = finals.length ? round2(finals.reduce((a, s) => a + s.percent!, 0) / finals.length) : null;
    const failedSubjects = finals.filter((s) => !s.passed).map((s) => s.subjectId);
    return {
      studentId,
      subjects,
      exams: totals.map((t) => {
        const p = t.max > 0 ? round2((t.obtained / t.max) * 100) : null;
        return { ...t, obtained: Math.round(t.obtained * 10) / 10, percent: p, grade: p === null ? null : gradeOf(p, input.grades) };
      }),
      percent,
      grade: percent === null ? null : gradeOf(percent, input.grades),
      rank: null,
      passed: finals.length ? failedSubjects.length === 0 : null,
      failedSubjects,
    };
  });
  const ranked = results.filter((r) => r.percent !== null).map((r) => r.percent!);
  for (const r of results) if (r.percent !== null) r.rank = 1 + ranked.filter((p) => p > r.percent!).length;
  return results;
}

// ---------------------------------------------------------------------------------------------
// A class's results, a report card, analysis

/** A subject of a class (masterCode: of the master list, for its Hindi name: `subjectNameIn`). */
export const resultSubject = z.object({ subjectId: z.uuid(), name: z.string(), masterCode: z.string().nullable(), teacherName: z.string().nullable() });
export type ResultSubject = z.infer<typeof resultSubject>;
export const resultExam = exam.pick({ examId: true, name: true, weight: true, maxMarks: true, subjectMax: true, status: true, termStart: true, termEnd: true });
export type ResultExamInfo = z.infer<typeof resultExam>;

export const classResultsParams = z.object({ assignClassId: z.uuid() });

/** A class's results over the session's exams (staff: every exam; the order of the scheme). */
export const classResults = z.object({
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  sessionId: z.uuid(),
  sessionLabel: z.string(),
  passPercent: z.number().int(),
  showRank: z.boolean(),
  grades: z.array(gradeBand),
  exams: z.array(resultExam),
  subjects: z.array(resultSubject),
  students: z.array(studentResult.extend({ fullName: z.string(), rollNo: z.number().int().nullable(), loginId: z.string() })),
});
export type ClassResults = z.infer<typeof classResults>;

export const studentIdParams = z.object({ studentId: z.uuid() });
export const REPORT_LANGS = ['en', 'hi'] as const;
export type ReportLang = (typeof REPORT_LANGS)[number];
export const reportCardQuery = z.object({ sessionId: z.uuid().optional() });
export const reportCardPdfQuery = reportCardQuery.extend({ lang: z.enum(REPORT_LANGS).default('en') });

/** One student's report card for a session (students and parents: published exams only). */
export const reportCard = z.object({
  school: z.object({ name: z.string(), address: z.string().nullable(), logo: z.string().nullable() }),
  sessionId: z.uuid(),
  sessionLabel: z.string(),
  student: z.object({
    studentId: z.uuid(),
    fullName: z.string(),
    loginId: z.string(),
    rollNo: z.number().int().nullable(),
    dateOfBirth: z.string().nullable(),
    parentName: z.string().nullable(),
    assignClassId: z.uuid(),
    className: z.string(),
    section: z.string(),
    classTeacher: z.string().nullable(),
  }),
  passPercent: z.number().int(),
  grades: z.array(gradeBand),
  exams: z.array(resultExam),
  subjects: z.array(resultSubject),
  result: studentResult,
  /** The class's size, for "rank 3 of 42"; null when the school does not show ranks. */
  classSize: z.number().int().nullable(),
  coAreas: z.array(z.enum(CO_AREAS)),
  /** Per exam: co-scholastic grades, the class teacher's remark, the term's attendance. */
  terms: z.array(z.object({ examId: z.uuid(), co: coGrades, remark: z.string().nullable(), attendance: termAttendance })),
});
export type ReportCard = z.infer<typeof reportCard>;

/** A class's report cards in one PDF, made off the request path by the job queue. */
export const REPORT_BATCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const reportBatchBody = z.object({ lang: z.enum(REPORT_LANGS).default('en'), sessionId: z.uuid().optional() });
export const reportBatch = z.object({
  batchId: z.uuid(),
  assignClassId: z.uuid(),
  lang: z.enum(REPORT_LANGS),
  status: z.enum(REPORT_BATCH_STATUSES),
  cards: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ReportBatch = z.infer<typeof reportBatch>;
export const reportBatchParams = z.object({ batchId: z.uuid() });

export const analysisParams = z.object({ examId: z.uuid(), assignClassId: z.uuid() });
export const subjectAnalysis = z.object({
  subjectId: z.uuid(),
  name: z.string(),
  masterCode: z.string().nullable(),
  maxMarks: z.number().int(),
  /** Students with marks counted (marked or absent). */
  counted: z.number().int().nonnegative(),
  average: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  /** Percentages (0–100) of the average, highest and lowest. */
  averagePercent: z.number().nullable(),
  distribution: z.array(z.object({ grade: z.string(), count: z.number().int().nonnegative() })),
  below: z.array(z.object({ studentId: z.uuid(), fullName: z.string(), rollNo: z.number().int().nullable(), percent: z.number() })),
});
export type SubjectAnalysis = z.infer<typeof subjectAnalysis>;
export const examAnalysis = z.object({
  examId: z.uuid(),
  examName: z.string(),
  assignClassId: z.uuid(),
  className: z.string(),
  section: z.string(),
  passPercent: z.number().int(),
  students: z.number().int().nonnegative(),
  subjects: z.array(subjectAnalysis),
});
export type ExamAnalysis = z.infer<typeof examAnalysis>;

/** A student's percentage across the session's exams, overall and per subject (the progress chart). */
export const studentProgress = z.object({
  studentId: z.uuid(),
  fullName: z.string(),
  exams: z.array(z.object({ examId: z.uuid(), name: z.string(), percent: z.number().nullable(), grade: z.string().nullable() })),
  subjects: z.array(z.object({ subjectId: z.uuid(), name: z.string(), masterCode: z.string().nullable(), percents: z.array(z.number().nullable()) })),
});
export type StudentProgress = z.infer<typeof studentProgress>;

export const correctionListQuery = pageQuery;
