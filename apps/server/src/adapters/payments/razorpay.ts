import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected, callJson, headerOf, isObject, ProviderUnreachable, type CallOptions, type ProviderAnswer, type RawWebhookRequest } from '../http.js';

/*
 * Razorpay (an Indian payment gateway), built against its documentation. Each school is its own
 * merchant: every call is given that school's key id and secret; the client holds none.
 * - Authentication: https://razorpay.com/docs/api/authentication (every API call is HTTP Basic,
 *   `Authorization: Basic base64(key_id:key_secret)`, exactly in that form).
 * - Orders: https://razorpay.com/docs/api/orders/create (POST /v1/orders with `amount` in the
 *   currency's subunit, an integer, at least INR 1.00; `currency`; `receipt`, at most 40 characters;
 *   `notes`, at most 15 pairs of at most 256 characters), https://razorpay.com/docs/api/orders/entity
 *   (`order_…`, `amount`, `amount_paid`, `amount_due`, `status` created → attempted → paid, `attempts`,
 *   `created_at` in Unix seconds; a paid order stays paid even when refunded) and
 *   https://razorpay.com/docs/api/orders/fetch-payments (GET /v1/orders/:id/payments, a collection
 *   `{ entity: 'collection', count, items }`).
 * - Payments: https://razorpay.com/docs/api/payments/fetch-with-id (GET /v1/payments/:id; `status`
 *   created, authorized, captured, refunded or failed; `method` incl. `upi` with `vpa`;
 *   `amount_refunded`, `refund_status` null/partial/full; `error_code`, `error_description`,
 *   `error_source`, `error_step`, `error_reason` for a failure) and
 *   https://razorpay.com/docs/api/payments/capture (POST /v1/payments/:id/capture with the
 *   authorised `amount` and `currency`, only from `authorized`).
 * - Refunds: https://razorpay.com/docs/api/refunds/create-normal (POST /v1/payments/:id/refund with
 *   an optional `amount` (none: the whole payment), `speed` normal or optimum, `notes`; only a
 *   captured payment, never more than was captured in all; the refund's `status` pending,
 *   processed or failed) and https://razorpay.com/docs/api/refunds/normal-refunds-idempotent
 *   (`X-Refund-Idempotency`: at least 10 letters, digits, `-` or `_`; the same key and body answer
 *   the same refund; a request still in progress answers 409).
 * - Checkout's answer: https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/build-integration/
 *   and https://razorpay.com/docs/payments/payment-gateway/s2s-integration/test-s2s/best-practices/security
 *   (`razorpay_signature` is the hex HMAC-SHA256 of `order_id + "|" + razorpay_payment_id` under the
 *   key secret, with the order id Shala stored, never the one the browser sends).
 * - Webhooks: https://razorpay.com/docs/webhooks/validate-test (`X-Razorpay-Signature`: the hex
 *   HMAC-SHA256 of the raw body under the webhook secret; `x-razorpay-event-id`, the same on every
 *   delivery of one event, to recognise a repeat; events may arrive out of order),
 *   https://razorpay.com/docs/webhooks/payments, https://razorpay.com/docs/webhooks/orders,
 *   https://razorpay.com/docs/webhooks/refunds (`{ entity: 'event', account_id, event, contains,
 *   payload: { payment: { entity }, order: { entity }, refund: { entity } }, created_at }`) and
 *   https://razorpay.com/docs/webhooks/best-practices (a delivery not answered 2xx in time is
 *   retried for 24 hours, then the webhook is disabled).
 * - Errors: https://razorpay.com/docs/errors and https://razorpay.com/docs/api/pagination (every
 *   failure is `{ error: { code, description, field, source, step, reason, metadata } }`, `code`
 *   BAD_REQUEST_ERROR, GATEWAY_ERROR or SERVER_ERROR; the API limits its rate with HTTP 429).
 *
 * Choices where the documentation is unclear or silent:
 * - Error kinds: no answer is `network`, HTTP 429 `rate_limited`, HTTP 5xx or the codes
 *   SERVER_ERROR and GATEWAY_ERROR `server` (all retryable); HTTP 401 or 403 (a wrong key, an
 *   address not whitelisted) or a 400 that says the API key or secret is wrong (the Orders page
 *   lists "Authentication failed." with 400) `auth`; any other refusal `invalid_request`, with
 *   Razorpay's description, field and reason kept for the record. The documentation gives no body
 *   for 429 and no `Retry-After`; one is read when present.
 * - Money is integer paise and INR only: an amount that is not a positive safe integer, a receipt
 *   longer than 40 characters or notes beyond Razorpay's limits are refused before any call. The
 *   minimum of INR 1.00 is Razorpay's rule and left to it (its refusal comes back as
 *   `invalid_request` with its words).
 * - An id goes into the URL's path only in Razorpay's form (`order_…`, `pay_…`: letters and digits),
 *   so a stored value cannot point a call elsewhere.
 * - A 2xx answer that cannot be read (no id, an unknown status) is `server`: Razorpay misbehaved,
 *   and asking again is safe for reads and orders; a refund is safe to ask again only with the same
 *   idempotency key, which a caller that may retry passes.
 * - Webhooks: a body not signed with the secret is refused (401) before it is read; one that is
 *   not JSON or not an event (400). An authentic event of a kind Shala does not use is returned as
 *   `ignored`, so the route answers 2xx: refusing it would make Razorpay retry it for a day and
 *   then disable the school's webhook.
 */

