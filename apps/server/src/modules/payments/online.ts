import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { GatewaySettings, PayOrder, PayOrderInput, PayResult, PayVerifyInput, RazorpaySettingsInput, StudentFees } from '@shala/contract';
import type { AppJob, Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { feeOrders, feePayments, paymentSettings } from '../../db/schema.js';
import { AppError, notFound, secretsKeyMissing } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { paymentsPolicy } from '../../policy/payments.js';
import { asPlatform, inTenant, tenantDb } from '../../db/scope.js';
import { openSecret, sealSecret, secretHint } from '../../adapters/secrets.js';
import { trusted, webhookUntrusted } from '../../http/webhook.js';
import {
  GatewayError,
  parseRazorpayWebhook,
  verifyCheckoutSignature,
  type RawWebhookRequest,
  type RazorpayCredentials,
  type RazorpayPayment,
  type RazorpayRefund,
} from '../../adapters/payments/index.js';
import { localDate } from '../calendar/index.js';
import { afterCommit } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { now, nowMs } from '../../clock.js';
import { notPaid, writePayments, writeReversal } from './payments.js';
import { loadStudentFees, lockInstalments } from '../fees/index.js';
import { rowsOf } from '../../db/rows.js';
import { publicBase } from '../../config.js';

/**
 * Fees paid online (issue 25). Each school is its own Razorpay merchant: its keys are sealed in
 * `payment_settings` (SECRETS_KEY, under the school's own context) and given to the client on each
 * call. A parent's payment:
 *
 * 1. `POST /api/fee/pay/order`: an order at the gateway for exactly the chosen instalments' amounts
 *    and late fees, stored with those lines (`fee_orders`). No lock is held across the gateway call:
 *    the row is reserved first (`opening`), so the same lines asked again reuse it, and a payer
 *    opens only a few new orders in ten minutes (issue 39).
 * 2. Checkout takes the money; its return (`/verify`, signature checked with the key secret, the
 *    payment fetched) and the `payment.captured` webhook (signature of the raw body with the
 *    webhook secret) both end in `settle`, whichever comes first; the other finds it done.
 * 3. `settle` locks the order row, then the instalments (`lockInstalments`: the record, then the
 *    instalments), and pays them all through `writePayments` (gapless receipts, one batch: the
 *    order) — or none: when an instalment was paid meanwhile (another tab, the counter), replaced
 *    by a new plan, or the amount captured is not the order's, the order is `unmatched` and its
 *    money waits for the principal's refund. A late fee that changed after the order was opened is
 *    taken as the order quoted it (the parent paid what Shala asked).
 *
 * Lock order: the order row, then the record's (never the other way round: no other path locks an
 * order).
 */

type Scope = string;
const contextOf = (schoolId: string) => `payments:${schoolId}`;
/** New gateway orders a payer may open in a window (asking again for the same lines reuses the open one). */
const ORDERS_PER_WINDOW = 5;
const ORDER_WINDOW_MS = 10 * 60_000;
/** How long a request waits for another opening the same order, how often it looks, and when a reservation counts as abandoned. */
const OPENING_WAIT_MS = 30_000;
const OPENING_POLL_MS = 100;
const OPENING_STALE_MS = 60_000;
/** How many times a gateway call that failed for a passing reason is made again, and the waits between. */
const RETRY_WAITS_MS = [200, 800];

interface Gateway extends RazorpayCredentials {
  webhookSecret: string;
  demo: boolean;
  hookToken: string;
}

const notSet = () => new AppError('CONFLICT', 'This school takes no payments online.', { reason: 'payments_not_set' });
const unavailable = () => new AppError('UNAVAILABLE', 'The payment gateway cannot be reached. Try again in a few minutes.', { reason: 'gateway_unavailable' });
const unverified = () => new AppError('BAD_REQUEST', 'This payment could not be verified.', { reason: 'payment_unverified' });

function openGateway(deps: Pick<Deps, 'secretsKey'>, row: typeof paymentSettings.$inferSelect): Gateway | null {
  // The demo school's keys point at nothing real and hold no secret: a demo trusts and calls nothing.
  if (row.demo && row.razorpayKeyId && row.hookToken) return { keyId: row.razorpayKeyId, keySecret: '', webhookSecret: '', demo: true, hookToken: row.hookToken };
  if (!row.razorpayKeyId || !row.secrets || !row.hookToken) return null;
  const secrets = JSON.parse(openSecret(row.secrets, deps.secretsKey, contextOf(row.schoolId))) as { keySecret: string; webhookSecret: string };
  return { keyId: row.razorpayKeyId, keySecret: secrets.keySecret, webhookSecret: secrets.webhookSecret, demo: row.demo, hookToken: row.hookToken };
}

async function gatewayOf(deps: Pick<Deps, 'data' | 'secretsKey'>, db: DbOrTx, schoolId: Scope): Promise<Gateway | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.schoolId, schoolId));
  return row ? openGateway(deps, row) : null;
}

