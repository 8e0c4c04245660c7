import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_SCHEME,
  computeResults,
  type ClassResults,
  type CoArea,
  type Exam,
  type ExamScheme,
  type ExamStatus,
  type GradeBand,
  type MarkValue,
  type ResultMark,
} from '@shala/contract';
import type { DbOrTx } from '../../db/client.js';
import { academicSessions, classStudents, classSubjects, classes, examMarks, examSchemes, exams, subjects, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { fullName } from '../users/service.js';

/**
 * What every part of exams reads: a session's scheme and exams, and a class's results computed
 * from its stored marks by the contract's `computeResults` (never from a client's figures). A
 * class's results cost five statements whatever its size (class, scheme, exams, subjects,
 * students, marks: the first two in one).
 */

// ---------------------------------------------------------------------------------------------
// Marks in the database and in the API

/** A stored mark (status, marks) as the API's mark. */
export function markOf(status: string | null, marks: number | string | null): MarkValue | null {
  if (status === 'marked') return { status: 'marked', marks: Number(marks) };
  if (status === 'absent' || status === 'exempt') return { status };
  return null;
}

/** The API's mark as the stored columns. */
export function columnsOf(mark: MarkValue): { status: MarkValue['status']; marks: number | null } {
  return { status: mark.status, marks: mark.status === 'marked' ? mark.marks : null };
}

// ---------------------------------------------------------------------------------------------
// Sessions, schemes, exams

/** The session named, else the school's current one (404 when there is none or it is another school's). */
export async function sessionOf(db: DbOrTx, schoolId: string, sessionId?: string | null): Promise<{ id: string; label: string; startDate: string; endDate: string }> {
  const [row] = await db
    .select({ id: academicSessions.id, label: academicSessions.label, startDate: academicSessions.startDate, endDate: academicSessions.endDate })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), sessionId ? eq(academicSessions.id, sessionId) : eq(academicSessions.isCurrent, true)));
  if (!row) throw notFound('Session');
  return row;
}

type SchemeRow = typeof examSchemes.$inferSelect;

/** A stored scheme as the API's, or the defaults for a session without one. */
export function schemeOf(sessionId: string, row: Pick<SchemeRow, 'passPercent' | 'showRank' | 'grades' | 'coAreas'> | null | undefined): ExamScheme {
  if (!row) return { sessionId, ...DEFAULT_SCHEME, grades: [...DEFAULT_SCHEME.grades], coAreas: [...DEFAULT_SCHEME.coAreas], saved: false };
  return {
    sessionId,
    passPercent: row.passPercent,
    showRank: row.showRank,
    grades: row.grades as GradeBand[],
    coAreas: row.coAreas as CoArea[],
    saved: true,
  };
}

/** A session's scheme (the defaults until saved): one statement. */
export async function loadScheme(db: DbOrTx, schoolId: string, sessionId: string): Promise<ExamScheme> {
  const [row] = await db
    .select()
    .from(examSchemes)
    .where(and(eq(examSchemes.schoolId, schoolId), eq(examSchemes.sessionId, sessionId)));
  return schemeOf(sessionId, row);
}

/** The columns that make an `Exam` (its subject maximums and mark count ride along). */
export const examColumns = {
  id: exams.id,
  sessionId: exams.sessionId,
  name: exams.name,
  weight: exams.weight,
  maxMarks: exams.maxMarks,
  termStart: exams.termStart,
  termEnd: exams.termEnd,
  status: exams.status,
  lockedAt: exams.lockedAt,
  publishedAt: exams.publishedAt,
  subjectMax: sql<{ subjectId: string; maxMarks: number }[]>`coalesce((select json_agg(json_build_object('subjectId', m.subject_id, 'maxMarks', m.max_marks) order by m.subject_id)
      from exam_subject_max m where m.exam_id = ${exams.id}), '[]'::json)`,
  markCount: sql<number>`(select count(*) from exam_marks k where k.school_id = ${exams.schoolId} and k.exam_id = ${exams.id})`.mapWith(Number),
};

