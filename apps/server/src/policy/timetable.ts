import { and, eq, sql } from 'drizzle-orm';
import { API, type ClassRef, ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { classRefColumns } from '../db/class-ref.js';
import { classStudents, classes, schools, users } from '../db/schema.js';
import { notFound } from '../errors.js';
import { allows } from './index.js';

/** A class as the timetable sees it. */
export interface TimetableClass {
  ref: ClassRef;
  sessionId: string;
  /** The school works on Sundays (its days of the week). */
  sundayWorking: boolean;
}

/**
 * Who may see and change timetables. Timetables are not sensitive: admins (112, 113) and teachers
 * (114) read any class of their school; a parent only its children's classes, a student only its
 * own class; any other class answers 404, as another school's does. Only 113 saves (the contract).
 */
export const timetablePolicy = {
  /** Editors see the other classes' slots of the class's teachers (the clash before saving). */
  isEditor(caller: Caller): boolean {
    return caller.roleId === ROLE.SYSTEM_ADMIN || allows(API.timetableSave.roles, caller.roleId);
  },

  /** The class (with the school's Sunday rule) if the caller may read its timetable; else 404. One statement. */
  async visibleClass(db: Db, caller: Caller, schoolId: string, assignClassId: string): Promise<TimetableClass> {
    const query = prepared(db, 'timetable_visible_class', (db, name) => {
      const user = sql.placeholder('user');
      const role = sql.placeholder('role');
      return db
        .select({
          ...classRefColumns,
          sessionId: classes.sessionId,
          sundayWorking: schools.sundayWorking,
          visible: sql<boolean>`case ${role}::int
            when 115 then exists (select 1 from ${classStudents} cs join ${users} u on u.id = cs.student_id
              where cs.class_id = ${classes.id} and u.parent_user_id = ${user}::uuid)
            when 116 then exists (select 1 from ${classStudents} cs where cs.class_id = ${classes.id} and cs.student_id = ${user}::uuid)
            else true end`,
        })
        .from(classes)
        .innerJoin(schools, eq(schools.id, classes.schoolId))
        .where(and(eq(classes.schoolId, sql.placeholder('school')), eq(classes.id, sql.placeholder('id'))))
        .prepare(name);
    });
    const [row] = await query.execute({ school: schoolId, id: assignClassId, user: caller.userId, role: caller.roleId });
    if (!row?.visible) throw notFound('Class');
    return {
      ref: { assignClassId: row.assignClassId, masterClass: row.masterClass, className: row.className, section: row.section },
      sessionId: row.sessionId,
      sundayWorking: row.sundayWorking,
    };
  },

  /** Whose week the caller may read: a teacher its own (another id: 404); admins must name one. */
  weekOwner(caller: Caller, teacherId: string | undefined): string | null {
    if (caller.roleId === ROLE.TEACHER) {
      if (teacherId && teacherId !== caller.userId) throw notFound('Teacher');
      return caller.userId;
    }
    return teacherId ?? null;
  },
};