/** The school's gateway to call: none (or unreadable) 409 `payments_not_set`, the demo's 409 `payments_demo`. */
async function live(deps: Pick<Deps, 'data' | 'secretsKey'>, db: DbOrTx, schoolId: Scope): Promise<Gateway> {
  const gateway = await gatewayOf(deps, db, schoolId).catch(() => null);
  if (!gateway) throw notSet();
  if (gateway.demo) throw new AppError('CONFLICT', 'This is a demo school: its payment keys point at nothing real.', { reason: 'payments_demo' });
  return gateway;
}

/** A gateway call, made again after a passing failure (network, 5xx, 429); a lasting one is 503 `gateway_unavailable`. */
async function withRetry<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      if (!err.retryable || attempt >= RETRY_WAITS_MS.length) throw err.retryable ? unavailable() : new AppError('CONFLICT', `The gateway refused: ${err.message}`, { reason: 'gateway_refused' });
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAITS_MS[attempt]));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Settings

function present(config: Deps['config'], row: typeof paymentSettings.$inferSelect | undefined): GatewaySettings {
  if (!row?.razorpayKeyId || !row.hookToken) return { razorpay: null };
  return {
    razorpay: {
      keyId: row.razorpayKeyId,
      mode: row.razorpayKeyId.startsWith('rzp_live_') ? 'live' : 'test',
      secretHint: row.secretHint ?? '',
      // Whole, from PUBLIC_URL: the address Razorpay's servers reach, not the one the principal's browser happens to use.
      webhookUrl: `${publicBase(config)}/api/hooks/razorpay?account=${row.hookToken}`,
      demo: row.demo,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/** `GET /api/school/paymentsettings`: the school's gateway, secrets as a hint only. */
export async function getGatewaySettings(deps: Pick<Deps, 'data' | 'config'>, caller: Caller): Promise<GatewaySettings> {
  const schoolId = scopeOf(caller);
  const [row] = await tenantDb(deps, schoolId).select().from(paymentSettings).where(eq(paymentSettings.schoolId, schoolId));
  return present(deps.config, row);
}

/**
 * `PUT /api/school/paymentsettings/razorpay`: the school's keys, sealed; a new hook token (the
 * webhook URL to register changes with the keys). Other columns (UPI) stay. `demo` is for the demo
 * seed only.
 */
export async function saveRazorpay(deps: Pick<Deps, 'data' | 'secretsKey' | 'config'>, caller: Pick<Caller, 'userId' | 'schoolId' | 'roleId'>, input: RazorpaySettingsInput, opts: { demo?: boolean } = {}): Promise<GatewaySettings> {
  const schoolId = scopeOf(caller as Caller);
  if (!deps.secretsKey) throw secretsKeyMissing();
  const secrets = sealSecret(JSON.stringify({ keySecret: input.keySecret, webhookSecret: input.webhookSecret }), deps.secretsKey, contextOf(schoolId));
  const values = {
    razorpayKeyId: input.keyId,
    secrets,
    secretHint: secretHint(input.keySecret),
    hookToken: randomBytes(24).toString('base64url'),
    demo: opts.demo ?? false,
    updatedBy: caller.userId,
    updatedAt: now(),
  };
  const [row] = await tenantDb(deps, schoolId)
    .insert(paymentSettings)
    .values({ schoolId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.schoolId, set: values })
    .returning();
  return present(deps.config, row);
}

/** `DELETE /api/school/paymentsettings/razorpay`: no more "Pay now"; without the keys, no webhook is trusted either. */
export async function removeRazorpay(deps: Pick<Deps, 'data'>, caller: Caller): Promise<GatewaySettings> {
  const schoolId = scopeOf(caller);
  await tenantDb(deps, schoolId)
    .update(paymentSettings)
    .set({ razorpayKeyId: null, secrets: null, secretHint: null, hookToken: null, demo: false, updatedBy: caller.userId, updatedAt: now() })
    .where(eq(paymentSettings.schoolId, schoolId));
  return { razorpay: null };
}

// ---------------------------------------------------------------------------------------------
// Orders

interface DueLine {
  id: string;
  seq: number;
  amount: number;
  paid: boolean;
  lateFee: number;
  studentId: string;
  sessionId: string;
  firstName: string;
  lastName: string;
  loginId: string;
  schoolName: string;
}

/**
 * `POST /api/fee/pay/order`: an order at the gateway for due instalments of one child. Asked again
 * for the same instalments and amounts (a second tap, a reload, another tab), the caller's open
 * order is answered again and the gateway is not called (`fee_orders_open_uq`); at most
 * `ORDERS_PER_WINDOW` new orders per caller in `ORDER_WINDOW_MS` (429 `pay_orders_too_many`):
 * each is a call on the school's keys.
 */
export async function createPayOrder(deps: Pick<Deps, 'data' | 'secretsKey' | 'payments' | 'config'>, caller: Caller, body: PayOrderInput): Promise<PayOrder> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const ids = [...new Set(body.emiIds)];
  const lines = rowsOf<DueLine>(
    await db.execute(sql`
      select i.id, i.seq, i.amount::float8 as amount, i.paid, coalesce(lf.amount, 0)::float8 as "lateFee", r.student_id as "studentId", r.session_id as "sessionId",
        u.first_name as "firstName", u.last_name as "lastName", u.login_id as "loginId", s.name as "schoolName"
      from fee_instalments i
      join fee_records r on r.school_id = i.school_id and r.id = i.fee_record_id
      join users u on u.id = r.student_id
      join schools s on s.id = i.school_id
      left join fee_late_fees lf on lf.school_id = i.school_id and lf.instalment_id = i.id and lf.waived_at is null
      where i.school_id = ${schoolId} and i.id = any(${sql.param(ids)}::uuid[])
        and ${paymentsPolicy.payableWhere(caller, { parentOf: sql`u.parent_user_id`, studentId: sql`r.student_id` })}
      order by i.seq`),
  );
  // Not the school's, or not the caller's child (the policy's condition): not disclosed.
  if (lines.length !== ids.length) throw notFound('Instalment');
  if (new Set(lines.map((l) => l.studentId)).size > 1 || new Set(lines.map((l) => l.sessionId)).size > 1) {
    throw new AppError('BAD_REQUEST', 'Pay the instalments of one student at a time.', { reason: 'emi_records_differ' });
  }
  if (lines.some((l) => l.paid)) throw new AppError('CONFLICT', 'This instalment is paid already.', { reason: 'emi_paid' });
  const gateway = await live(deps, db, schoolId);

  const first = lines[0]!;
  const amount = lines.reduce((sum, l) => sum + l.amount + l.lateFee, 0);
  const seqs = lines.map((l) => l.seq).join(',');
  const orderLines = lines.map((l) => ({ emiId: l.id, amount: l.amount, lateFee: l.lateFee }));
  const linesKey = orderLines.map((l) => `${l.emiId}:${l.amount}:${l.lateFee}`).join(',');
  const answer = (row: Pick<OrderRow, 'id'> & { gatewayOrderId: string }): PayOrder => ({
    orderId: row.id,
    gatewayOrderId: row.gatewayOrderId,
    keyId: gateway.keyId,
    amount,
    currency: 'INR',
    schoolName: first.schoolName,
    description: `${fullName(first)} · ${seqs}`,
    student: { userId: first.studentId, fullName: fullName(first) },
    checkoutUrl: deps.config.RAZORPAY_CHECKOUT_URL,
    lines: lines.map((l) => ({ emiId: l.id, seq: l.seq, amount: l.amount, lateFee: l.lateFee })),
  });

  // The caller's open order of these lines is reused, or this request reserves one (status
  // `opening`) and alone asks the gateway; a request that finds another opening it waits for it.
  const waitUntil = performance.now() + OPENING_WAIT_MS;
  let orderId: string;
  for (;;) {
    const step = await inTenant(deps, schoolId, async (tx) => {
      // One caller's order requests one at a time (a short lock: never held across the gateway call).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fee_order:${caller.userId}`}, 0))`);
      const [open] = await tx
        .select({ id: feeOrders.id, gatewayOrderId: feeOrders.gatewayOrderId, createdAt: feeOrders.createdAt })
        .from(feeOrders)
        .where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.createdBy, caller.userId), eq(feeOrders.linesKey, linesKey), inArray(feeOrders.status, ['opening', 'created', 'failed'])))
        .orderBy(desc(feeOrders.createdAt))
        .limit(1);
      if (open && (open.gatewayOrderId || open.createdAt.getTime() > nowMs() - OPENING_STALE_MS)) return { open };
      // A reservation a crash left behind (older than any gateway call) is given up.
      if (open) await tx.delete(feeOrders).where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.id, open.id), eq(feeOrders.status, 'opening')));
      const [recent] = await tx
        .select({ n: count() })
        .from(feeOrders)
        .where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.createdBy, caller.userId), gt(feeOrders.createdAt, new Date(nowMs() - ORDER_WINDOW_MS))));
      if (recent!.n >= ORDERS_PER_WINDOW) {
        throw new AppError('RATE_LIMITED', 'Too many payments were started in a short time.', { reason: 'pay_orders_too_many', params: { minutes: ORDER_WINDOW_MS / 60_000 } });
      }
      const [reserved] = await tx
        .insert(feeOrders)
        .values({ schoolId, sessionId: first.sessionId, studentId: first.studentId, gatewayOrderId: null, amount, lines: orderLines, linesKey, status: 'opening', createdBy: caller.userId, createdAt: now() })
        .returning({ id: feeOrders.id });
      return { reserved: reserved!.id };
    });
    if (step.reserved) {
      orderId = step.reserved;
      break;
    }
    if (step.open!.gatewayOrderId) return answer({ id: step.open!.id, gatewayOrderId: step.open!.gatewayOrderId });
    if (performance.now() > waitUntil) throw unavailable();
    await new Promise((resolve) => setTimeout(resolve, OPENING_POLL_MS));
  }

  let order: Awaited<ReturnType<Deps['payments']['razorpay']['createOrder']>>;
  try {
    order = await withRetry(() =>
      deps.payments.razorpay.createOrder(
        { amountPaise: amount, receipt: orderId, notes: { school: first.schoolName.slice(0, 200), student: first.loginId, instalments: seqs } },
        gateway,
      ),
    );
  } catch (err) {
    // No gateway order: the reservation goes, and the next request asks again.
    await db.delete(feeOrders).where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.id, orderId), eq(feeOrders.status, 'opening')));
    throw err;
  }
  await db
    .update(feeOrders)
    .set({ gatewayOrderId: order.id, status: 'created' })
    .where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.id, orderId)));
  return answer({ id: orderId, gatewayOrderId: order.id });
}

