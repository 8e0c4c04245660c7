import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { ROLE, kindOfRole } from '@shala/contract';
import type {
  AssignClassBody,
  ClassDetail,
  ClassSubject,
  StudentClassView,
  TeacherClass,
  TeacherSubjectBody,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { academicSessions, classStudents, classSubjects, classes, subjects, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { classRefColumns } from '../../db/class-ref.js';
import { academicsPolicy } from '../../policy/academics.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { fullName } from '../users/service.js';
import { classDetail, classOrder, classSubjectList, classSummary } from './read.js';
import { now } from '../../clock.js';

/**
 * The subjects and teachers of a class (one transaction, a constant number of statements whatever
 * the number of subjects), the class details, and the views of teachers, students and parents.
 *
 * Access for sets of ids: the subjects of a request are checked in one statement and its teachers in
 * another. An id that is not the school's (or does not exist) answers 404 and nothing is saved; a
 * subject that is inactive cannot be added (409 `subject_inactive`); a user who is not an active
 * teacher of the school cannot be chosen (400 `not_a_teacher`). What is already assigned may stay
 * as it is (a subject deactivated later, a teacher who left), so saving an unchanged form works.
 */

// ---------------------------------------------------------------------------------------------
// Checks

/** Locks the class of the school for this transaction (two saves of one class run one after the other). */
async function lockClass(tx: Tx, schoolId: string, assignClassId: string): Promise<{ classTeacherId: string | null }> {
  const [row] = await tx
    .select({ classTeacherId: classes.classTeacherId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)))
    .for('update');
  if (!row) throw notFound('Class');
  return row;
}

interface SubjectState {
  name: string;
  status: boolean;
  /** Already a subject of the class, and its teacher there. */
  inClass: boolean;
  teacherId: string | null;
}

/**
 * The requested subjects of the school with their place in the class, in one statement. Any id
 * that is not a subject of the school: 404. An inactive subject not yet in the class: 409.
 */
async function checkSubjects(
  tx: Tx,
  schoolId: string,
  assignClassId: string,
  ids: readonly string[],
  field: (index: number) => string,
): Promise<Map<string, SubjectState>> {
  const found = new Map<string, SubjectState>();
  if (!ids.length) return found;
  const rows = await tx
    .select({
      id: subjects.id,
      name: subjects.name,
      status: subjects.status,
      inClass: sql<boolean>`${classSubjects.subjectId} is not null`,
      teacherId: classSubjects.teacherId,
    })
    .from(subjects)
    .leftJoin(classSubjects, and(eq(classSubjects.classId, assignClassId), eq(classSubjects.subjectId, subjects.id)))
    .where(and(eq(subjects.schoolId, schoolId), inArray(subjects.id, [...new Set(ids)])));
  for (const r of rows) found.set(r.id, r);
  if (ids.some((id) => !found.has(id))) throw notFound('Subject');
  const i = ids.findIndex((id) => !found.get(id)!.status && !found.get(id)!.inClass);
  if (i >= 0) {
    const name = found.get(ids[i]!)!.name;
    throw new AppError('CONFLICT', `The subject “${name}” is inactive. Activate it first.`, { reason: 'subject_inactive', params: { name }, field: field(i) });
  }
  return found;
}

/**
 * Newly chosen teachers, in one statement: a user who is not of the school (or does not exist)
 * answers 404; one of the school who is not an active teacher, 400 `not_a_teacher`.
 */
async function checkTeachers(tx: Tx, schoolId: string, chosen: ReadonlyArray<{ teacherId: string; field: string }>): Promise<void> {
  if (!chosen.length) return;
  const rows = await tx
    .select({ id: users.id, roleId: users.roleId, status: users.status })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), inArray(users.id, [...new Set(chosen.map((c) => c.teacherId))])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (chosen.some((c) => !byId.has(c.teacherId))) throw notFound('Teacher');
  const wrong = chosen.find((c) => {
    const u = byId.get(c.teacherId)!;
    return kindOfRole(u.roleId) !== 'teachers' || !u.status;
  });
  if (wrong) throw new AppError('BAD_REQUEST', 'Choose an active teacher of this school.', { reason: 'not_a_teacher', field: wrong.field });
}

// ---------------------------------------------------------------------------------------------
// Class details

/**
 * `getassignclass/:assignClassId`: admins any class of the school; a teacher only its classes. A
 * teacher's access is checked beside the reads (on PostgreSQL, one round trip's wait instead of
 * two), and the check's answer comes first: a class the teacher may not see answers its 404
 * whatever the reads found or failed with, and nothing they read is returned.
 */
