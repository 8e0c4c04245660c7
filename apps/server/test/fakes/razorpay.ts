import { createHmac, randomBytes } from 'node:crypto';
import { jsonOf, postWebhook, startServer, type Answer, type Recorded } from './server.js';

/**
 * A fake Razorpay for tests (issue 25) on 127.0.0.1: one merchant (a school's key id and secret,
 * and its webhook secret) with the endpoints Shala calls, answering in Razorpay's shapes
 * (apps/server/src/payments/razorpay.ts lists the pages they come from):
 * - POST /v1/orders, GET /v1/orders/:id, GET /v1/orders/:id/payments (a collection);
 * - GET /v1/payments/:id, POST /v1/payments/:id/capture, POST /v1/payments/:id/refund (whole or in
 *   part, never beyond what was captured; `X-Refund-Idempotency` answers the same refund again).
 * Every call must carry exactly `Authorization: Basic base64(key_id:key_secret)`, else 401; a bad
 * amount, receipt, notes or field is a 400 `BAD_REQUEST_ERROR` with Razorpay's description, field
 * and reason. It fails on demand (a 500 SERVER_ERROR, a 429, or no answer at all).
 *
 * What the browser and Razorpay do around it: `pay` is a parent paying an order in Checkout (a
 * captured payment, or only authorised; the order then paid or attempted) and returns what Checkout
 * hands back, signed as Razorpay signs it; `decline` is a failed attempt. `deliver` posts a webhook
 * as Razorpay does: the JSON's exact bytes, `X-Razorpay-Signature` (hex HMAC-SHA256 under the
 * webhook secret) and `x-razorpay-event-id`; with a forged or missing signature on demand, and
 * `replay` posts a delivery again as Razorpay's retries do (same bytes, same event id).
 *
 * Razorpay documents no body for its 429 and no `Retry-After`; the fake sends an error object and
 * no header. Times are the fake's own clock (`now`, fixed unless given), never the real one.
 */

type Json = Record<string, unknown>;

