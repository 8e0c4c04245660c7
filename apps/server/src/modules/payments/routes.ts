import type { App } from '../../http/types.js';
import paymentRoutes from './payments.routes.js';
import onlineRoutes from './online.routes.js';
import counterRoutes from './counter.routes.js';
import upiRoutes from './upi.routes.js';
import settlementRoutes from './settlement.routes.js';

/**
 * Payments of fees, in parts of one module beside fees (fees set up what is owed: fee types, class
 * fees, records, instalment plans, late fees; payments take the money in, through fees' face):
 * - payments: an instalment marked paid with a gapless receipt number, reversals (payments.ts);
 * - online (issue 25): the school's gateway, parents' orders, Checkout's return, the webhook and
 *   refunds (online.ts);
 * - counter: the office's fee counter (issue 25): a student found by name, login id, roll number or
 *   phone, its instalments collected as one batch on one receipt, the day's collection (counter.ts);
 * - UPI without a gateway: the school's UPI id, an instalment's link and QR code, parents'
 *   references and the office's confirmations (upi.ts); the daily settlement (settlement.ts);
 * - reminders: parents told of instalments due soon and overdue, with the UPI link (reminders.ts).
 * The route paths are the spec's and fees' (`api/school/feerecord/emi/paid/:emiId`, …).
 */
export default async function paymentsRoutes(app: App) {
  await paymentRoutes(app);
  await onlineRoutes(app);
  await counterRoutes(app);
  await upiRoutes(app);
  await settlementRoutes(app);
}
