import { sql, type SQL } from 'drizzle-orm';
import { API } from '@shala/contract';
import type { Caller } from '../context.js';
import type { FamilyStudent } from './family.js';
import { feesPolicy } from './fees.js';
import { allows } from './index.js';

/** A payment's student, as its statement names it: the student's id and its parent column. */
export type PaymentStudent = FamilyStudent;

/**
 * Who may pay which fees (issues 23-25), on top of the fees policy (`feesPolicy`: admins any
 * student of their school, a parent its children's, a student its own; anyone else's: 404):
 * - online (the gateway's order) and a UPI reference: the family pays, a parent its children's
 *   instalments, a student its own (the contract's routes: parent, student);
 * - a UPI link and QR code: whoever may see the instalment's fees (admins show it at the office);
 * - the counter, confirming UPI references, the settlement and the payment settings: the roles of
 *   the contract's routes (admins, any student of their school; the keys: the principal).
 * Each rule is a condition on the instalment's student that its statement carries in its WHERE.
 */
export const paymentsPolicy = {
  /** A condition on an instalment's student: the caller may see it to pay (the fees' rule). */
  visibleWhere(caller: Caller, student: PaymentStudent): SQL | undefined {
    return feesPolicy.receiptWhere(caller, student);
  },

  /** A condition on an instalment's student: the caller may pay it online itself (the family: the fees' rule; anyone else: nobody). */
  payableWhere(caller: Caller, student: PaymentStudent): SQL {
    if (!allows(API.payOrderCreate.roles, caller.roleId)) return sql`false`;
    return feesPolicy.receiptWhere(caller, student) ?? sql`false`;
  },
};