type OrderRow = typeof feeOrders.$inferSelect;

/** An order's outcome with its receipts (paid: the payments of its batch). */
async function resultOf(db: DbOrTx, schoolId: Scope, order: OrderRow): Promise<PayResult> {
  const receipts =
    order.status === 'paid'
      ? await db
          .select({ paymentId: feePayments.id, receiptNo: feePayments.receiptNo, amount: feePayments.amount, lateFee: feePayments.lateFee, seq: feePayments.seq })
          .from(feePayments)
          .where(and(eq(feePayments.schoolId, schoolId), eq(feePayments.batchId, order.id)))
          .orderBy(feePayments.receiptNo)
      : [];
  return { orderId: order.id, status: order.status as PayResult['status'], amount: order.amount, batchId: order.status === 'paid' ? order.id : null, receipts, reason: order.reason };
}

/**
 * Ends an order with a captured payment, once: its instalments paid through `writePayments`
 * (receipts, the bell) or, when the money no longer matches a due, the order `unmatched` for a
 * refund. A second call (the webhook after Checkout's return, a replay) finds it settled.
 */
async function settle(deps: Pick<Deps, 'data' | 'realtime' | 'outbox'>, schoolId: Scope, orderId: string, payment: RazorpayPayment): Promise<PayResult> {
  const { via: later, flush } = afterCommit(deps);
  const result = await inTenant(deps, schoolId, async (tx) => {
    const [order] = await tx.select().from(feeOrders).where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.id, orderId))).for('update');
    if (!order) throw notFound('Order');
    if (order.status === 'paid' || order.status === 'unmatched' || order.status === 'refunded') return resultOf(tx, schoolId, order);
    if (payment.status === 'failed') {
      const [failed] = await tx.update(feeOrders).set({ status: 'failed', gatewayPaymentId: payment.id, method: payment.method }).where(eq(feeOrders.id, order.id)).returning();
      return resultOf(tx, schoolId, failed!);
    }
    if (payment.status !== 'captured') return resultOf(tx, schoolId, order);

    const settled = { gatewayPaymentId: payment.id, method: payment.method, paidAt: now() };
    // Money in another currency (an international card in USD) is not the order's, whatever its number.
    let reason: string | null = payment.amountPaise !== order.amount || payment.currency !== 'INR' || payment.orderId !== order.gatewayOrderId ? 'amount_mismatch' : null;
    let insts: Awaited<ReturnType<typeof lockInstalments>> = [];
    if (!reason) {
      try {
        insts = await lockInstalments(tx, schoolId, order.lines.map((l) => l.emiId));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reason = 'emi_replaced';
      }
    }
    if (!reason) {
      for (const inst of insts) {
        const line = order.lines.find((l) => l.emiId === inst.id)!;
        if (inst.paid) reason = 'emi_paid';
        else if (inst.amount !== line.amount) reason = 'amount_changed';
      }
    }
    if (reason) {
      const [unmatched] = await tx.update(feeOrders).set({ status: 'unmatched', reason, ...settled }).where(eq(feeOrders.id, order.id)).returning();
      return resultOf(tx, schoolId, unmatched!);
    }
    await writePayments(later, tx, schoolId, insts, {
      mode: 'online',
      reference: payment.id,
      paidOn: localDate(insts[0]!.timeZone),
      receivedBy: null,
      batchId: order.id,
      // The late fee the order quoted is the one paid, whatever the job or a waiver did since.
      lateFees: new Map(order.lines.map((l) => [l.emiId, l.lateFee])),
      orderId: order.id,
    });
    const [paid] = await tx.update(feeOrders).set({ status: 'paid', reason: null, ...settled }).where(eq(feeOrders.id, order.id)).returning();
    return resultOf(tx, schoolId, paid!);
  });
  flush();
  return result;
}

