import { ROLE } from '@shala/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { classSubjects, classes } from '../db/schema.js';
import { versionsOfKeys } from '../db/versions.js';
import { AppError, notFound } from '../errors.js';
import { classWorkPolicy } from './classwork.js';

/**
 * Who may do what with exams (issue 11):
 * - the scheme, exams, review and corrections: the roles of the contract's routes (admins);
 * - a class's marks in a subject: admins, and the teacher of that subject in that class (another
 *   teacher: 403 `not_teaching`);
 * - a class's co-scholastic grades and remarks: admins, and its class teacher (403 `exam_not_class_teacher`);
 * - a class's results and analysis: admins, and its teachers (class teacher or a subject teacher);
 * - a student's report card and progress: admins, the teachers of its class, its parent, itself;
 *   students and parents see published exams only, of a class published (exam_class_publications). Anyone else: 404 (not disclosed).
 */
export const examsPolicy = {
  /** Students and parents see only published exams. */
  publishedOnly(caller: Caller): boolean {
    return caller.roleId === ROLE.PARENT || caller.roleId === ROLE.STUDENT;
  },

  /**
   * A condition on an exam the caller may see: staff, any (undefined); students and parents, an
   * exam published for the class named (else for a class of the caller or of its children).
   */
  examVisible(caller: Caller, schoolId: string, examId: AnyPgColumn, classId?: string): SQL | undefined {
    if (!this.publishedOnly(caller)) return undefined;
    if (classId !== undefined) return this.publishedTo(schoolId, examId, classId);
    const me = caller.userId;
    const cls =
      caller.roleId === ROLE.STUDENT
        ? sql`p.class_id in (select s.class_id from class_students s where s.student_id = ${me})`
        : sql`p.class_id in (select s.class_id from class_students s join users c on c.id = s.student_id where c.parent_user_id = ${me})`;
    return sql`exists (select 1 from exam_class_publications p where p.school_id = ${schoolId} and p.exam_id = ${examId} and ${cls})`;
  },

  /** A condition on an exam: it is published to this class (what its students and parents see). */
  publishedTo(schoolId: string, examId: AnyPgColumn, classId: string): SQL {
    return sql`exists (select 1 from exam_class_publications p where p.school_id = ${schoolId} and p.exam_id = ${examId} and p.class_id = ${classId})`;
  },

  /** A condition on a class id: the caller is staff who may see that class's results. */
  classVisible(caller: Caller, classId: AnyPgColumn | SQL): SQL {
    // Staff see a class's results where they see its work: admins any class, a teacher its own
    // (class teacher or a subject teacher there).
    return caller.roleId === ROLE.SYSTEM_ADMIN || caller.roleId === ROLE.PRINCIPAL || caller.roleId === ROLE.TEACHER ? classWorkPolicy.visible(caller, classId) : sql`false`;
  },

  /** A condition on a student (and its class): the caller may see that student's results. */
  studentVisible(caller: Caller, studentId: AnyPgColumn | SQL, classId: AnyPgColumn | SQL): SQL {
    const me = caller.userId;
    switch (caller.roleId) {
      case ROLE.SYSTEM_ADMIN:
      case ROLE.PRINCIPAL:
      case ROLE.TEACHER:
        return this.classVisible(caller, classId);
      case ROLE.PARENT:
        return sql`exists (select 1 from users p where p.id = ${studentId} and p.parent_user_id = ${me})`;
      case ROLE.STUDENT:
        return sql`${studentId} = ${me}`;
      default:
        return sql`false`;
    }
  },

  /** A class of the school whose results the caller may see (one statement), else 404. */
  async assertClassVisible(db: DbOrTx, caller: Caller, schoolId: string, classId: string): Promise<void> {
    const [row] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId), this.classVisible(caller, classes.id)));
    if (!row) throw notFound('Class');
  },

  /**
   * `assertClassVisible` and, in the same statement, the versions of `keys` (db/versions.ts): a
   * stored read's one round trip.
   */
  async classVersions(db: DbOrTx, caller: Caller, schoolId: string, classId: string, keys: readonly string[]): Promise<string> {
    const [row] = await db
      .select({ versions: versionsOfKeys(schoolId, keys) })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId), this.classVisible(caller, classes.id)));
    if (!row) throw notFound('Class');
    return row.versions ?? '';
  },

  /**
   * The caller may enter this class's marks in this subject: the class must be the school's (404)
   * and teach the subject (404 `exam_subject_not_in_class`); a teacher must be the subject's teacher
   * there (403 `not_teaching`). One statement.
   */
  async assertMarksAccess(db: DbOrTx, caller: Caller, schoolId: string, classId: string, subjectId: string): Promise<void> {
    const [row] = await db
      .select({ id: classes.id, teacherId: classSubjects.teacherId, subjectId: classSubjects.subjectId })
      .from(classes)
      .leftJoin(classSubjects, and(eq(classSubjects.classId, classes.id), eq(classSubjects.subjectId, subjectId)))
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
    if (!row) throw notFound('Class');
    if (!row.subjectId) throw new AppError('NOT_FOUND', 'This subject is not taught in this class.', { reason: 'exam_subject_not_in_class' });
    if (caller.roleId === ROLE.TEACHER && row.teacherId !== caller.userId) {
      throw new AppError('FORBIDDEN', 'You do not teach this subject in this class.', { reason: 'not_teaching' });
    }
  },

  /** The caller may write this class's co-scholastic grades and remarks (a teacher: its class teacher, else 403). One statement. */
  async assertNotesAccess(db: DbOrTx, caller: Caller, schoolId: string, classId: string): Promise<void> {
    const [row] = await db
      .select({ id: classes.id, classTeacherId: classes.classTeacherId })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
    if (!row) throw notFound('Class');
    if (caller.roleId === ROLE.TEACHER && row.classTeacherId !== caller.userId) {
      throw new AppError('FORBIDDEN', 'Only the class teacher grades co-scholastic areas and writes remarks.', { reason: 'exam_not_class_teacher' });
    }
  },
};