export async function assignedClass(deps: Deps, caller: Caller, assignClassId: string): Promise<ClassDetail> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const [visible, detail] = await Promise.allSettled([
    academicsPolicy.assertClassVisible(db, caller, schoolId, assignClassId),
    classDetail(db, schoolId, assignClassId),
  ]);
  if (visible.status === 'rejected') throw visible.reason;
  if (detail.status === 'rejected') throw detail.reason;
  return detail.value;
}

/** `getclassteachersubjects/:assignClassId`: the subjects of a class and the teacher of each. */
export async function classTeacherSubjects(deps: Deps, caller: Caller, assignClassId: string): Promise<ClassSubject[]> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  if (academicsPolicy.ownClassesOnly(caller)) await academicsPolicy.assertClassVisible(db, caller, schoolId, assignClassId);
  else await assertClassOfSchool(db, schoolId, assignClassId);
  return classSubjectList(db, schoolId, assignClassId);
}

async function assertClassOfSchool(db: DbOrTx, schoolId: string, assignClassId: string): Promise<void> {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)));
  if (!row) throw notFound('Class');
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * `assignclass`: the set of subjects taught in a class (replaces it: a subject left out is removed
 * with its teacher) and, when given, its class teacher (null: none). One transaction.
 */
export async function assignClass(deps: Deps, caller: Caller, body: AssignClassBody): Promise<ClassDetail> {
  const schoolId = schoolOf(caller);
  const { assignClassId } = body;
  const subjectIds = [...new Set(body.subjectIds)];
  return inTenant(deps, schoolId, async (tx) => {
    const current = await lockClass(tx, schoolId, assignClassId);
    const found = await checkSubjects(tx, schoolId, assignClassId, subjectIds, (i) => `subjectIds.${body.subjectIds.indexOf(subjectIds[i]!)}`);
    const newTeacher = body.classTeacherId !== undefined && body.classTeacherId !== current.classTeacherId;
    if (newTeacher && body.classTeacherId) await checkTeachers(tx, schoolId, [{ teacherId: body.classTeacherId, field: 'classTeacherId' }]);

    if (newTeacher) {
      await tx
        .update(classes)
        .set({ classTeacherId: body.classTeacherId ?? null, updatedAt: now() })
        .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)));
    }
    await tx
      .delete(classSubjects)
      .where(
        and(
          eq(classSubjects.schoolId, schoolId),
          eq(classSubjects.classId, assignClassId),
          subjectIds.length ? notInArray(classSubjects.subjectId, subjectIds) : undefined,
        ),
      );
    const added = subjectIds.filter((id) => !found.get(id)!.inClass);
    if (added.length) {
      await tx
        .insert(classSubjects)
        .values(added.map((subjectId) => ({ schoolId, classId: assignClassId, subjectId })))
        .onConflictDoNothing();
    }
    return classDetail(tx, schoolId, assignClassId);
  });
}

/**
 * `assignteachersubject`: the teacher of each subject of a class (null: none yet), `{ assignments }`
 * saved in one transaction and one upsert; a subject not yet in the class is added to it.
 */
export async function assignTeacherSubject(deps: Deps, caller: Caller, body: TeacherSubjectBody): Promise<ClassDetail> {
  const schoolId = schoolOf(caller);
  const { assignClassId } = body;
  // One row per subject: a subject named twice keeps its last teacher.
  const bySubject = new Map<string, { teacherId: string | null; index: number }>();
  body.assignments.forEach((a, index) => bySubject.set(a.subjectId, { teacherId: a.teacherId, index }));
  const rows = [...bySubject].map(([subjectId, a]) => ({ subjectId, ...a }));
  const subjectIds = rows.map((r) => r.subjectId);

  return inTenant(deps, schoolId, async (tx) => {
    await lockClass(tx, schoolId, assignClassId);
    const found = await checkSubjects(tx, schoolId, assignClassId, subjectIds, (i) => `assignments.${rows[i]!.index}.subjectId`);
    // Only a change of teacher is checked: a teacher already in place may stay.
    const chosen = rows
      .filter((r) => r.teacherId && r.teacherId !== found.get(r.subjectId)!.teacherId)
      .map((r) => ({ teacherId: r.teacherId!, field: `assignments.${r.index}.teacherId` }));
    await checkTeachers(tx, schoolId, chosen);
    await tx
      .insert(classSubjects)
      .values(rows.map((r) => ({ schoolId, classId: assignClassId, subjectId: r.subjectId, teacherId: r.teacherId })))
      .onConflictDoUpdate({ target: [classSubjects.classId, classSubjects.subjectId], set: { teacherId: sql`excluded.teacher_id` } });
    return classDetail(tx, schoolId, assignClassId);
  });
}

// ---------------------------------------------------------------------------------------------
// Teachers' view

/** More classes than a teacher can teach in a session: the list is still bounded. */
const MAX_TEACHER_CLASSES = 200;