/** Why a call to Razorpay failed; the first three are worth retrying later, the others never. */
export type GatewayFailureKind =
  | 'network' // no answer: refused, reset, DNS, timeout
  | 'server' // HTTP 5xx, SERVER_ERROR, GATEWAY_ERROR, or an unreadable answer
  | 'rate_limited' // HTTP 429
  | 'auth' // the key id or secret was refused
  | 'invalid_request'; // any other refusal (an amount, an id, a refund beyond what was captured …)

const RETRYABLE: ReadonlySet<GatewayFailureKind> = new Set(['network', 'server', 'rate_limited']);

/** What Razorpay said of a refusal, for the record. */
export interface GatewayErrorDetail {
  status?: number;
  /** BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR */
  code?: string;
  field?: string;
  source?: string;
  step?: string;
  reason?: string;
  retryAfterMs?: number;
}

/**
 * A call to the payment gateway that did not go through. `retryable` says whether asking again
 * later may succeed; `reason` is the gateway's own description (or ours, for a call refused before
 * it was made), kept for the record and never shown to a parent as is.
 */
export class GatewayError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly kind: GatewayFailureKind,
    readonly reason: string,
    readonly detail: GatewayErrorDetail = {},
  ) {
    super(`${kind}: ${reason}`);
    this.name = 'GatewayError';
    this.retryable = RETRYABLE.has(kind);
  }
}

/** A school's Razorpay API keys (its own merchant account). */
export interface RazorpayCredentials {
  /** `rzp_live_…` or `rzp_test_…` */
  keyId: string;
  keySecret: string;
}

/** How long Razorpay may take to answer before the call counts as a network failure. */
export const RAZORPAY_TIMEOUT_MS = 10_000;

export type Notes = Record<string, string>;

export type OrderStatus = 'created' | 'attempted' | 'paid';
export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
export type RefundStatus = 'pending' | 'processed' | 'failed';

export interface RazorpayOrder {
  /** `order_…` */
  id: string;
  amountPaise: number;
  amountPaidPaise: number;
  amountDuePaise: number;
  currency: string;
  receipt: string | null;
  status: OrderStatus;
  attempts: number;
  notes: Notes;
  createdAt: Date;
}

export interface RazorpayPayment {
  /** `pay_…` */
  id: string;
  orderId: string | null;
  amountPaise: number;
  currency: string;
  status: PaymentStatus;
  /** `upi`, `card`, `netbanking`, `wallet`, … */
  method: string;
  captured: boolean;
  amountRefundedPaise: number;
  refundStatus: 'partial' | 'full' | null;
  /** The payer's UPI id, for a UPI payment. */
  vpa: string | null;
  /** For a failed payment: Razorpay's code, description, source, step and reason. */
  error: { code: string; description: string; source: string | null; step: string | null; reason: string | null } | null;
  notes: Notes;
  createdAt: Date;
}