/** The caller's own order (the one who opened it), else 404. */
async function ownOrder(db: DbOrTx, schoolId: Scope, caller: Caller, orderId: string): Promise<OrderRow & { gatewayOrderId: string }> {
  const [order] = await db
    .select()
    .from(feeOrders)
    .where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.id, orderId), eq(feeOrders.createdBy, caller.userId), isNotNull(feeOrders.gatewayOrderId)));
  if (!order?.gatewayOrderId) throw notFound('Order');
  return { ...order, gatewayOrderId: order.gatewayOrderId };
}

/**
 * `POST /api/fee/pay/verify`: Checkout's return. The signature must be Razorpay's over the stored
 * order id and the payment id (400 `payment_unverified`, nothing changed); the payment is then
 * fetched from the gateway (its amount and status are the gateway's word, not the browser's),
 * captured when only authorised, and settled.
 */
export async function verifyPayment(deps: Pick<Deps, 'data' | 'realtime' | 'outbox' | 'secretsKey' | 'payments'>, caller: Caller, body: PayVerifyInput): Promise<PayResult> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const order = await ownOrder(db, schoolId, caller, body.orderId);
  const gateway = await live(deps, db, schoolId);
  const checkout = { orderId: order.gatewayOrderId, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature };
  if (body.razorpay_order_id !== order.gatewayOrderId || !verifyCheckoutSignature(checkout, gateway.keySecret)) throw unverified();
  if (order.status !== 'created' && order.status !== 'failed') return resultOf(db, schoolId, order);
  let payment = await withRetry(() => deps.payments.razorpay.fetchPayment(checkout.paymentId, gateway));
  if (payment.orderId !== order.gatewayOrderId) throw unverified();
  // Only rupees are captured: money in another currency is left authorised (the gateway releases it) and never settles an order.
  if (payment.status === 'authorized' && payment.currency === 'INR') payment = await withRetry(() => deps.payments.razorpay.capture(payment.id, payment.amountPaise, gateway));
  return settle(deps, schoolId, order.id, payment);
}

