import { and, eq, type SQL } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import { API, ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import { users } from '../db/schema.js';
import { notFound } from '../errors.js';
import { allows } from './index.js';

/**
 * Who may see and change the calendar. Holidays are the school's, read by every school user; the
 * principal (113, the contract's routes) adds, edits and removes them. A student's month with its
 * attendance: a student only its own (another id answers 404), a parent only its children's,
 * admins and teachers any student of the school; anyone else's child answers 404, as another
 * school's does.
 */
export const calendarPolicy = {
  /** May the caller change holidays? */
  canManage(caller: Caller): boolean {
    return allows(API.holidayCreate.roles, caller.roleId);
  },

  /** Whose month the caller reads: a student its own (another id: 404); the others the one they name, or none. */
  monthStudent(caller: Caller, studentId: string | undefined): string | undefined {
    if (caller.roleId !== ROLE.STUDENT) return studentId;
    if (studentId && studentId !== caller.userId) throw notFound('Student');
    return caller.userId;
  },

  /** The caller reads only its own children's attendance (a parent): the statement differs, so its name does too. */
  childrenOnly(caller: Caller): boolean {
    return caller.roleId === ROLE.PARENT;
  },

  /**
   * A condition on `users`: the student of the school whose attendance the caller may see; with
   * `childrenOnly`, only a child of `parent`. Written with placeholders for a prepared statement.
   */
  studentWhere(childrenOnly: boolean, p: { school: Placeholder; student: Placeholder; parent: Placeholder }): SQL {
    return and(eq(users.schoolId, p.school), eq(users.id, p.student), eq(users.roleId, ROLE.STUDENT), childrenOnly ? eq(users.parentUserId, p.parent) : undefined)!;
  },
};
