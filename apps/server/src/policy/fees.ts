import { sql, type SQL } from 'drizzle-orm';
import { ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { academicsPolicy } from './academics.js';
import { familyWhere, type FamilyStudent } from './family.js';

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
  receiptWhere(caller: Caller, student: FamilyStudent): SQL | undefined {
    if (caller.roleId === ROLE.SYSTEM_ADMIN || caller.roleId === ROLE.PRINCIPAL) return undefined;
    // Any other role than the family never reaches here (the contract), and would see nothing.
    return familyWhere(caller, student) ?? sql`false`;
  },
};
