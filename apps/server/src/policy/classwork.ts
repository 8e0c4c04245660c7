import { ROLE } from '@shala/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { classWorks, classes } from '../db/schema.js';
import { notFound } from '../errors.js';

/**
 * Who may see a class's work (spec section 7): admins (112, 113) any class of their school; a
 * teacher (114) a class it is class teacher of or teaches a subject in; a student (116) its own
 * class; a parent (115) a class one of its children is enrolled in. Anyone else: 404 (the work is
 * not disclosed). Written as one condition on the class's id, so a read carries it in its WHERE.
 */
export const classWorkPolicy = {
  visible(caller: Caller, classId: AnyPgColumn | SQL): SQL {
    const me = caller.userId;
    switch (caller.roleId) {
      case ROLE.SYSTEM_ADMIN:
      case ROLE.PRINCIPAL:
        return sql`true`;
      case ROLE.TEACHER:
        return sql`(exists (select 1 from classes c where c.id = ${classId} and c.class_teacher_id = ${me})
          or exists (select 1 from class_subjects x where x.class_id = ${classId} and x.teacher_id = ${me}))`;
      case ROLE.STUDENT:
        return sql`exists (select 1 from class_students cs where cs.class_id = ${classId} and cs.student_id = ${me})`;
      case ROLE.PARENT:
        return sql`exists (select 1 from class_students cs join users s on s.id = cs.student_id
          where cs.class_id = ${classId} and s.parent_user_id = ${me})`;
      default:
        return sql`false`;
    }
  },

  /** A condition on `class_works`: the caller may remove it (the principal any of the school's, a teacher its own). */
  removableWhere(caller: Caller): SQL | undefined {
    return caller.roleId === ROLE.PRINCIPAL ? undefined : eq(classWorks.teacherId, caller.userId);
  },

  /** A class of the school whose work the caller may see (one statement), else 404. */
  async assertVisible(db: DbOrTx, caller: Caller, schoolId: string, assignClassId: string): Promise<void> {
    const [row] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId), this.visible(caller, classes.id)));
    if (!row) throw notFound('Class');
  },
};