export interface RazorpayRefund {
  /** `rfnd_…` */
  id: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
  status: RefundStatus;
  speedRequested: string | null;
  speedProcessed: string | null;
  notes: Notes;
  createdAt: Date;
}

/** What Checkout hands the browser when a payment went through; the browser sends it on to Shala. */
export interface CheckoutReturn {
  /** The order id Shala stored for this payment (never the one the browser sends). */
  orderId: string;
  /** `razorpay_payment_id` */
  paymentId: string;
  /** `razorpay_signature` */
  signature: string;
}

const ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,100}$/;
const NOTES_MAX = 15;
const NOTE_MAX_CHARS = 256;
const RECEIPT_MAX_CHARS = 40;

const invalid = (reason: string, field?: string) => new GatewayError('invalid_request', reason, field ? { field } : {});

/** Money in paise: a positive safe integer, else refused before any call. */
function checkPaise(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw invalid(`${field} must be a whole number of paise above zero`, field);
  return value;
}

/** The notes as Razorpay takes them, to spread into a body: none at all when empty. */
function checkNotes(notes: Notes | undefined): { notes?: Notes } {
  const entries = Object.entries(notes ?? {});
  if (entries.length > NOTES_MAX) throw invalid(`at most ${NOTES_MAX} notes`, 'notes');
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || [...value].length > NOTE_MAX_CHARS || [...key].length > NOTE_MAX_CHARS) throw invalid(`a note is not text of at most ${NOTE_MAX_CHARS} characters`, 'notes');
  }
  return entries.length === 0 ? {} : { notes: Object.fromEntries(entries) };
}

function checkId(id: string, form: RegExp, field: string): string {
  if (!form.test(id)) throw invalid(`${field} is not a Razorpay id`, field);
  return id;
}

/** The `Authorization` header of the school's keys; refused before any call when they cannot be sent. */
function basicAuth(credentials: RazorpayCredentials): string {
  const { keyId, keySecret } = credentials;
  // A colon in the key id would move the split between id and secret.
  if (!keyId || keyId.includes(':') || !keySecret) throw new GatewayError('auth', 'no Razorpay key id or secret');
  return `Basic ${Buffer.from(`${keyId}:${keySecret}`, 'utf8').toString('base64')}`;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const orNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);
const seconds = (v: unknown): Date | undefined => {
  const n = int(v);
  return n === undefined ? undefined : new Date(n * 1000);
};
/** Razorpay sends empty notes as `[]`; anything but text values is dropped. */
const notesOf = (v: unknown): Notes =>
  isObject(v) ? Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (typeof x === 'string' ? [[k, x]] : typeof x === 'number' ? [[k, String(x)]] : []))) : {};

/** The error of an answer Razorpay gave but Shala cannot read. */
const unreadable = (what: string, status?: number) => new GatewayError('server', `Razorpay answered with an unreadable ${what}`, status === undefined ? {} : { status });

const ORDER_STATUSES = new Set<string>(['created', 'attempted', 'paid']);
const PAYMENT_STATUSES = new Set<string>(['created', 'authorized', 'captured', 'refunded', 'failed']);
const REFUND_STATUSES = new Set<string>(['pending', 'processed', 'failed']);

/** An order entity, or undefined when it is not one. */
function orderOf(v: unknown): RazorpayOrder | undefined {
  if (!isObject(v)) return undefined;
  const id = str(v.id);
  const [amountPaise, amountPaidPaise, amountDuePaise, attempts] = [int(v.amount), int(v.amount_paid), int(v.amount_due), int(v.attempts) ?? 0];
  const status = str(v.status);
  const createdAt = seconds(v.created_at);
  if (!id || !ORDER_ID.test(id) || amountPaise === undefined || amountPaidPaise === undefined || amountDuePaise === undefined || !status || !ORDER_STATUSES.has(status) || !createdAt) return undefined;
  return { id, amountPaise, amountPaidPaise, amountDuePaise, currency: str(v.currency) ?? 'INR', receipt: orNull(v.receipt), status: status as OrderStatus, attempts, notes: notesOf(v.notes), createdAt };
}