export type ExamRow = {
  id: string;
  sessionId: string;
  name: string;
  weight: number;
  maxMarks: number;
  termStart: string;
  termEnd: string;
  status: string;
  lockedAt: Date | null;
  publishedAt: Date | null;
  subjectMax: { subjectId: string; maxMarks: number }[];
  markCount: number;
};

export function presentExam(r: ExamRow): Exam {
  return {
    examId: r.id,
    sessionId: r.sessionId,
    name: r.name,
    weight: r.weight,
    maxMarks: r.maxMarks,
    subjectMax: r.subjectMax ?? [],
    termStart: r.termStart,
    termEnd: r.termEnd,
    status: r.status as ExamStatus,
    lockedAt: r.lockedAt ? new Date(r.lockedAt).toISOString() : null,
    publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
    markCount: Number(r.markCount),
  };
}

/** The term order of a session's exams. */
export const examOrder = [asc(exams.termStart), asc(exams.termEnd), asc(exams.name)];

/** A session's exams in term order (visible: those the caller may see, `examsPolicy.examVisible`, published): one statement. */
export async function loadExams(db: DbOrTx, schoolId: string, sessionId: string, opts: { visible?: SQL } = {}): Promise<Exam[]> {
  const rows = await db
    .select(examColumns)
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.sessionId, sessionId), opts.visible ? and(eq(exams.status, 'published'), opts.visible) : undefined))
    .orderBy(...examOrder);
  return rows.map(presentExam);
}

/** One exam of the school (404 otherwise): one statement. */
export async function loadExam(db: DbOrTx, schoolId: string, examId: string): Promise<Exam> {
  const [row] = await db
    .select(examColumns)
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)));
  if (!row) throw notFound('Exam');
  return presentExam(row);
}

// ---------------------------------------------------------------------------------------------
// A class's results

const classTeacher = alias(users, 'class_teacher');
const subjectTeacher = alias(users, 'subject_teacher');

export interface ClassInfo {
  classId: string;
  className: string;
  section: string;
  masterClass: string;
  sessionId: string;
  sessionLabel: string;
  classTeacherId: string | null;
  classTeacher: string | null;
}

/** A class of the school with its session and class teacher, and its session's scheme: one statement (404 otherwise). */
export async function loadClass(db: DbOrTx, schoolId: string, classId: string): Promise<{ cls: ClassInfo; scheme: ExamScheme }> {
  const [row] = await db
    .select({
      classId: classes.id,
      className: classes.name,
      section: classes.section,
      masterClass: classes.masterClass,
      sessionId: classes.sessionId,
      sessionLabel: academicSessions.label,
      classTeacherId: classes.classTeacherId,
      teacherFirst: classTeacher.firstName,
      teacherLast: classTeacher.lastName,
      scheme: examSchemes,
    })
    .from(classes)
    .innerJoin(academicSessions, eq(academicSessions.id, classes.sessionId))
    .leftJoin(classTeacher, eq(classTeacher.id, classes.classTeacherId))
    .leftJoin(examSchemes, and(eq(examSchemes.schoolId, classes.schoolId), eq(examSchemes.sessionId, classes.sessionId)))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  if (!row) throw notFound('Class');
  const { teacherFirst, teacherLast, scheme, ...cls } = row;
  return {
    cls: { ...cls, classTeacher: teacherFirst != null ? fullName({ firstName: teacherFirst, lastName: teacherLast ?? '' }) : null },
    scheme: schemeOf(row.sessionId, scheme),
  };
}

