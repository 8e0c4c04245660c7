import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLE } from '@shala/contract';
import type { Caller } from '../context.js';

/** A student as a statement names it: its id and its parent column. */
export interface FamilyStudent {
  studentId: AnyPgColumn | SQL;
  parentOf: AnyPgColumn | SQL;
}

/**
 * A condition on a student: it is the caller's family, a parent's (115) child or a student (116)
 * itself; null for any other role (the staff's rules are each resource's). The one family rule
 * the fees, payments and certificates policies share.
 */
export function familyWhere(caller: Caller, student: FamilyStudent): SQL | null {
  switch (caller.roleId) {
    case ROLE.PARENT:
      return sql`${student.parentOf} = ${caller.userId}`;
    case ROLE.STUDENT:
      return sql`${student.studentId} = ${caller.userId}`;
    default:
      return null;
  }
}