/** A payment entity, or undefined when it is not one. */
function paymentOf(v: unknown): RazorpayPayment | undefined {
  if (!isObject(v)) return undefined;
  const id = str(v.id);
  const amountPaise = int(v.amount);
  const status = str(v.status);
  const createdAt = seconds(v.created_at);
  if (!id || !PAYMENT_ID.test(id) || amountPaise === undefined || !status || !PAYMENT_STATUSES.has(status) || !createdAt) return undefined;
  const refundStatus = v.refund_status === 'partial' || v.refund_status === 'full' ? v.refund_status : null;
  const errorCode = orNull(v.error_code);
  const upi = isObject(v.upi) ? v.upi : {};
  return {
    id,
    orderId: orNull(v.order_id),
    amountPaise,
    // No currency named is no INR: the payment is taken as Razorpay names it, never assumed.
    currency: str(v.currency) ?? '',
    status: status as PaymentStatus,
    method: str(v.method) ?? 'unknown',
    captured: v.captured === true,
    amountRefundedPaise: int(v.amount_refunded) ?? 0,
    refundStatus,
    vpa: orNull(v.vpa) ?? orNull(upi.vpa),
    error: errorCode
      ? { code: errorCode, description: str(v.error_description) ?? '', source: orNull(v.error_source), step: orNull(v.error_step), reason: orNull(v.error_reason) }
      : null,
    notes: notesOf(v.notes),
    createdAt,
  };
}

/** A refund entity, or undefined when it is not one. */
function refundOf(v: unknown): RazorpayRefund | undefined {
  if (!isObject(v)) return undefined;
  const id = str(v.id);
  const paymentId = str(v.payment_id);
  const amountPaise = int(v.amount);
  const status = str(v.status);
  const createdAt = seconds(v.created_at);
  if (!id || !/^rfnd_[A-Za-z0-9]+$/.test(id) || !paymentId || amountPaise === undefined || !status || !REFUND_STATUSES.has(status) || !createdAt) return undefined;
  return {
    id,
    paymentId,
    amountPaise,
    currency: str(v.currency) ?? 'INR',
    status: status as RefundStatus,
    speedRequested: orNull(v.speed_requested),
    speedProcessed: orNull(v.speed_processed),
    notes: notesOf(v.notes),
    createdAt,
  };
}

/** The refusal in an answer that is not 2xx (see the choices above). */
function refusal(answer: ProviderAnswer): GatewayError {
  const error = isObject(answer.json) && isObject(answer.json.error) ? answer.json.error : {};
  const code = str(error.code);
  const description = str(error.description) || answer.text.slice(0, 200) || `HTTP ${answer.status}`;
  const detail: GatewayErrorDetail = { status: answer.status };
  for (const [key, value] of [['code', code], ['field', orNull(error.field)], ['source', orNull(error.source)], ['step', orNull(error.step)], ['reason', orNull(error.reason)]] as const) {
    // Razorpay writes "NA" where a part does not apply.
    if (value && value !== 'NA') detail[key] = value;
  }
  if (answer.retryAfterMs !== undefined) detail.retryAfterMs = answer.retryAfterMs;
  if (answer.status === 429) return new GatewayError('rate_limited', description, detail);
  if (answer.status >= 500 || code === 'SERVER_ERROR' || code === 'GATEWAY_ERROR') return new GatewayError('server', description, detail);
  if (answer.status === 401 || answer.status === 403 || /\bapi (key|secret)\b|^authentication failed\.?$/i.test(description)) return new GatewayError('auth', description, detail);
  return new GatewayError('invalid_request', description, detail);
}

