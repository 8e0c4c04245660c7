// What other modules use of fees (its face besides routes.ts): the lock of a record's instalments,
// the school's today in SQL, and a student's fees and payments as the API shows them, which
// payments (modules/payments) write and answer with.
export { schoolToday } from './records.js';
export { lockInstalments, type LockedInstalment } from './instalments.js';
export { loadStudentFees, presentPayment } from './student.js';
