import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { academicsPolicy } from './academics.js';

/**
 * Who may see a student's fees and receipts (the changes are the contract's: the principal's
 * routes). Admins (112, 113) any student of their school; a parent (115) only its children's; a
 * student (116) only its own. Anyone else, or another family's, answers 404 (not disclosed).
 */
export const feesPolicy = {
  /** A student whose fees the caller may read (one statement), else 404: the class view's rule. */
  assertStudentVisible(db: DbOrTx, caller: Caller, schoolId: string, studentId: string): Promise<void> {
    return academicsPolicy.assertStudentVisible(db, caller, schoolId, studentId);
  },

  /**
   * A condition on a payment's student: the caller may read its receipt. `parentOf` is the
   * student's parent column, `studentId` the record's student; it rides in the receipt's WHERE.
   */
  receiptWhere(caller: Caller, student: { parentOf: AnyPgColumn | SQL; studentId: AnyPgColumn | SQL }): SQL | undefined {
    switch (caller.roleId) {
      case ROLE.SYSTEM_ADMIN:
      case ROLE.PRINCIPAL:
        return undefined;
      case ROLE.PARENT:
        return sql`${student.parentOf} = ${caller.userId}`;
      case ROLE.STUDENT:
        return sql`${student.studentId} = ${caller.userId}`;
      default:
        // Any other role never reaches here (the contract), and would see nothing.
        return sql`false`;
    }
  },
};