/** A class's subjects (by name) with their teachers: one statement. */
export async function loadClassSubjects(db: DbOrTx, schoolId: string, classId: string) {
  const rows = await db
    .select({ subjectId: subjects.id, name: subjects.name, masterCode: subjects.masterCode, teacherId: classSubjects.teacherId, first: subjectTeacher.firstName, last: subjectTeacher.lastName })
    .from(classSubjects)
    .innerJoin(subjects, eq(subjects.id, classSubjects.subjectId))
    .leftJoin(subjectTeacher, eq(subjectTeacher.id, classSubjects.teacherId))
    .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.classId, classId)))
    .orderBy(asc(subjects.name));
  return rows.map((r) => ({ subjectId: r.subjectId, name: r.name, masterCode: r.masterCode, teacherId: r.teacherId, teacherName: r.first != null ? fullName({ firstName: r.first, lastName: r.last ?? '' }) : null }));
}

/** A class's students by roll number: one statement. */
export async function loadClassStudents(db: DbOrTx, schoolId: string, classId: string) {
  const rows = await db
    .select({ studentId: users.id, firstName: users.firstName, lastName: users.lastName, loginId: users.loginId, rollNo: classStudents.rollNo })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.classId, classId)))
    .orderBy(sql`${classStudents.rollNo} asc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({ studentId: r.studentId, fullName: fullName(r), loginId: r.loginId, rollNo: r.rollNo }));
}

/** A class's marks in the exams named: one statement. */
export async function loadClassMarks(db: DbOrTx, schoolId: string, classId: string, examIds: readonly string[]): Promise<ResultMark[]> {
  if (!examIds.length) return [];
  const rows = await db
    .select({ studentId: examMarks.studentId, subjectId: examMarks.subjectId, examId: examMarks.examId, status: examMarks.status, marks: examMarks.marks })
    .from(examMarks)
    .where(and(eq(examMarks.schoolId, schoolId), inArray(examMarks.examId, [...examIds]), eq(examMarks.classId, classId)));
  return rows.flatMap((r) => {
    const mark = markOf(r.status, r.marks);
    return mark ? [{ studentId: r.studentId, subjectId: r.subjectId, examId: r.examId, mark }] : [];
  });
}

/**
 * A class's results over its session's exams (visible: those the caller may see), computed from the
 * stored marks: five statements, whatever the class's size. Ranks are hidden when the scheme does
 * not show them. `cls` and `coAreas` (the scheme's) ride along for report cards.
 */
export async function loadClassResults(db: DbOrTx, schoolId: string, classId: string, opts: { visible?: SQL } = {}): Promise<ClassResults & { cls: ClassInfo; coAreas: CoArea[] }> {
  const { cls, scheme } = await loadClass(db, schoolId, classId);
  const [examList, subjectList, students] = await Promise.all([
    loadExams(db, schoolId, cls.sessionId, opts),
    loadClassSubjects(db, schoolId, classId),
    loadClassStudents(db, schoolId, classId),
  ]);
  const marks = await loadClassMarks(
    db,
    schoolId,
    classId,
    examList.map((e) => e.examId),
  );
  const results = computeResults({
    passPercent: scheme.passPercent,
    grades: scheme.grades,
    exams: examList,
    subjectIds: subjectList.map((s) => s.subjectId),
    studentIds: students.map((s) => s.studentId),
    marks,
  });
  return {
    cls,
    coAreas: scheme.coAreas,
    assignClassId: cls.classId,
    className: cls.className,
    section: cls.section,
    sessionId: cls.sessionId,
    sessionLabel: cls.sessionLabel,
    passPercent: scheme.passPercent,
    showRank: scheme.showRank,
    grades: scheme.grades,
    exams: examList.map(({ examId, name, weight, maxMarks, subjectMax, status, termStart, termEnd }) => ({ examId, name, weight, maxMarks, subjectMax, status, termStart, termEnd })),
    subjects: subjectList.map(({ subjectId, name, masterCode, teacherName }) => ({ subjectId, name, masterCode, teacherName })),
    students: students.map((s, i) => {
      const r = results[i]!;
      return { ...r, rank: scheme.showRank ? r.rank : null, fullName: s.fullName, rollNo: s.rollNo, loginId: s.loginId };
    }),
  };
}