/** `GET /api/fee/pay/order/:orderId`: the caller's order as it stands (the screen asks after Checkout closed). */
export async function payOrderResult(deps: Pick<Deps, 'data'>, caller: Caller, orderId: string): Promise<PayResult> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  return resultOf(db, schoolId, await ownOrder(db, schoolId, caller, orderId));
}

// ---------------------------------------------------------------------------------------------
// The webhook

/**
 * `POST /api/hooks/razorpay?account=<hook token>`: the school is found by the token of its webhook
 * URL, then the body is trusted only with a valid signature under its webhook secret (anything else:
 * 400 `webhook_untrusted`, nothing read). A captured payment (or a paid order) settles its order;
 * a failed one marks a still open order failed (a later capture still settles it); refunds update
 * the payment that was refunded. Each is idempotent, so Razorpay's retries and replays change
 * nothing more.
 */
export async function razorpayEvents(deps: Pick<Deps, 'data' | 'realtime' | 'outbox' | 'secretsKey'>, token: string | undefined, req: RawWebhookRequest): Promise<{ event: string; status?: string }> {
  const [row] = token ? await asPlatform(deps).select().from(paymentSettings).where(eq(paymentSettings.hookToken, token)) : [];
  let gateway: Gateway | null;
  try {
    gateway = row ? openGateway(deps, row) : null;
  } catch {
    // Sealed under another SECRETS_KEY: nothing of this school's can be checked.
    gateway = null;
  }
  if (!row || !gateway || gateway.demo) throw webhookUntrusted('Not a webhook of a known school.');
  const schoolId = row.schoolId;
  const signature = req.headers['x-razorpay-signature'];
  const event = trusted(() =>
    parseRazorpayWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body), Array.isArray(signature) ? signature[0] : signature, gateway.webhookSecret),
  );
  const db = tenantDb(deps, schoolId);
  switch (event.event) {
    case 'payment.captured':
    case 'payment.failed':
    case 'order.paid': {
      const gatewayOrderId = event.payment.orderId;
      const [order] = gatewayOrderId ? await db.select({ id: feeOrders.id }).from(feeOrders).where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.gatewayOrderId, gatewayOrderId))) : [];
      // A payment of another of the merchant's orders (not Shala's): nothing to do.
      if (!order) return { event: event.event };
      const result = await settle(deps, schoolId, order.id, event.payment);
      return { event: event.event, status: result.status };
    }
    case 'refund.processed':
    case 'refund.failed':
      await applyRefund(db, schoolId, event.refund);
      return { event: event.event };
    default:
      return { event: event.name };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A refund's outcome on the payment refunded: found by the refund's id, or, for a refund whose
 * answer never reached Shala (recorded pending without an id), by the payment its notes name.
 */
