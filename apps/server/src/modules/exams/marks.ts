import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MarkSheet, MarkSheetBody } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { allOf, type DbOrTx, type Tx } from '../../db/client.js';
import { classStudents, classes, examMarks, examSubjectMax, exams, subjects, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { examsPolicy } from '../../policy/exams.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { fullName } from '../users/service.js';
import { columnsOf, markOf } from './results.js';

/**
 * Marks entry (issue 11): a class's marks in one subject of one exam, read and saved whole. A read
 * costs four statements and a save eight (with the transaction's own), whatever the class's size:
 * the access check, the exam with the class (locked FOR SHARE in a save), the students named, one
 * upsert, one delete, and the sheet.
 *
 * A save holds the exam row FOR SHARE until it commits, and locking or publishing an exam updates
 * that row: a lock waits for the saves under way, and a save that waited for a lock reads the
 * locked status and is refused (409 `exam_locked`). Two saves share the lock and both land; the
 * later one wins per student.
 */

export interface SheetKey {
  examId: string;
  assignClassId: string;
  subjectId: string;
}

export interface ExamOfClass {
  examId: string;
  examName: string;
  status: 'draft' | 'locked' | 'published';
  sessionId: string;
  termStart: string;
  termEnd: string;
  /** The subject's maximum in this exam (when a subject is named). */
  maxMarks: number;
}

/**
 * The exam of the school and the class's session (404 otherwise: an exam of another session does
 * not apply to the class), with the subject's maximum: one statement. `lock`: FOR SHARE of the
 * exam row (in a save's transaction).
 */
export async function examOfClass(db: DbOrTx, schoolId: string, examId: string, classId: string, subjectId: string | null, lock = false): Promise<ExamOfClass> {
  const q = db
    .select({
      examId: exams.id,
      examName: exams.name,
      status: exams.status,
      sessionId: exams.sessionId,
      termStart: exams.termStart,
      termEnd: exams.termEnd,
      maxMarks: subjectId
        ? sql<number>`coalesce((select ${examSubjectMax.maxMarks} from ${examSubjectMax} where ${examSubjectMax.examId} = ${exams.id} and ${examSubjectMax.subjectId} = ${subjectId}), ${exams.maxMarks})`.mapWith(Number)
        : exams.maxMarks,
    })
    .from(exams)
    .innerJoin(classes, and(eq(classes.schoolId, exams.schoolId), eq(classes.id, classId), eq(classes.sessionId, exams.sessionId)))
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)));
  const [row] = lock ? await q.for('share', { of: exams }) : await q;
  if (!row) throw notFound('Exam');
  return { ...row, status: row.status as ExamOfClass['status'] };
}

/** A locked or published exam takes no more marks or notes (409 `exam_locked`). */
export function assertDraft(e: ExamOfClass): void {
  if (e.status !== 'draft') {
    throw new AppError('CONFLICT', 'This exam is locked: marks and remarks no longer change (the principal records corrections).', { reason: 'exam_locked' });
  }
}

/** Every student named must be in the class: one statement (one stranger: 404, nothing saved). */
export async function assertInClass(db: DbOrTx, schoolId: string, classId: string, studentIds: readonly string[]): Promise<void> {
  const rows = await db
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.classId, classId), inArray(classStudents.studentId, [...studentIds])));
  if (rows.length !== new Set(studentIds).size) throw notFound('Student');
}

