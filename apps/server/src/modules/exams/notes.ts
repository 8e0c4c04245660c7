import { and, asc, eq, sql } from 'drizzle-orm';
import { attendancePercent, type CoArea, type CoGrades, type ExamNotes, type ExamNotesBody } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { allOf, type DbOrTx, type Tx } from '../../db/client.js';
import { classStudents, classes, examNotes, examSchemes, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { examsPolicy } from '../../policy/exams.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { fullName } from '../users/service.js';
import { assertDraft, assertInClass, examOfClass, type ExamOfClass } from './marks.js';
import { schemeOf } from './results.js';

/**
 * Co-scholastic grades, the class teacher's remark and the term's attendance per student of a
 * class for an exam (issue 11). A read costs four statements, a save six (and the transaction's
 * own), whatever the class's size. The attendance of the term counts the daywise marks (no period)
 * of the class's students between the exam's term start and end: present and late of marked.
 */

export interface NotesKey {
  examId: string;
  assignClassId: string;
}

/** The class's name and its session's co-scholastic areas (the scheme's, or the defaults): one statement. */
async function classAreas(db: DbOrTx, schoolId: string, classId: string): Promise<{ className: string; section: string; coAreas: CoArea[] }> {
  const [row] = await db
    .select({ className: classes.name, section: classes.section, sessionId: classes.sessionId, scheme: examSchemes })
    .from(classes)
    .leftJoin(examSchemes, and(eq(examSchemes.schoolId, classes.schoolId), eq(examSchemes.sessionId, classes.sessionId)))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  if (!row) throw notFound('Class');
  return { className: row.className, section: row.section, coAreas: schemeOf(row.sessionId, row.scheme).coAreas };
}

/** The class's students with their notes and their term's daywise attendance (one grouped statement). */
async function readNotes(db: DbOrTx, schoolId: string, key: NotesKey, e: ExamOfClass): Promise<ExamNotes> {
  const [areas, rows] = await allOf(db, [
    () => classAreas(db, schoolId, key.assignClassId),
    () => db
      .select({
        studentId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        rollNo: classStudents.rollNo,
        co: examNotes.coGrades,
        remark: examNotes.remark,
        present: sql<number>`coalesce(att.present, 0)`.mapWith(Number),
        late: sql<number>`coalesce(att.late, 0)`.mapWith(Number),
        marked: sql<number>`coalesce(att.marked, 0)`.mapWith(Number),
      })
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.studentId))
      .leftJoin(examNotes, and(eq(examNotes.schoolId, classStudents.schoolId), eq(examNotes.examId, key.examId), eq(examNotes.studentId, classStudents.studentId)))
      .leftJoin(
        sql`(select am.student_id,
            count(*) filter (where am.status = 'present') as present,
            count(*) filter (where am.status = 'late') as late,
            count(*) as marked
          from attendance_marks am
          where am.school_id = ${schoolId} and am.period_id is null
            and am.date between ${e.termStart} and ${e.termEnd}
            and am.student_id in (select s.student_id from class_students s where s.school_id = ${schoolId} and s.class_id = ${key.assignClassId})
          group by am.student_id) as att`,
        sql`att.student_id = ${classStudents.studentId}`,
      )
      .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.classId, key.assignClassId)))
      .orderBy(sql`${classStudents.rollNo} asc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id)),
  ]);
  return {
    examId: e.examId,
    examName: e.examName,
    status: e.status,
    assignClassId: key.assignClassId,
    className: areas.className,
    section: areas.section,
    coAreas: areas.coAreas,
    students: rows.map((r) => ({
      studentId: r.studentId,
      rollNo: r.rollNo,
      fullName: fullName(r),
      co: (r.co ?? {}) as CoGrades,
      remark: r.remark ?? null,
      attendance: { attended: r.present + r.late, marked: r.marked, percent: attendancePercent(r) },
    })),
  };
}

/** `GET exam/:examId/notes/:assignClassId`: admins, and the class teacher (403 for another teacher). */
export async function examNotesOf(deps: Deps, caller: Caller, key: NotesKey): Promise<ExamNotes> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  await examsPolicy.assertNotesAccess(db, caller, schoolId, key.assignClassId);
  const e = await examOfClass(db, schoolId, key.examId, key.assignClassId, null);
  return readNotes(db, schoolId, key, e);
}

/**
 * `PUT exam/:examId/notes/:assignClassId`: the grades (only the scheme's areas: another is a 400 on
 * its field) and remarks of the students named, in one upsert; a locked exam: 409.
 */
export async function saveExamNotes(deps: Deps, caller: Caller, key: NotesKey, body: ExamNotesBody): Promise<ExamNotes> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, scopeOf(caller), async (tx: Tx) => {
    await examsPolicy.assertNotesAccess(tx, caller, schoolId, key.assignClassId);
    const e = await examOfClass(tx, schoolId, key.examId, key.assignClassId, null, true);
    assertDraft(e);
    const { coAreas } = await classAreas(tx, schoolId, key.assignClassId);
    const allowed = new Set<string>(coAreas);
    body.notes.forEach((n, i) => {
      for (const area of Object.keys(n.co)) {
        if (!allowed.has(area)) throw new AppError('BAD_REQUEST', 'This co-scholastic area is not graded in this session’s scheme.', { field: `notes.${i}.co.${area}` });
      }
    });
    await assertInClass(
      tx,
      schoolId,
      key.assignClassId,
      body.notes.map((n) => n.studentId),
    );
    await tx
      .insert(examNotes)
      .values(
        body.notes.map((n) => ({
          schoolId,
          sessionId: e.sessionId,
          examId: key.examId,
          classId: key.assignClassId,
          studentId: n.studentId,
          coGrades: n.co,
          remark: n.remark ?? null,
          updatedBy: caller.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [examNotes.schoolId, examNotes.examId, examNotes.studentId],
        set: {
          coGrades: sql`excluded.co_grades`,
          remark: sql`excluded.remark`,
          classId: sql`excluded.class_id`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
    return readNotes(tx, schoolId, key, e);
  });
}
