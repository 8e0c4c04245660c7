import { and, eq, or, sql } from 'drizzle-orm';
import { API, ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { classSubjects, classes, users } from '../db/schema.js';
import { notFound } from '../errors.js';
import { allows } from './index.js';

/**
 * Who may see and change academics. Admins (112, 113) manage their school's structure; a teacher
 * (114) reads only the classes it teaches or is class teacher of; a parent reads its children's
 * class, a student its own. Everything else answers 404, as another school's record does.
 */
export const academicsPolicy = {
  /** May the caller change the structure (sessions, subjects, classes, assignments)? */
  canManage(caller: Caller): boolean {
    return allows(API.classCreate.roles, caller.roleId);
  },

  /** The caller sees only the classes it teaches (a teacher), not the whole school's (admins). */
  ownClassesOnly(caller: Caller): boolean {
    return caller.roleId === ROLE.TEACHER;
  },

  /** A teacher's access to one class: its class teacher or a teacher of one of its subjects. 404 otherwise. */
  async assertClassVisible(db: DbOrTx, caller: Caller, schoolId: string, assignClassId: string): Promise<void> {
    if (!this.ownClassesOnly(caller)) return;
    const [row] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(
        and(
          eq(classes.schoolId, schoolId),
          eq(classes.id, assignClassId),
          or(
            eq(classes.classTeacherId, caller.userId),
            sql`exists (select 1 from ${classSubjects} where ${classSubjects.classId} = ${classes.id} and ${classSubjects.teacherId} = ${caller.userId})`,
          ),
        ),
      );
    if (!row) throw notFound('Class');
  },

  /** Whose class view the caller may read: a student itself, a parent its children, admins anyone. 404 otherwise. */
  async assertStudentVisible(db: DbOrTx, caller: Caller, schoolId: string, studentId: string): Promise<void> {
    if (caller.roleId === ROLE.STUDENT) {
      if (studentId !== caller.userId) throw notFound('Student');
      return;
    }
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.schoolId, schoolId),
          eq(users.id, studentId),
          eq(users.roleId, ROLE.STUDENT),
          caller.roleId === ROLE.PARENT ? eq(users.parentUserId, caller.userId) : undefined,
        ),
      );
    if (!row) throw notFound('Student');
  },
};
