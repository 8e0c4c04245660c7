import { and, eq, sql, type SQL } from 'drizzle-orm';
import { API, ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import { users } from '../db/schema.js';
import { allows } from './index.js';

/**
 * Children's data rights, in one place:
 * - `can`: the roles of each route come from the contract (consent: the parent; the report, the
 *   audit log: admins; export: admins and the parent; erase: the principal);
 * - the scope is the shared `scopeOf` (row-level security holds it in the database);
 * - `studentWhere`: which student rows the caller may act on, as a filter on `users`, so the
 *   check rides on the statement that reads or writes the student (a parent: its own children
 *   only; anyone else's child answers 404, never 403);
 * - the audit of views: a parent's view is recorded of its own child only; the school's staff's
 *   views (112, 113, 114) go in the batched staff log.
 */
export const privacyPolicy = {
  can(caller: Caller, action: 'consent' | 'report' | 'export' | 'erase' | 'audit'): boolean {
    const route = { consent: API.consentGive, report: API.consentReport, export: API.privacyExport, erase: API.privacyErase, audit: API.auditList }[action];
    return allows(route.roles, caller.roleId);
  },

  /** A condition on a viewed student's parent column (`parentOf`): a parent's view counts for its own child only (others: any of the school's). */
  viewedWhere(caller: Caller, parentOf: SQL): SQL {
    return caller.roleId === ROLE.PARENT ? sql`${parentOf} = ${caller.userId}` : sql`true`;
  },

  /** Is the caller the school's staff, whose views of a student's report card or fees the staff log keeps? */
  isStaff(caller: Caller): boolean {
    return caller.roleId === ROLE.SYSTEM_ADMIN || caller.roleId === ROLE.PRINCIPAL || caller.roleId === ROLE.TEACHER;
  },

  studentWhere(caller: Caller, schoolId: string, studentId: string): SQL {
    return and(
      eq(users.id, studentId),
      eq(users.roleId, ROLE.STUDENT),
      eq(users.schoolId, schoolId),
      caller.roleId === ROLE.PARENT ? eq(users.parentUserId, caller.userId) : undefined,
    )!;
  },
};
