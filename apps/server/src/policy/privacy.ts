import { and, eq, type SQL } from 'drizzle-orm';
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
 *   only; anyone else's child answers 404, never 403).
 */
export const privacyPolicy = {
  can(caller: Caller, action: 'consent' | 'report' | 'export' | 'erase' | 'audit'): boolean {
    const route = { consent: API.consentGive, report: API.consentReport, export: API.privacyExport, erase: API.privacyErase, audit: API.auditList }[action];
    return allows(route.roles, caller.roleId);
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