/** The class's students by roll number with their marks, and the names of the class and subject: two statements. */
async function readSheet(db: DbOrTx, schoolId: string, key: SheetKey, e: ExamOfClass): Promise<MarkSheet> {
  const [[names], rows] = await allOf(db, [
    () => db
      .select({ className: classes.name, section: classes.section, subjectName: subjects.name })
      .from(classes)
      .innerJoin(subjects, and(eq(subjects.schoolId, classes.schoolId), eq(subjects.id, key.subjectId)))
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, key.assignClassId))),
    () => db
      .select({
        studentId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        loginId: users.loginId,
        rollNo: classStudents.rollNo,
        status: examMarks.status,
        marks: examMarks.marks,
      })
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.studentId))
      .leftJoin(
        examMarks,
        and(
          eq(examMarks.schoolId, classStudents.schoolId),
          eq(examMarks.examId, key.examId),
          eq(examMarks.subjectId, key.subjectId),
          eq(examMarks.studentId, classStudents.studentId),
        ),
      )
      .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.classId, key.assignClassId)))
      .orderBy(sql`${classStudents.rollNo} asc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id)),
  ]);
  if (!names) throw notFound('Class');
  return {
    examId: e.examId,
    examName: e.examName,
    status: e.status,
    assignClassId: key.assignClassId,
    className: names.className,
    section: names.section,
    subjectId: key.subjectId,
    subjectName: names.subjectName,
    maxMarks: e.maxMarks,
    students: rows.map((r) => ({ studentId: r.studentId, rollNo: r.rollNo, fullName: fullName(r), loginId: r.loginId, mark: markOf(r.status, r.marks) })),
  };
}

/** `GET exam/:examId/marks/:assignClassId/:subjectId`: the class's marks in the subject (four statements). */
export async function markSheet(deps: Deps, caller: Caller, key: SheetKey): Promise<MarkSheet> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  await examsPolicy.assertMarksAccess(db, caller, schoolId, key.assignClassId, key.subjectId);
  const e = await examOfClass(db, schoolId, key.examId, key.assignClassId, key.subjectId);
  return readSheet(db, schoolId, key, e);
}

/** A mark above the subject's maximum: 400 on its field, nothing saved. */
function assertWithinMax(body: MarkSheetBody, max: number): void {
  body.marks.forEach((m, i) => {
    if (m.mark?.status === 'marked' && m.mark.marks > max) {
      throw new AppError('BAD_REQUEST', `A mark cannot be above the maximum (${max}).`, { reason: 'mark_above_max', field: `marks.${i}.mark.marks`, params: { max } });
    }
  });
}

/**
 * `PUT exam/:examId/marks/:assignClassId/:subjectId`: saves the class's marks in one transaction
 * (one upsert, one delete for the marks cleared) and answers the sheet.
 */
export async function saveMarkSheet(deps: Deps, caller: Caller, key: SheetKey, body: MarkSheetBody): Promise<MarkSheet> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, scopeOf(caller), async (tx: Tx) => {
    await examsPolicy.assertMarksAccess(tx, caller, schoolId, key.assignClassId, key.subjectId);
    const e = await examOfClass(tx, schoolId, key.examId, key.assignClassId, key.subjectId, true);
    assertDraft(e);
    assertWithinMax(body, e.maxMarks);
    await assertInClass(
      tx,
      schoolId,
      key.assignClassId,
      body.marks.map((m) => m.studentId),
    );
    const set = body.marks.flatMap((m) => (m.mark ? [{ studentId: m.studentId, ...columnsOf(m.mark) }] : []));
    const cleared = body.marks.filter((m) => !m.mark).map((m) => m.studentId);
    if (set.length) {
      await tx
        .insert(examMarks)
        .values(
          set.map((m) => ({
            schoolId,
            sessionId: e.sessionId,
            examId: key.examId,
            classId: key.assignClassId,
            subjectId: key.subjectId,
            studentId: m.studentId,
            status: m.status,
            marks: m.marks,
            updatedBy: caller.userId,
          })),
        )
        .onConflictDoUpdate({
          target: [examMarks.schoolId, examMarks.examId, examMarks.studentId, examMarks.subjectId],
          set: {
            status: sql`excluded.status`,
            marks: sql`excluded.marks`,
            classId: sql`excluded.class_id`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`now()`,
          },
        });
    }
    if (cleared.length) {
      await tx
        .delete(examMarks)
        .where(
          and(eq(examMarks.schoolId, schoolId), eq(examMarks.examId, key.examId), eq(examMarks.subjectId, key.subjectId), inArray(examMarks.studentId, cleared)),
        );
    }
    return readSheet(tx, schoolId, key, e);
  });
}