/** The Razorpay client; `baseUrl` is `RAZORPAY_API_URL` (the real API, or a test's fake). */
export function razorpay(baseUrl: string) {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    credentials: RazorpayCredentials,
    body: unknown,
    read: (json: unknown) => T | undefined,
    what: string,
    opts: CallOptions & { headers?: Record<string, string> } = {},
  ): Promise<T> {
    const authorization = basicAuth(credentials);
    let answer: ProviderAnswer;
    try {
      answer = await callJson(method, new URL(path, baseUrl).toString(), { authorization, ...opts.headers }, body, opts.timeoutMs ?? RAZORPAY_TIMEOUT_MS, opts.now);
    } catch (err) {
      if (!(err instanceof ProviderUnreachable)) throw err;
      // The cause's message may quote the URL; it stays on `cause`, which the logs reduce to codes.
      throw Object.assign(new GatewayError('network', err.message), { cause: err.cause });
    }
    if (answer.status < 200 || answer.status >= 300) throw refusal(answer);
    const value = read(answer.json);
    if (value === undefined) throw unreadable(what, answer.status);
    return value;
  }

  return {
    /**
     * Creates the order a parent's payment is made against (one per attempt at paying), in INR.
     * `receipt` is Shala's reference (at most 40 characters); `notes` go with it to the dashboard.
     */
    createOrder(order: { amountPaise: number; receipt: string; notes?: Notes }, credentials: RazorpayCredentials, opts?: CallOptions): Promise<RazorpayOrder> {
      const amount = checkPaise(order.amountPaise, 'amountPaise');
      if (order.receipt === '' || [...order.receipt].length > RECEIPT_MAX_CHARS) throw invalid(`the receipt must be 1 to ${RECEIPT_MAX_CHARS} characters`, 'receipt');
      const body = { amount, currency: 'INR', receipt: order.receipt, ...checkNotes(order.notes) };
      return call('POST', '/v1/orders', credentials, body, orderOf, 'order', opts);
    },

    /** One order as Razorpay has it now (its status, what was paid). */
    fetchOrder(orderId: string, credentials: RazorpayCredentials, opts?: CallOptions): Promise<RazorpayOrder> {
      return call('GET', `/v1/orders/${checkId(orderId, ORDER_ID, 'orderId')}`, credentials, undefined, orderOf, 'order', opts);
    },

    /** Every payment attempted against an order (failed ones too). */
    fetchOrderPayments(orderId: string, credentials: RazorpayCredentials, opts?: CallOptions): Promise<RazorpayPayment[]> {
      const read = (json: unknown) => {
        if (!isObject(json) || !Array.isArray(json.items)) return undefined;
        const payments = json.items.map(paymentOf);
        return payments.every((p) => p !== undefined) ? (payments as RazorpayPayment[]) : undefined;
      };
      return call('GET', `/v1/orders/${checkId(orderId, ORDER_ID, 'orderId')}/payments`, credentials, undefined, read, 'list of payments', opts);
    },

    fetchPayment(paymentId: string, credentials: RazorpayCredentials, opts?: CallOptions): Promise<RazorpayPayment> {
      return call('GET', `/v1/payments/${checkId(paymentId, PAYMENT_ID, 'paymentId')}`, credentials, undefined, paymentOf, 'payment', opts);
    },

    /**
     * Captures an `authorized` payment for its whole amount (a school whose account does not
     * capture on its own). Razorpay refuses any other status.
     */
    capture(paymentId: string, amountPaise: number, credentials: RazorpayCredentials, opts?: CallOptions): Promise<RazorpayPayment> {
      const body = { amount: checkPaise(amountPaise, 'amountPaise'), currency: 'INR' };
      return call('POST', `/v1/payments/${checkId(paymentId, PAYMENT_ID, 'paymentId')}/capture`, credentials, body, paymentOf, 'payment', opts);
    },

    /**
     * Refunds a captured payment, whole (no `amountPaise`) or in part, at normal speed. A caller
     * that may ask again after an unclear failure passes the same `idempotencyKey` each time, so
     * Razorpay makes the refund once.
     */
    refund(
      paymentId: string,
      refund: { amountPaise?: number; notes?: Notes; idempotencyKey?: string },
      credentials: RazorpayCredentials,
      opts?: CallOptions,
    ): Promise<RazorpayRefund> {
      const id = checkId(paymentId, PAYMENT_ID, 'paymentId');
      const body = { ...(refund.amountPaise === undefined ? {} : { amount: checkPaise(refund.amountPaise, 'amountPaise') }), speed: 'normal', ...checkNotes(refund.notes) };
      if (refund.idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(refund.idempotencyKey)) throw invalid('the idempotency key must be 10 to 100 letters, digits, - or _', 'idempotencyKey');
      const headers: Record<string, string> = refund.idempotencyKey === undefined ? {} : { 'x-refund-idempotency': refund.idempotencyKey };
      return call('POST', `/v1/payments/${id}/refund`, credentials, body, refundOf, 'refund', { ...opts, headers });
    },
  };
}

