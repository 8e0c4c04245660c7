import type { App } from '../../http/types.js';
import setupRoutes from './setup.routes.js';
import recordsRoutes from './records.routes.js';
import studentRoutes from './student.routes.js';
import reportsRoutes from './reports.routes.js';
import lateFeeRoutes from './late-fees.routes.js';

/**
 * Fees, in parts of one module (money in paise; totals from the contract's functions):
 * - setup: fee types and class fees (setup.ts);
 * - records: students' fee records and instalment plans (records.ts, instalments.ts);
 * - student: a student's fees for the school, its parent and itself, and the PDF receipt
 *   (student.ts, receipt-pdf.ts);
 * - reports: the overview, dues, collection and outstanding reports (reports.ts);
 * - late fees: a session's rule, the daily job that assesses them, waivers (late-fees.ts).
 * Taking the money in (marking paid, reversals, online payments, the counter, UPI, the settlement,
 * reminders) is modules/payments, which uses fees' face (index.ts); fees import nothing of it.
 */
export default async function feeRoutes(app: App) {
  await setupRoutes(app);
  await recordsRoutes(app);
  await studentRoutes(app);
  await reportsRoutes(app);
  await lateFeeRoutes(app);
}
