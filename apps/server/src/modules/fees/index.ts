// What other modules use of fees (its face besides routes.ts): a student's standing in fees, as
// certificates state it (standing.ts).
export { feeStanding, tuitionPaid, type FeeStanding, type TuitionPayment } from './standing.js';