export interface FakeRazorpayOrder extends Json {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface FakeRazorpayPayment extends Json {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  vpa: string | null;
  created_at: number;
}

export interface FakeRazorpayRefund extends Json {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

/** What Checkout hands the browser after a successful payment. */
export interface CheckoutResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface Delivery {
  status: number;
  text: string;
  body: string;
  headers: Record<string, string>;
  eventId: string;
}

export type FakeRazorpayEvent = 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed' | 'refund.failed' | 'payment.authorized';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay's ids: a prefix and 14 letters and digits. */
const newId = (prefix: string) => `${prefix}_${[...randomBytes(14)].map((b) => BASE62[b % 62]).join('')}`;

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Razorpay's error object. Validation errors name their field and say `input_validation_failed`. */
function error(status: number, description: string, opts: { code?: string; field?: string } = {}): Answer {
  const validation = opts.field !== undefined;
  return {
    status,
    body: {
      error: {
        code: opts.code ?? 'BAD_REQUEST_ERROR',
        description,
        source: validation ? 'business' : 'NA',
        step: validation ? 'payment_initiation' : 'NA',
        reason: validation ? 'input_validation_failed' : 'NA',
        metadata: {},
        ...(validation ? { field: opts.field } : {}),
      },
    },
  };
}

const badAmount = (amount: unknown, required: boolean): Answer | null => {
  if (amount === undefined) return required ? error(400, 'The amount field is required.', { field: 'amount' }) : null;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return error(400, 'The amount must be an integer.', { field: 'amount' });
  if (amount < 100) return error(400, 'The amount must be at least INR 1.00', { field: 'amount' });
  return null;
};

/** Fields Razorpay does not take are refused by name. */
const extraFields = (body: Json, allowed: readonly string[]): Answer | null => {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  return extra.length ? error(400, `${extra.join(', ')} is/are not required and should not be sent`, { field: extra[0] }) : null;
};

const badNotes = (notes: unknown): Answer | null => {
  if (notes === undefined) return null;
  if (typeof notes !== 'object' || notes === null || Array.isArray(notes)) return error(400, 'The notes must be an array.', { field: 'notes' });
  const values = Object.values(notes as Json);
  if (values.length > 15) return error(400, 'The notes may not have more than 15 items.', { field: 'notes' });
  if (values.some((v) => typeof v !== 'string' || v.length > 256)) return error(400, 'The notes value may not be greater than 256 characters.', { field: 'notes' });
  return null;
};

export async function startFakeRazorpay(opts: { keyId: string; keySecret: string; webhookSecret: string; now?: () => Date; port?: number }) {
  const now = opts.now ?? (() => new Date('2026-11-25T04:30:00Z'));
  const seconds = () => Math.floor(now().getTime() / 1000);
  const accountId = newId('acc');
  const authorization = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  const orders = new Map<string, FakeRazorpayOrder>();
  const payments = new Map<string, FakeRazorpayPayment>();
  const refunds = new Map<string, FakeRazorpayRefund>();
  /** Idempotency keys of refunds: the body they came with and the refund they made. */
  const refundKeys = new Map<string, { body: string; paymentId: string; refundId: string }>();
  const failures: Array<'server_error' | 'rate_limit' | 'timeout' | 'refused'> = [];

  function createOrder(body: Json): Answer {
    const refused =
      extraFields(body, ['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount', 'payment_capture']) ??
      badAmount(body.amount, true) ??
      (body.currency === undefined ? error(400, 'The currency field is required.', { field: 'currency' }) : null) ??
      (body.currency !== 'INR' ? error(400, 'Currency is not supported', { field: 'currency' }) : null) ??
      (body.receipt !== undefined && (typeof body.receipt !== 'string' || body.receipt.length > 40) ? error(400, 'The receipt may not be greater than 40 characters.', { field: 'receipt' }) : null) ??
      badNotes(body.notes);
    if (refused) return refused;
    const amount = body.amount as number;
    const order: FakeRazorpayOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: (body.receipt as string | undefined) ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      // Razorpay writes empty notes as a JSON array.
      notes: (body.notes as Record<string, string> | undefined) ?? [],
      created_at: seconds(),
    };
    orders.set(order.id, order);
    return { status: 200, body: order };
  }

  function capture(payment: FakeRazorpayPayment, body: Json): Answer {
    const refused = extraFields(body, ['amount', 'currency']) ?? badAmount(body.amount, true);
    if (refused) return refused;
    if (payment.status === 'captured' || payment.status === 'refunded') return error(400, 'This payment has already been captured');
    if (payment.status !== 'authorized') return error(400, 'Only payments which have been authorized and not yet captured can be captured');
    if (body.amount !== payment.amount) return error(400, 'Capture amount must be equal to the amount authorized', { field: 'amount' });
    Object.assign(payment, { status: 'captured', captured: true, fee: Math.ceil(payment.amount * 0.02), tax: 0 });
    const order = orders.get(payment.order_id)!;
    Object.assign(order, { status: 'paid', amount_paid: payment.amount, amount_due: 0 });
    return { status: 200, body: payment };
  }

