import { and, eq } from 'drizzle-orm';
import { computeResults, maxMarksOf, round2, type ExamAnalysis, type ResultMark, type StudentProgress, type SubjectAnalysis } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { classStudents, examMarks, exams, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { examsPolicy } from '../../policy/exams.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { fullName } from '../users/service.js';
import { loadClass, loadClassMarks, loadClassStudents, loadClassSubjects, loadExam, loadExams, loadScheme, markOf, sessionOf } from './results.js';

/**
 * Analysis of exams (issue 11): an exam in a class, subject by subject (average, highest, lowest,
 * the distribution of grades, the students below the pass mark), and a student's percentage across
 * its session's exams. Every percentage and grade comes from `computeResults` over the stored marks;
 * both cost a constant number of statements whatever the class's size.
 */

/**
 * An exam in a class (admins, and the class's teachers; 404 otherwise, and for an exam of another
 * session than the class's): six statements (visibility, exam, class with scheme, subjects,
 * students, marks).
 */
export async function examAnalysis(deps: Deps, caller: Caller, examId: string, classId: string): Promise<ExamAnalysis> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const [, exam, { cls, scheme }, subjectList, students, marks] = await Promise.all([
    examsPolicy.assertClassVisible(db, caller, schoolId, classId),
    loadExam(db, schoolId, examId),
    loadClass(db, schoolId, classId),
    loadClassSubjects(db, schoolId, classId),
    loadClassStudents(db, schoolId, classId),
    loadClassMarks(db, schoolId, classId, [examId]),
  ]);
  if (exam.sessionId !== cls.sessionId) throw notFound('Exam');

  const results = computeResults({
    passPercent: scheme.passPercent,
    grades: scheme.grades,
    exams: [exam],
    subjectIds: subjectList.map((s) => s.subjectId),
    studentIds: students.map((s) => s.studentId),
    marks,
  });
  const bands = [...scheme.grades].sort((a, b) => b.min - a.min);

  const subjects: SubjectAnalysis[] = subjectList.map((subject, j) => {
    const max = maxMarksOf(exam, subject.subjectId);
    const counts = new Map(bands.map((b) => [b.grade, 0]));
    const got: number[] = [];
    const below: SubjectAnalysis['below'] = [];
    results.forEach((r, i) => {
      const s = r.subjects[j]!;
      const cell = s.exams[0]!;
      if (cell.percent === null || !cell.mark) return; // exempt or not entered
      got.push(cell.mark.status === 'marked' ? cell.mark.marks : 0);
      if (cell.grade !== null) counts.set(cell.grade, (counts.get(cell.grade) ?? 0) + 1);
      if (s.passed === false) {
        const st = students[i]!;
        below.push({ studentId: st.studentId, fullName: st.fullName, rollNo: st.rollNo, percent: s.percent! });
      }
    });
    const mean = got.length ? got.reduce((a, b) => a + b, 0) / got.length : null;
    return {
      subjectId: subject.subjectId,
      name: subject.name,
      masterCode: subject.masterCode,
      maxMarks: max,
      counted: got.length,
      average: mean === null ? null : round2(mean),
      highest: got.length ? Math.max(...got) : null,
      lowest: got.length ? Math.min(...got) : null,
      averagePercent: mean === null ? null : round2((mean / max) * 100),
      distribution: bands.map((b) => ({ grade: b.grade, count: counts.get(b.grade) ?? 0 })),
      // Lowest first; equal percentages keep the class's roll order (the sort is stable).
      below: below.sort((a, b) => a.percent - b.percent),
    };
  });

  return {
    examId: exam.examId,
    examName: exam.name,
    assignClassId: cls.classId,
    className: cls.className,
    section: cls.section,
    passPercent: scheme.passPercent,
    students: students.length,
    subjects,
  };
}

/**
 * A student's percentage across its session's exams (the session named, else the current one): per
 * exam its total's percentage and grade (marks obtained over the maximum, across the subjects, as
 * on the report card), per subject its percentage in each exam (null where none). Admins, the
 * teachers of its class, its parent and itself (404 for anyone else); students and parents see
 * published exams only. Six statements.
 */
export async function studentProgress(deps: Deps, caller: Caller, studentId: string, sessionId?: string): Promise<StudentProgress> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const session = await sessionOf(db, schoolId, sessionId);
  const [place] = await db
    .select({ classId: classStudents.classId, firstName: users.firstName, lastName: users.lastName })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(
      and(
        eq(classStudents.schoolId, schoolId),
        eq(classStudents.sessionId, session.id),
        eq(classStudents.studentId, studentId),
        examsPolicy.studentVisible(caller, classStudents.studentId, classStudents.classId),
      ),
    );
  if (!place) throw notFound('Student');

  const [scheme, examList, subjectList, marks] = await Promise.all([
    loadScheme(db, schoolId, session.id),
    loadExams(db, schoolId, session.id, { visible: examsPolicy.examVisible(caller, schoolId, exams.id, place.classId) }),
    loadClassSubjects(db, schoolId, place.classId),
    studentMarks(db, schoolId, session.id, place.classId, studentId),
  ]);
  const [result] = computeResults({
    passPercent: scheme.passPercent,
    grades: scheme.grades,
    exams: examList,
    subjectIds: subjectList.map((s) => s.subjectId),
    studentIds: [studentId],
    marks, // marks of exams not listed (unpublished, for students and parents) are not read by computeResults
  });
  return {
    studentId,
    fullName: fullName(place),
    exams: examList.map((e, i) => ({ examId: e.examId, name: e.name, percent: result!.exams[i]!.percent, grade: result!.exams[i]!.grade })),
    subjects: subjectList.map((s, j) => ({ subjectId: s.subjectId, name: s.name, masterCode: s.masterCode, percents: result!.subjects[j]!.exams.map((c) => c.percent) })),
  };
}

/** One student's marks in its class over a session: one statement. */
async function studentMarks(db: DbOrTx, schoolId: string, sessionId: string, classId: string, studentId: string): Promise<ResultMark[]> {
  const rows = await db
    .select({ subjectId: examMarks.subjectId, examId: examMarks.examId, status: examMarks.status, marks: examMarks.marks })
    .from(examMarks)
    .where(and(eq(examMarks.schoolId, schoolId), eq(examMarks.studentId, studentId), eq(examMarks.sessionId, sessionId), eq(examMarks.classId, classId)));
  return rows.flatMap((r) => {
    const mark = markOf(r.status, r.marks);
    return mark ? [{ studentId, subjectId: r.subjectId, examId: r.examId, mark }] : [];
  });
}