export type RazorpayClient = ReturnType<typeof razorpay>;

/** Whether `signature` is hex HMAC-SHA256 of `key` over `message`, compared in constant time. */
function signedWith(message: Buffer | string, signature: string | undefined, key: string): boolean {
  const hex = signature?.trim() ?? '';
  if (!/^[0-9a-f]{64}$/i.test(hex) || !key) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), createHmac('sha256', key).update(message).digest());
}

/**
 * Whether what Checkout handed back is Razorpay's: its signature over the stored order id and the
 * payment id under the school's key secret. A tampered or forged return does not verify; a
 * verified one still says only that this payment was made against this order (fetch the payment
 * for its amount and status).
 */
export function verifyCheckoutSignature(checkout: CheckoutReturn, keySecret: string): boolean {
  if (!ORDER_ID.test(checkout.orderId) || !PAYMENT_ID.test(checkout.paymentId)) return false;
  return signedWith(`${checkout.orderId}|${checkout.paymentId}`, checkout.signature, keySecret);
}

/** What an authentic webhook says; `createdAt` is when Razorpay made the event. */
export type RazorpayWebhookEvent = { accountId: string | null; createdAt: Date } & (
  | { event: 'payment.captured' | 'payment.failed'; payment: RazorpayPayment }
  | { event: 'order.paid'; order: RazorpayOrder; payment: RazorpayPayment }
  | { event: 'refund.processed' | 'refund.failed'; refund: RazorpayRefund; payment: RazorpayPayment }
  /** An event of another kind (the school subscribed to more): nothing for Shala to do. */
  | { event: 'ignored'; name: string }
);

/** The header that names an event, the same on each delivery of it (a repeat is recognised by it). */
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';

/** The event id of a webhook request, or null when it has none in Razorpay's form. */
export function razorpayEventId(req: Pick<RawWebhookRequest, 'headers'>): string | null {
  const id = headerOf(req, RAZORPAY_EVENT_ID_HEADER)?.trim();
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** The entity under `payload.<name>.entity`, read by `read`; a 400 when absent or unreadable. */
function entity<T>(payload: Record<string, unknown>, name: string, read: (v: unknown) => T | undefined): T {
  const wrapper = payload[name];
  const value = isObject(wrapper) ? read(wrapper.entity) : undefined;
  if (value === undefined) throw new WebhookRejected(400, `a Razorpay event without a readable ${name}`);
  return value;
}

/**
 * The event of a webhook POST, when it is Razorpay's: `X-Razorpay-Signature` must be the HMAC of
 * the exact bytes received under the school's webhook secret (not the key secret), else 401 before
 * anything is read; a body that is not an event is a 400. `rawBody` must be the bytes as they
 * arrived, never JSON parsed and written again. The route keeps the event id
 * (`razorpayEventId`) to do nothing twice: Razorpay delivers an event again until it is answered.
 */
export function parseRazorpayWebhook(rawBody: Buffer, signatureHeader: string | undefined, webhookSecret: string): RazorpayWebhookEvent {
  if (!signedWith(rawBody, signatureHeader, webhookSecret)) throw new WebhookRejected(401, 'no valid X-Razorpay-Signature');
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected(400, 'not JSON');
  }
  if (!isObject(body) || body.entity !== 'event' || typeof body.event !== 'string' || !isObject(body.payload)) throw new WebhookRejected(400, 'not a Razorpay event');
  const createdAt = seconds(body.created_at);
  if (!createdAt) throw new WebhookRejected(400, 'a Razorpay event without its time');
  const base = { accountId: orNull(body.account_id), createdAt };
  const payload = body.payload;
  switch (body.event) {
    case 'payment.captured':
    case 'payment.failed':
      return { ...base, event: body.event, payment: entity(payload, 'payment', paymentOf) };
    case 'order.paid':
      return { ...base, event: body.event, order: entity(payload, 'order', orderOf), payment: entity(payload, 'payment', paymentOf) };
    case 'refund.processed':
    case 'refund.failed':
      return { ...base, event: body.event, refund: entity(payload, 'refund', refundOf), payment: entity(payload, 'payment', paymentOf) };
    default:
      return { ...base, event: 'ignored', name: body.event };
  }
}