  function refund(payment: FakeRazorpayPayment, body: Json, raw: string, key: string | undefined): Answer {
    if (key !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) return error(400, 'The idempotency key must be at least 10 characters of letters, digits, hyphens and underscores');
      const earlier = refundKeys.get(key);
      if (earlier) {
        if (earlier.body !== raw || earlier.paymentId !== payment.id) return error(400, 'The request does not match the earlier request with this idempotency key');
        return { status: 200, body: refunds.get(earlier.refundId) };
      }
    }
    const refused = extraFields(body, ['amount', 'speed', 'notes', 'receipt']) ?? badAmount(body.amount, false) ?? badNotes(body.notes);
    if (refused) return refused;
    if (body.speed !== undefined && body.speed !== 'normal' && body.speed !== 'optimum') return error(400, 'The selected speed is invalid.', { field: 'speed' });
    if (payment.status === 'refunded') return error(400, 'The payment has been fully refunded already');
    if (payment.status !== 'captured') return error(400, 'Only captured payments can be refunded');
    const left = payment.amount - payment.amount_refunded;
    const amount = (body.amount as number | undefined) ?? left;
    if (amount > left) return error(400, 'The refund amount provided is greater than amount captured.', { field: 'amount' });
    const made: FakeRazorpayRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      notes: (body.notes as Record<string, string> | undefined) ?? [],
      receipt: (body.receipt as string | undefined) ?? null,
      acquirer_data: { arn: null },
      created_at: seconds(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: (body.speed as string | undefined) ?? 'normal',
    };
    refunds.set(made.id, made);
    if (key !== undefined) refundKeys.set(key, { body: raw, paymentId: payment.id, refundId: made.id });
    const refunded = payment.amount_refunded + amount;
    Object.assign(payment, { amount_refunded: refunded, refund_status: refunded === payment.amount ? 'full' : 'partial', status: refunded === payment.amount ? 'refunded' : 'captured' });
    return { status: 200, body: made };
  }