/**
 * `assignclassteachersubject`: a teacher's classes in a session (class teacher of, or teaching a
 * subject in), with its subjects there and the number of students. Admins name the teacher; a
 * teacher gets its own (another teacher's id answers 404). Two statements: the named teacher and
 * the session checked first (admins), or, for a teacher with no class, the session checked after.
 */
export async function teacherClasses(deps: Deps, caller: Caller, q: { sessionId: string; teacherId?: string }): Promise<TeacherClass[]> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  let teacherId: string;
  if (academicsPolicy.ownClassesOnly(caller)) {
    if (q.teacherId && q.teacherId !== caller.userId) throw notFound('Teacher');
    teacherId = caller.userId;
  } else {
    if (!q.teacherId) throw new AppError('BAD_REQUEST', 'Name a teacher.', { field: 'teacherId' });
    teacherId = q.teacherId;
    // The named teacher and the session, in one statement: either not the school's answers 404.
    const [found] = await db
      .select({ sessionId: academicSessions.id })
      .from(users)
      .leftJoin(academicSessions, and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, q.sessionId)))
      .where(and(eq(users.schoolId, schoolId), eq(users.id, teacherId), eq(users.roleId, ROLE.TEACHER)));
    if (!found) throw notFound('Teacher');
    if (!found.sessionId) throw notFound('Session');
  }

  // Qualified by hand: Drizzle leaves a one-table select's columns bare, and a bare "id" inside
  // these subqueries would be the subject's.
  const classId = sql`${sql.identifier('classes')}.${sql.identifier('id')}`;
  const teaches = sql`exists (select 1 from ${classSubjects} x where x.class_id = ${classId} and x.teacher_id = ${teacherId})`;
  const rows = await db
    .select({
      ...classRefColumns,
      isClassTeacher: sql<boolean>`coalesce(${classes.classTeacherId} = ${teacherId}, false)`,
      subjects: sql<TeacherClass['subjects']>`coalesce((
        select json_agg(json_build_object('subjectId', s.id, 'name', s.name, 'masterCode', s.master_code) order by s.name, s.id)
        from ${classSubjects} x join ${subjects} s on s.id = x.subject_id
        where x.class_id = ${classId} and x.teacher_id = ${teacherId}), '[]'::json)`,
      students: sql<number>`(select count(*) from ${classStudents} st where st.class_id = ${classId})`.mapWith(Number),
    })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.sessionId, q.sessionId),
        or(eq(classes.classTeacherId, teacherId), teaches),
      ),
    )
    .orderBy(...classOrder)
    .limit(MAX_TEACHER_CLASSES);
  // A teacher's empty list: is the session the school's? (admins' was checked above)
  if (!rows.length && academicsPolicy.ownClassesOnly(caller)) await assertSession(db, schoolId, q.sessionId);
  return rows.map((r) => ({
    assignClassId: r.assignClassId,
    masterClass: r.masterClass,
    className: r.className,
    section: r.section,
    isClassTeacher: r.isClassTeacher,
    subjects: r.subjects,
    students: r.students,
  }));
}

/** Another school's session (or none) answers 404. */
async function assertSession(db: DbOrTx, schoolId: string, sessionId: string): Promise<void> {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)));
  if (!row) throw notFound('Session');
}

// ---------------------------------------------------------------------------------------------
// Students' and parents' view

/**
 * `studentclass/:userId`: a student's class in a session (null: not yet assigned), its roll number,
 * and the class's subjects with their teachers. A student reads itself, a parent its children,
 * admins any student of the school; anyone else's answers 404.
 */
export async function studentClass(deps: Deps, caller: Caller, studentId: string, sessionId: string): Promise<StudentClassView> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  await academicsPolicy.assertStudentVisible(db, caller, schoolId, studentId);
  const [row] = await db
    .select({
      userId: users.id,
      loginId: users.loginId,
      firstName: users.firstName,
      lastName: users.lastName,
      sessionId: academicSessions.id,
      classId: classStudents.classId,
      rollNo: classStudents.rollNo,
    })
    .from(users)
    .leftJoin(academicSessions, and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)))
    .leftJoin(
      classStudents,
      and(eq(classStudents.schoolId, schoolId), eq(classStudents.sessionId, academicSessions.id), eq(classStudents.studentId, users.id)),
    )
    .where(and(eq(users.schoolId, schoolId), eq(users.id, studentId), eq(users.roleId, ROLE.STUDENT)));
  if (!row) throw notFound('Student');
  if (!row.sessionId) throw notFound('Session');
  const student = { userId: row.userId, loginId: row.loginId, fullName: fullName(row) };
  if (!row.classId) return { student, sessionId, class: null, rollNo: null, subjects: [] };
  const [summary, subjectList] = await Promise.all([classSummary(db, schoolId, row.classId), classSubjectList(db, schoolId, row.classId)]);
  return { student, sessionId, class: summary, rollNo: row.rollNo, subjects: subjectList };
}