async function applyRefund(db: DbOrTx, schoolId: Scope, refund: RazorpayRefund): Promise<void> {
  const [known] = await db
    .update(feePayments)
    .set({ refundStatus: refund.status })
    .where(and(eq(feePayments.schoolId, schoolId), eq(feePayments.refundId, refund.id)))
    .returning({ id: feePayments.id });
  const receipt = refund.notes.receipt;
  if (known || !receipt || !UUID.test(receipt)) return;
  await db
    .update(feePayments)
    .set({ refundId: refund.id, refundStatus: refund.status })
    .where(and(eq(feePayments.schoolId, schoolId), eq(feePayments.id, receipt), isNull(feePayments.refundId), eq(feePayments.refundStatus, 'pending')));
}

// ---------------------------------------------------------------------------------------------
// Refunds

/**
 * `POST /api/school/feerecord/emi/reverse/:emiId` with `refund`: reverses the live online payment
 * of an instalment and refunds it at the gateway, whole (its amount and late fee) or `amount`
 * paise of it (more: 400 `refund_too_much`). In one transaction, under the record's and the
 * instalment's lock (`lockInstalments`, the lock every payment and reversal takes), the instalment
 * is checked still paid (409 `emi_not_paid`: a reversal that raced this one won), its payment
 * online (409 `payment_not_online`), and the reversal is written with the refund `pending`; only
 * after that commits is the gateway asked (no lock held across the call), so a refund never goes
 * out unrecorded. Its answer settles the refund: its id and status, or `failed` when the gateway
 * refuses. A gateway that cannot be reached leaves it `pending` without an id: the refund's
 * idempotency key is the payment's id and its notes name the payment, so the refund webhook,
 * should the gateway have made it, settles it (`applyRefund`), and the refunds job asks again
 * (`retryPendingRefunds`).
 */