  function answer(req: Recorded): Answer | Promise<Answer> {
    if (req.headers.authorization !== authorization) return error(401, 'The api key provided is invalid');
    const failure = failures.shift();
    // No answer at all: the client's own time limit ends the call (the server closes it on close()).
    if (failure === 'timeout') return new Promise<Answer>(() => {});
    if (failure === 'rate_limit') return error(429, 'Too many requests');
    if (failure === 'refused') return error(400, 'The payment cannot be refunded at this time.');
    if (failure === 'server_error') return error(500, 'The server encountered an error. The incident has been reported to admins.', { code: 'SERVER_ERROR' });

    const path = req.url.split('?')[0]!;
    const route = /^\/v1\/(orders|payments)(?:\/([A-Za-z0-9_]+))?(?:\/(payments|capture|refund))?$/.exec(path);
    if (!route) return error(400, 'The requested URL was not found on the server.');
    const [, collection, id, action] = route;
    let body: Json = {};
    if (req.method === 'POST') {
      const parsed = jsonOf(req);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return error(400, 'The request body is not valid JSON');
      body = parsed as Json;
    }
    const key = `${req.method} ${collection}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    if (key === 'POST orders') return createOrder(body);

    const entity = collection === 'orders' ? orders.get(id ?? '') : payments.get(id ?? '');
    if (!entity) return error(400, 'The id provided does not exist');
    switch (key) {
      case 'GET orders/:id':
        return { status: 200, body: entity };
      case 'GET orders/:id/payments': {
        const items = [...payments.values()].filter((p) => p.order_id === id);
        return { status: 200, body: { entity: 'collection', count: items.length, items } };
      }
      case 'GET payments/:id':
        return { status: 200, body: entity };
      case 'POST payments/:id/capture':
        return capture(entity as FakeRazorpayPayment, body);
      case 'POST payments/:id/refund': {
        const idempotency = req.headers['x-refund-idempotency'];
        return refund(entity as FakeRazorpayPayment, body, req.body.toString('utf8'), Array.isArray(idempotency) ? idempotency[0] : idempotency);
      }
      default:
        return error(400, 'The requested URL was not found on the server.');
    }
  }

  /** A payment attempt on an order, as Checkout makes it. */
  function attempt(orderId: string, method: string, vpa: string, status: FakeRazorpayPayment['status']): FakeRazorpayPayment {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status === 'paid') throw new Error(`order ${orderId} is paid already`);
    const upi = method === 'upi';
    const payment: FakeRazorpayPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount_due,
      currency: 'INR',
      status,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: upi ? vpa : null,
      email: 'void@razorpay.com',
      contact: '+919999999999',
      notes: clone(order.notes),
      fee: status === 'captured' ? Math.ceil(order.amount_due * 0.02) : null,
      tax: status === 'captured' ? 0 : null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: { rrn: String(randomBytes(5).readUIntBE(0, 5)).padStart(12, '0') },
      created_at: seconds(),
      ...(upi ? { upi: { vpa } } : {}),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    if (status === 'captured') Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    else order.status = 'attempted';
    return payment;
  }

  /** The event Razorpay would post about a payment or refund, as it is now. */
  function envelope(event: FakeRazorpayEvent, entityId: string): Json {
    const wrap = (entity: unknown) => ({ entity: clone(entity) });
    let payload: Json;
    if (event.startsWith('refund.')) {
      const made = refunds.get(entityId);
      if (!made) throw new Error(`no refund ${entityId}`);
      payload = { refund: wrap(made), payment: wrap(payments.get(made.payment_id)) };
    } else {
      const payment = payments.get(entityId);
      if (!payment) throw new Error(`no payment ${entityId}`);
      payload = event === 'order.paid' ? { payment: wrap(payment), order: wrap(orders.get(payment.order_id)) } : { payment: wrap(payment) };
    }
    return { entity: 'event', account_id: accountId, event, contains: Object.keys(payload), payload, created_at: seconds() };
  }

  const server = await startServer(answer, opts.port);
  const sign = (body: string, secret = opts.webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');

  return {
    ...server,
    accountId,
    orders: orders as ReadonlyMap<string, FakeRazorpayOrder>,
    payments: payments as ReadonlyMap<string, FakeRazorpayPayment>,
    refunds: refunds as ReadonlyMap<string, FakeRazorpayRefund>,
    /** The next call answers 500 (SERVER_ERROR), 429, never, or is refused (400 BAD_REQUEST_ERROR). */
    failNext(kind: 'server_error' | 'rate_limit' | 'timeout' | 'refused') {
      failures.push(kind);
    },
    /**
     * A parent pays the order in Checkout (by UPI unless told): the payment is captured and the
     * order paid, or with `capture: false` only authorised (the order attempted); `currency` makes
     * it a payment in another currency of the same number. Returns what
     * Checkout hands the browser, signed with the key secret as Razorpay signs it.
     */
    pay(orderId: string, p: { method?: string; vpa?: string; capture?: boolean; currency?: string } = {}): CheckoutResponse {
      const payment = attempt(orderId, p.method ?? 'upi', p.vpa ?? 'success@razorpay', p.capture === false ? 'authorized' : 'captured');
      // An international card paying in its own currency (the order's number, another unit).
      if (p.currency) Object.assign(payment, { currency: p.currency, international: true });
      const signature = createHmac('sha256', opts.keySecret).update(`${orderId}|${payment.id}`).digest('hex');
      return { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: signature };
    },
    /** A failed attempt on the order (the bank declined); returns the payment's id. */
    decline(orderId: string, p: { method?: string; vpa?: string } = {}): string {
      const payment = attempt(orderId, p.method ?? 'upi', p.vpa ?? 'failure@razorpay', 'failed');
      Object.assign(payment, {
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment was unsuccessful as the UPI PIN entered was incorrect.',
        error_source: 'customer',
        error_step: 'payment_authorization',
        error_reason: 'incorrect_pin',
      });
      return payment.id;
    },
    /**
     * Posts `event` about a payment (`pay_…`) or a refund (`rfnd_…`) to `url` as Razorpay does.
     * `signature` replaces the real one (null: no header at all); `secret` signs with another
     * secret (a forger's).
     */
    async deliver(url: string, event: FakeRazorpayEvent, entityId: string, o: { signature?: string | null; secret?: string } = {}): Promise<Delivery> {
      const body = JSON.stringify(envelope(event, entityId));
      const eventId = newId('Ev').slice(3);
      const signature = o.signature === undefined ? sign(body, o.secret) : o.signature;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId,
        ...(signature === null ? {} : { 'x-razorpay-signature': signature }),
      };
      return { ...(await postWebhook(url, body, headers)), body, headers, eventId };
    },
    /** Posts a delivery again, byte for byte with its headers, as Razorpay's retries do. */
    async replay(url: string, delivery: Delivery): Promise<Delivery> {
      return { ...delivery, ...(await postWebhook(url, delivery.body, delivery.headers)) };
    },
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
