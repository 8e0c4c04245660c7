import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MASTER_CLASS_CODES,
  type AssignStatus,
  type ClassDetail,
  type ClassStudent,
  type ClassSubject,
  type ClassSummary,
  type PersonRef,
} from '@shala/contract';
import { allOf, type DbOrTx } from '../../db/client.js';
import { academicSessions, classStudents, classSubjects, classes, subjects, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { positions, prepared, preparedRows, type RawRows } from '../../db/prepared.js';
import { fullName } from '../users/service.js';

/**
 * The shared reads of academics: a class's summary (counts and status) and its details. Every
 * list, details screen and bulk answer of the module is built from these, in a constant number of
 * statements whatever the class size.
 */

const classTeacher = alias(users, 'class_teacher');
const subjectTeacher = alias(users, 'subject_teacher');

/** Master order (NUR, LKG, UKG, 1 … 12) as an SQL array, for ORDER BY array_position. */
const MASTER_ORDER = sql.raw(`ARRAY[${MASTER_CLASS_CODES.map((c) => `'${c}'`).join(',')}]::text[]`);
export const classOrder = [sql`array_position(${MASTER_ORDER}, ${classes.masterClass})`, asc(classes.section)];

// Counts per class, in the same statement (correlated on the class's primary key: index lookups).
const studentCount = sql<number>`(select count(*) from class_students cs where cs.class_id = ${classes.id})`.mapWith(Number);
const subjectCount = sql<number>`(select count(*) from class_subjects x where x.class_id = ${classes.id})`.mapWith(Number);
const taughtCount = sql<number>`(select count(x.teacher_id) from class_subjects x where x.class_id = ${classes.id})`.mapWith(Number);
/** Distinct teachers of the class: its subjects' teachers and its class teacher. */
const teacherCount = sql<number>`(select count(*) from (
    select x.teacher_id from class_subjects x where x.class_id = ${classes.id} and x.teacher_id is not null
    union select ${classes.classTeacherId} where ${classes.classTeacherId} is not null) t)`.mapWith(Number);

/** Complete: a class teacher, a teacher for every subject, at least one student; Pending: nothing; else Incomplete. */
export const statusSql = sql<AssignStatus>`case
  when ${classes.classTeacherId} is not null and ${studentCount} > 0 and ${subjectCount} > 0 and ${taughtCount} = ${subjectCount} then 'complete'
  when ${classes.classTeacherId} is null and ${studentCount} = 0 and ${subjectCount} = 0 then 'pending'
  else 'incomplete' end`;

export const summaryColumns = {
  assignClassId: classes.id,
  sessionId: classes.sessionId,
  sessionYear: academicSessions.label,
  masterClass: classes.masterClass,
  className: classes.name,
  section: classes.section,
  classLimit: classes.classLimit,
  teacherId: classTeacher.id,
  teacherFirst: classTeacher.firstName,
  teacherLast: classTeacher.lastName,
  teacherLogin: classTeacher.loginId,
  students: studentCount,
  teachers: teacherCount,
  subjects: subjectCount,
  status: statusSql,
  createdAt: classes.createdAt,
};

type SummaryRow = {
  assignClassId: string;
  sessionId: string;
  sessionYear: string;
  masterClass: string;
  className: string;
  section: string;
  classLimit: number;
  teacherId: string | null;
  teacherFirst: string | null;
  teacherLast: string | null;
  teacherLogin: string | null;
  students: number;
  teachers: number;
  subjects: number;
  status: AssignStatus;
  createdAt: Date;
};

export function ref(id: string | null, first: string | null, last: string | null, loginId: string | null): PersonRef | null {
  return id ? { userId: id, fullName: fullName({ firstName: first ?? '', lastName: last ?? '' }), loginId: loginId ?? '' } : null;
}

export function presentSummary(r: SummaryRow): ClassSummary {
  return {
    assignClassId: r.assignClassId,
    sessionId: r.sessionId,
    sessionYear: r.sessionYear,
    masterClass: r.masterClass,
    className: r.className,
    section: r.section,
    classLimit: r.classLimit,
    classTeacher: ref(r.teacherId, r.teacherFirst, r.teacherLast, r.teacherLogin),
    students: r.students,
    teachers: r.teachers,
    subjects: r.subjects,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The summary query, joined and ready for a WHERE (the caller adds the school filter, order, paging). */
export function summaryQuery<E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(classes)
    .innerJoin(academicSessions, eq(academicSessions.id, classes.sessionId))
    .leftJoin(classTeacher, eq(classTeacher.id, classes.classTeacherId));
}

/** Summaries of the given classes of the school, in master order. */
export async function classSummaries(db: DbOrTx, schoolId: string, ids: readonly string[]): Promise<ClassSummary[]> {
  if (!ids.length) return [];
  const rows = await summaryQuery(db)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, [...new Set(ids)])))
    .orderBy(...classOrder);
  return rows.map((r) => presentSummary(r as SummaryRow));
}

