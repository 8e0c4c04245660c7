// What other modules use of fees (its face besides routes.ts): the lock of a record's instalments,
// the school's today in SQL, and a student's fees and payments as the API shows them, which
// payments (modules/payments) write and answer with; a session's fees at a glance and a student's
// fees as their routes answer them (the dashboard's one answer).
export { schoolToday } from './records.js';
export { lockInstalments, type LockedInstalment } from './instalments.js';
export { loadStudentFees, presentPayment, studentFeesFor } from './student.js';
export { feeSummary } from './reports.js';