export async function reverseWithRefund(
  deps: Pick<Deps, 'data' | 'secretsKey' | 'payments'>,
  caller: Caller,
  emiId: string,
  body: { reason: string; refund: { amount?: number } },
): Promise<StudentFees> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const reversed = await inTenant(deps, schoolId, async (tx) => {
    // Another school's instalment is a 404 before anything is said of this school's gateway.
    const inst = (await lockInstalments(tx, schoolId, [emiId]))[0]!;
    if (!inst.paid) throw notPaid();
    const [paid] = await tx
      .select({ id: feePayments.id, mode: feePayments.mode, amount: feePayments.amount, lateFee: feePayments.lateFee, gatewayPaymentId: feeOrders.gatewayPaymentId })
      .from(feePayments)
      .leftJoin(feeOrders, and(eq(feeOrders.schoolId, feePayments.schoolId), eq(feeOrders.id, feePayments.orderId)))
      .where(and(eq(feePayments.schoolId, schoolId), eq(feePayments.instalmentId, emiId), isNull(feePayments.reversedAt)));
    if (!paid) throw notPaid();
    if (paid.mode !== 'online' || !paid.gatewayPaymentId) throw new AppError('CONFLICT', 'This payment was not made online: there is nothing to refund at the gateway.', { reason: 'payment_not_online' });
    const whole = paid.amount + paid.lateFee;
    const amount = body.refund.amount ?? whole;
    if (amount > whole) throw new AppError('BAD_REQUEST', 'A refund cannot be more than the payment.', { reason: 'refund_too_much', field: 'refund.amount', params: { max: whole } });
    const gateway = await live(deps, tx, schoolId);
    const paymentId = await writeReversal(tx, schoolId, caller, inst, body.reason, { refundId: null, amount, status: 'pending' });
    return { paymentId, gateway, gatewayPaymentId: paid.gatewayPaymentId, amount, studentId: inst.studentId, sessionId: inst.sessionId };
  });

  await askRefund(deps, db, schoolId, reversed.gateway, { paymentId: reversed.paymentId, gatewayPaymentId: reversed.gatewayPaymentId, amount: reversed.amount });
  return loadStudentFees(db, schoolId, reversed.studentId, reversed.sessionId);
}

/**
 * Asks the gateway for a refund recorded pending and writes its answer: its id and status, or
 * `failed` when the gateway refuses (for the office to refund by other means); unreachable, it
 * stays pending. The idempotency key is the payment's id, so asking again never refunds twice.
 * Answers whether the gateway answered.
 */
async function askRefund(
  deps: Pick<Deps, 'payments'>,
  db: DbOrTx,
  schoolId: Scope,
  gateway: Gateway,
  refund: { paymentId: string; gatewayPaymentId: string; amount: number },
): Promise<boolean> {
  let settled: { refundId: string | null; status: RazorpayRefund['status'] } = { refundId: null, status: 'pending' };
  try {
    const made = await withRetry(() =>
      deps.payments.razorpay.refund(refund.gatewayPaymentId, { amountPaise: refund.amount, idempotencyKey: `shala-${refund.paymentId}`, notes: { receipt: refund.paymentId } }, gateway),
    );
    settled = { refundId: made.id, status: made.status };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.detail.reason === 'gateway_refused') settled = { refundId: null, status: 'failed' };
  }
  // The refund webhook may have settled it first: a status it wrote is not taken back to pending.
  await db
    .update(feePayments)
    .set({
      refundId: sql`coalesce(${feePayments.refundId}, ${settled.refundId}::text)`,
      refundStatus: sql`case when ${feePayments.refundStatus} = 'pending' then ${settled.status}::text else ${feePayments.refundStatus} end`,
    })
    .where(and(eq(feePayments.schoolId, schoolId), eq(feePayments.id, refund.paymentId)));
  // Whether the gateway answered (made it, or refused it for good).
  return settled.refundId !== null || settled.status === 'failed';
}