/** A class's students as its details list them, read by position (`studentsFromRows`). */
const studentColumns = {
  userId: users.id,
  loginId: users.loginId,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  status: users.status,
  rollNo: classStudents.rollNo,
  admittedAt: users.createdAt,
};
const studentAt = positions(studentColumns);

/** The roster's rows as the contract has them, mapped by hand: a class of 60 is a hot read. */
function studentsFromRows(rows: RawRows): ClassStudent[] {
  const at = studentAt;
  return rows.map((r) => ({
    userId: r[at.userId] as string,
    loginId: r[at.loginId] as string,
    fullName: fullName({ firstName: r[at.firstName] as string, lastName: r[at.lastName] as string }),
    image: r[at.image] as string | null,
    status: r[at.status] as boolean,
    rollNo: r[at.rollNo] as number | null,
    // As drizzle reads a timestamptz: the driver's text, then a Date.
    admittedAt: new Date(r[at.admittedAt] as string).toISOString(),
  }));
}

/**
 * The three statements of a class's details, prepared once per handle (on PostgreSQL each is
 * parsed once per connection and keeps a generic plan: the summary's correlated counts cost more
 * to plan than to run).
 */
function detailQueries(db: DbOrTx) {
  return prepared(db, 'academics_class_detail', (db) => {
    const school = sql.placeholder('school');
    const id = sql.placeholder('id');
    return {
      summary: summaryQuery(db)
        .where(and(eq(classes.schoolId, school), eq(classes.id, id)))
        .prepare('academics_class_summary'),
      subjects: db
        .select({
          subjectId: subjects.id,
          name: subjects.name,
          masterCode: subjects.masterCode,
          teacherId: subjectTeacher.id,
          teacherFirst: subjectTeacher.firstName,
          teacherLast: subjectTeacher.lastName,
          teacherLogin: subjectTeacher.loginId,
        })
        .from(classSubjects)
        .innerJoin(subjects, eq(subjects.id, classSubjects.subjectId))
        .leftJoin(subjectTeacher, eq(subjectTeacher.id, classSubjects.teacherId))
        .where(and(eq(classSubjects.schoolId, school), eq(classSubjects.classId, id)))
        .orderBy(asc(subjects.name))
        .prepare('academics_class_subjects'),
      students: preparedRows(
        db,
        'academics_class_students',
        db
          .select(studentColumns)
          .from(classStudents)
          .innerJoin(users, eq(users.id, classStudents.studentId))
          .where(and(eq(classStudents.schoolId, school), eq(classStudents.classId, id)))
          .orderBy(sql`${classStudents.rollNo} asc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id)),
        studentsFromRows,
      ),
    };
  });
}

/** One class's summary; 404 when it is not a class of the school. */
export async function classSummary(db: DbOrTx, schoolId: string, assignClassId: string): Promise<ClassSummary> {
  const [found] = await detailQueries(db).summary.execute({ school: schoolId, id: assignClassId });
  if (!found) throw notFound('Class');
  return presentSummary(found as SummaryRow);
}

/** The subjects of a class with the teacher of each, by name. */
export async function classSubjectList(db: DbOrTx, schoolId: string, assignClassId: string): Promise<ClassSubject[]> {
  const rows = await detailQueries(db).subjects.execute({ school: schoolId, id: assignClassId });
  return rows.map((r) => ({
    subjectId: r.subjectId,
    name: r.name,
    masterCode: r.masterCode,
    teacher: ref(r.teacherId, r.teacherFirst, r.teacherLast, r.teacherLogin),
  }));
}

/** Every student of a class (bounded by the class limit), by roll number then name. */
export function classStudentList(db: DbOrTx, schoolId: string, assignClassId: string): Promise<ClassStudent[]> {
  return detailQueries(db).students.execute({ school: schoolId, id: assignClassId });
}

/**
 * The details screen of a class: three statements whatever its size, sent at once (on PostgreSQL
 * outside a transaction, three connections: one round trip's wait instead of two; in a transaction
 * one after another, `allOf`). The summary tells a class that is not the school's (404) once all
 * three have answered, so that none is still running when the error ends a transaction.
 */
export async function classDetail(db: DbOrTx, schoolId: string, assignClassId: string): Promise<ClassDetail> {
  const values = { school: schoolId, id: assignClassId };
  const [[found], subjectList, studentList] = await allOf(db, [
    () => detailQueries(db).summary.execute(values),
    () => classSubjectList(db, schoolId, assignClassId),
    () => classStudentList(db, schoolId, assignClassId),
  ]);
  if (!found) throw notFound('Class');
  return { ...presentSummary(found as SummaryRow), subjectList, studentList };
}
