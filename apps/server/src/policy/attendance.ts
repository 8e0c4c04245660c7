import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ROLE, type ClassRef } from '@shala/contract';
import type { Caller } from '../context.js';
import type { Db, DbOrTx } from '../db/client.js';
import { classSubjects, classes, substitutions } from '../db/schema.js';
import { versionsSql } from '../db/versions.js';
import { prepared } from '../db/prepared.js';
import { classRefColumns } from '../db/class-ref.js';
import { AppError, forbidden, notFound } from '../errors.js';

/** A class as attendance sees it, and what the caller is to it. */
export interface AttendanceClass {
  ref: ClassRef;
  sessionId: string;
  classTeacherId: string | null;
  /** The caller is its class teacher. */
  isClassTeacher: boolean;
  /** The caller teaches one of its subjects. */
  teachesSubject: boolean;
  /** The caller covers the date and period asked for (`at`) as a substitute (issue 42). */
  covers: boolean;
  /** The versions of the keys asked for (db/versions.ts), '' when none were. */
  versions: string;
}

/**
 * The class, whether the caller teaches one of its subjects or covers it on a date and period (a
 * substitution), and (`withVersions`) the versions of the keys asked for: prepared once per handle.
 */
function classQuery(db: DbOrTx, withVersions: boolean) {
  return prepared(db as Db, `attendance_class_${withVersions ? 'versions' : 'plain'}`, (db, name) => {
    const school = sql.placeholder('school');
    return db
      .select({
        ...classRefColumns,
        sessionId: classes.sessionId,
        classTeacherId: classes.classTeacherId,
        teachesSubject: sql<boolean>`exists (select 1 from ${classSubjects} where ${classSubjects.classId} = ${classes.id} and ${classSubjects.teacherId} = ${sql.placeholder('user')})`,
        // Written with an alias: a single-table select renders its columns unqualified, and
        // substitutions has an `id` of its own.
        covers: sql<boolean>`exists (select 1 from ${substitutions} sub where sub.school_id = ${school} and sub.class_id = ${sql.placeholder('id')}
          and sub.date = ${sql.placeholder('date')}::date and sub.period_id = ${sql.placeholder('period')}::uuid and sub.substitute_id = ${sql.placeholder('user')})`,
        versions: withVersions ? versionsSql(sql`${school}`, sql`string_to_array(${sql.placeholder('keys')}, ',')`) : sql<string>`''`,
      })
      .from(classes)
      .where(and(eq(classes.schoolId, school), eq(classes.id, sql.placeholder('id'))))
      .prepare(name);
  });
}

/**
 * Who may read and mark a class's attendance: admins (112, 113) any class of their school; a
 * teacher (114) only a class it is class teacher of or teaches a subject in, or (`at`: a date and
 * period) covers then as a substitute: another class of its school answers 403 (it exists, the
 * teacher may not), another school's class 404. One statement.
 * Which teacher marks which day or period (class teacher daywise, the period's teacher periodwise)
 * is the attendance service's rule on top of this. `versionKeys`: the versions of what a stored
 * read depends on, read in the same statement.
 */
export async function attendanceClass(
  db: DbOrTx,
  caller: Caller,
  schoolId: string,
  assignClassId: string,
  versionKeys: readonly string[] = [],
  at: { date: string; periodId: string | null } | null = null,
): Promise<AttendanceClass> {
  const [row] = await classQuery(db, versionKeys.length > 0).execute({
    school: schoolId,
    id: assignClassId,
    user: caller.userId,
    keys: versionKeys.join(','),
    date: at?.periodId ? at.date : null,
    period: at?.periodId ?? null,
  });
  if (!row) throw notFound('Class');
  const isClassTeacher = row.classTeacherId === caller.userId;
  const covers = row.covers === true;
  if (caller.roleId === ROLE.TEACHER && !isClassTeacher && !row.teachesSubject && !covers) throw forbidden();
  return {
    ref: { assignClassId: row.assignClassId, masterClass: row.masterClass, className: row.className, section: row.section },
    sessionId: row.sessionId,
    classTeacherId: row.classTeacherId,
    isClassTeacher,
    teachesSubject: row.teachesSubject,
    covers,
    versions: row.versions ?? '',
  };
}

/** What the attendance summary shows the caller: the whole school, its own classes, or the family's children. */
export type AttendanceSummaryKind = 'school' | 'classes' | 'children';

/**
 * Who marks, and whose attendance each summary shows:
 * - marking: the principal (113) any class; a teacher (114) daywise as the class teacher,
 *   periodwise as the period's timetable teacher, its substitute that date, or the class teacher; anyone else: 403;
 * - the summary: admins (112, 113) the school's, a teacher the classes it is class teacher of, a
 *   parent (115) its active children's months, a student (116) its own.
 */
export const attendancePolicy = {
  /** Why the caller may not mark this class's day or period (`cellTeacherId`: the period's timetable teacher), or null. */
  roleRefusal(caller: Caller, cls: AttendanceClass, periodId: string | null, cellTeacherId: string | null): AppError | null {
    if (caller.roleId === ROLE.PRINCIPAL) return null;
    if (caller.roleId !== ROLE.TEACHER) return new AppError('FORBIDDEN', 'You are not allowed to do this.');
    if (cls.isClassTeacher) return null;
    if (!periodId) return new AppError('FORBIDDEN', 'Only the class teacher marks the day’s attendance of this class.', { reason: 'not_class_teacher' });
    // `covers` is of the date and period the class was read for (attendanceClass's `at`).
    if (cls.covers) return null;
    if (cellTeacherId !== caller.userId) return new AppError('FORBIDDEN', 'Only the teacher of this period (or the class teacher) marks it.', { reason: 'not_period_teacher' });
    return null;
  },

  /** What the caller's summary shows, or null (nothing but the day). */
  summaryKind(caller: Caller): AttendanceSummaryKind | null {
    switch (caller.roleId) {
      case ROLE.SYSTEM_ADMIN:
      case ROLE.PRINCIPAL:
        return 'school';
      case ROLE.TEACHER:
        return 'classes';
      case ROLE.PARENT:
      case ROLE.STUDENT:
        return 'children';
      default:
        return null;
    }
  },

  /** A condition on a student `users` row (SQL alias `u`): one of the caller's family whose month it sees (a parent's active children, a student itself). */
  childrenWhere(caller: Caller): SQL {
    return caller.roleId === ROLE.PARENT ? sql`u.parent_user_id = ${caller.userId} and u.status` : sql`u.id = ${caller.userId}`;
  },
};
