import type { App } from '../../http/types.js';
import setupRoutes from './setup.routes.js';
import recordsRoutes from './records.routes.js';
import studentRoutes from './student.routes.js';
import reportsRoutes from './reports.routes.js';
import onlineRoutes from './online.routes.js';
import lateFeeRoutes from './late-fees.routes.js';
import counterRoutes from './counter.routes.js';
import upiRoutes from './upi.routes.js';
import settlementRoutes from './settlement.routes.js';

/**
 * Fees, in parts of one module (money in paise; totals from the contract's functions):
 * - setup: fee types and class fees (setup.ts);
 * - records: students' fee records, instalment plans, marking paid with gapless receipt numbers,
 *   reversals (records.ts, payments.ts);
 * - student: a student's fees for the school, its parent and itself, and the PDF receipt
 *   (student.ts, receipt-pdf.ts);
 * - reports: the overview, dues, collection and outstanding reports, and the reminder job
 *   (reports.ts, reminders.ts);
 * - online (issue 25): the school's gateway, parents' orders, Checkout's return, the webhook and
 *   refunds (online.ts);
 * - late fees: a session's rule, the daily job that assesses them, waivers (late-fees.ts);
 * - counter: the office's fee counter (issue 25): a student found by name, login id, roll number or
 *   phone, its instalments collected as one batch on one receipt, the day's collection (counter.ts);
 * - UPI without a gateway: the school's UPI id, an instalment's link and QR code, parents'
 *   references and the office's confirmations (upi.ts); the daily settlement (settlement.ts).
 */
export default async function feeRoutes(app: App) {
  await setupRoutes(app);
  await recordsRoutes(app);
  await studentRoutes(app);
  await reportsRoutes(app);
  await onlineRoutes(app);
  await lateFeeRoutes(app);
  await counterRoutes(app);
  await upiRoutes(app);
  await settlementRoutes(app);
}