/** How long a refund stays pending without the gateway's id before the job asks again (the request's own call is long done). */
const REFUND_RETRY_AFTER_MS = 5 * 60_000;
/** Refunds asked again in one run, oldest first (the next run takes the rest). */
const REFUND_RETRY_BATCH = 50;

/**
 * The refunds the gateway could not be reached for (pending, no refund id, reversed more than five
 * minutes ago) are asked for again, every school's, oldest first, a batch a run: with the same
 * idempotency key, so a refund the gateway did make is answered again, not made twice. A school
 * whose keys no longer open (or a demo school) is left for the office.
 */
export async function retryPendingRefunds(deps: Pick<Deps, 'data' | 'secretsKey' | 'payments'>): Promise<{ asked: number; settled: number }> {
  const before = new Date(nowMs() - REFUND_RETRY_AFTER_MS).toISOString();
  const rows = await asPlatform(deps)
    .select({ paymentId: feePayments.id, schoolId: feePayments.schoolId, amount: feePayments.refundAmount, gatewayPaymentId: feeOrders.gatewayPaymentId })
    .from(feePayments)
    .innerJoin(feeOrders, and(eq(feeOrders.schoolId, feePayments.schoolId), eq(feeOrders.id, feePayments.orderId)))
    .where(and(eq(feePayments.refundStatus, 'pending'), isNull(feePayments.refundId), sql`${feePayments.reversedAt} < ${before}::timestamptz`))
    .orderBy(feePayments.reversedAt)
    .limit(REFUND_RETRY_BATCH);
  let settled = 0;
  for (const row of rows) {
    if (!row.gatewayPaymentId || row.amount == null) continue;
    const db = tenantDb(deps, row.schoolId);
    const gateway = await live(deps, db, row.schoolId).catch(() => null);
    if (!gateway) continue;
    if (await askRefund(deps, db, row.schoolId, gateway, { paymentId: row.paymentId, gatewayPaymentId: row.gatewayPaymentId, amount: row.amount })) settled++;
  }
  return { asked: rows.length, settled };
}

/** The refunds left pending by an unreachable gateway, asked again every 10 minutes and at start. */
export const REFUND_RETRY_JOB: AppJob = {
  name: 'refund-retry',
  cron: '*/10 * * * *',
  atStart: true,
  run: (deps) => retryPendingRefunds(deps),
};

/**
 * `POST /api/school/feeorders/:orderId/refund`: the money of an unmatched order goes back to the
 * payer, whole (409 `order_not_unmatched` for any other order). Idempotent at the gateway by the
 * order's id.
 */
export async function refundOrder(deps: Pick<Deps, 'data' | 'secretsKey' | 'payments'>, caller: Caller, orderId: string): Promise<PayResult> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const [order] = await db.select().from(feeOrders).where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.id, orderId)));
  if (!order) throw notFound('Order');
  if (order.status !== 'unmatched' || !order.gatewayPaymentId) throw new AppError('CONFLICT', 'Only money that matched no due is refunded here.', { reason: 'order_not_unmatched' });
  const gateway = await live(deps, db, schoolId);
  const made = await withRetry(() => deps.payments.razorpay.refund(order.gatewayPaymentId!, { idempotencyKey: `shala-${order.id}`, notes: { order: order.id } }, gateway));
  const [refunded] = await db
    .update(feeOrders)
    .set({ status: 'refunded', refundId: made.id })
    .where(and(eq(feeOrders.schoolId, schoolId), eq(feeOrders.id, order.id), eq(feeOrders.status, 'unmatched')))
    .returning();
  return resultOf(db, schoolId, refunded ?? order);
}
