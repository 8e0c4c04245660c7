import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { loadConfig } from '../src/config.js';
import {
  createPayments,
  GatewayError,
  parseRazorpayWebhook,
  razorpayEventId,
  verifyCheckoutSignature,
  WebhookRejected,
  type RazorpayClient,
  type RazorpayWebhookEvent,
} from '../src/adapters/payments/index.js';
import { startFakeRazorpay, type FakeRazorpay } from './fakes/razorpay.js';
import { jsonOf, startServer, type LoopbackServer } from './fakes/server.js';
import { failure } from './throws.js';

// Issue 25's foundation: the Razorpay client against a fake Razorpay on 127.0.0.1 (no database, no
// internet). The fake's clock is fixed at AT; nothing here reads the real clock.

const AT = new Date('2026-11-25T04:30:00Z');
const KEY_ID = 'rzp_test_SchoolOne00001';
const KEY_SECRET = 'the-schools-key-secret-0123456789';
const WEBHOOK_SECRET = 'the-schools-webhook-secret-abcdef';
const keys = { keyId: KEY_ID, keySecret: KEY_SECRET };

let fake: FakeRazorpay;
let rzp: RazorpayClient;

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, now: () => AT });
  rzp = createPayments(loadConfig({ RAZORPAY_API_URL: fake.url })).razorpay;
});
afterAll(() => fake.close());

/** A paid order of `amountPaise`: its id and the captured payment's. */
async function paidOrder(amountPaise: number) {
  const order = await rzp.createOrder({ amountPaise, receipt: `fee-${amountPaise}` }, keys);
  return { orderId: order.id, paymentId: fake.pay(order.id, { method: 'upi' }).razorpay_payment_id };
}

it('calls the real Razorpay unless told otherwise', () => {
  expect(loadConfig({}).RAZORPAY_API_URL).toBe('https://api.razorpay.com');
  expect(() => loadConfig({ RAZORPAY_API_URL: 'ftp://example.org' })).toThrow(/RAZORPAY_API_URL/);
});

describe('orders', () => {
  it('creates an order of exactly the paise asked, in INR, with the school\'s keys as Basic auth', async () => {
    const before = fake.requests.length;
    const order = await rzp.createOrder({ amountPaise: 1_234_567, receipt: 'fee-2026-T2-ASHA', notes: { student: 'Asha', instalment: 'Term 2' } }, keys);
    const req = fake.requests[before]!;
    expect([req.method, req.url]).toEqual(['POST', '/v1/orders']);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(jsonOf(req)).toEqual({ amount: 1_234_567, currency: 'INR', receipt: 'fee-2026-T2-ASHA', notes: { student: 'Asha', instalment: 'Term 2' } });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountPaise: 1_234_567,
      amountPaidPaise: 0,
      amountDuePaise: 1_234_567,
      currency: 'INR',
      receipt: 'fee-2026-T2-ASHA',
      status: 'created',
      attempts: 0,
      notes: { student: 'Asha', instalment: 'Term 2' },
      createdAt: AT,
    });
  });

  it('refuses what Razorpay could not take before any call: amounts that are not whole paise above zero, a long receipt, too many notes, ids not Razorpay\'s, no keys', async () => {
    const before = fake.requests.length;
    for (const amountPaise of [12.5, 0, -100, Number.NaN, 2 ** 53]) {
      const err = await failure(() => rzp.createOrder({ amountPaise, receipt: 'r' }, keys), GatewayError);
      expect(err).toMatchObject({ kind: 'invalid_request', retryable: false, detail: { field: 'amountPaise' } });
    }
    const many = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v']));
    expect(await failure(() => rzp.createOrder({ amountPaise: 100, receipt: 'r'.repeat(41) }, keys), GatewayError)).toMatchObject({ kind: 'invalid_request', detail: { field: 'receipt' } });
    expect(await failure(() => rzp.createOrder({ amountPaise: 100, receipt: 'r', notes: many }, keys), GatewayError)).toMatchObject({ kind: 'invalid_request', detail: { field: 'notes' } });
    expect(await failure(() => rzp.refund('pay_AbC123', { amountPaise: 0.5 }, keys), GatewayError)).toMatchObject({ kind: 'invalid_request' });
    for (const id of ['../orders', 'pay_1/refund', 'order_x?count=100', '']) {
      expect(await failure(() => rzp.fetchPayment(id, keys), GatewayError)).toMatchObject({ kind: 'invalid_request' });
      expect(await failure(() => rzp.fetchOrderPayments(id, keys), GatewayError)).toMatchObject({ kind: 'invalid_request' });
    }
    for (const bad of [{ keyId: '', keySecret: KEY_SECRET }, { keyId: KEY_ID, keySecret: '' }, { keyId: 'rzp:x', keySecret: KEY_SECRET }]) {
      expect(await failure(() => rzp.createOrder({ amountPaise: 100, receipt: 'r' }, bad), GatewayError)).toMatchObject({ kind: 'auth', retryable: false });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('leaves Razorpay\'s minimum to Razorpay, keeping its words for the record', async () => {
    const err = await failure(() => rzp.createOrder({ amountPaise: 99, receipt: 'fee-small' }, keys), GatewayError);
    expect(err).toMatchObject({
      kind: 'invalid_request',
      retryable: false,
      reason: 'The amount must be at least INR 1.00',
      detail: { status: 400, code: 'BAD_REQUEST_ERROR', field: 'amount', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' },
    });
  });
});

describe('payments', () => {
  it('verifies what Checkout hands back, and nothing tampered with', async () => {
    const order = await rzp.createOrder({ amountPaise: 50_000, receipt: 'fee-checkout' }, keys);
    const other = await rzp.createOrder({ amountPaise: 50_000, receipt: 'fee-other' }, keys);
    const back = fake.pay(order.id, { method: 'upi' });
    const checkout = { orderId: order.id, paymentId: back.razorpay_payment_id, signature: back.razorpay_signature };
    expect(back.razorpay_order_id).toBe(order.id);
    expect(verifyCheckoutSignature(checkout, KEY_SECRET)).toBe(true);

    const flipped = (back.razorpay_signature[0] === 'a' ? 'b' : 'a') + back.razorpay_signature.slice(1);
    for (const tampered of [
      { ...checkout, orderId: other.id }, // the signature of one order presented for another
      { ...checkout, paymentId: 'pay_SomeoneElses001' },
      { ...checkout, signature: flipped },
      { ...checkout, signature: back.razorpay_signature.slice(0, 63) },
      { ...checkout, signature: '' },
    ]) {
      expect(verifyCheckoutSignature(tampered, KEY_SECRET)).toBe(false);
    }
    // Signed under the webhook secret, or checked against none: not Razorpay's Checkout signature.
    expect(verifyCheckoutSignature({ ...checkout, signature: createHmac('sha256', WEBHOOK_SECRET).update(`${order.id}|${checkout.paymentId}`).digest('hex') }, KEY_SECRET)).toBe(false);
    expect(verifyCheckoutSignature(checkout, '')).toBe(false);
  });

  it('fetches a payment, its order and the order\'s attempts, a failed one with Razorpay\'s reason', async () => {
    const order = await rzp.createOrder({ amountPaise: 75_000, receipt: 'fee-attempts' }, keys);
    const declined = fake.decline(order.id);
    const { razorpay_payment_id: paid } = fake.pay(order.id, { method: 'upi', vpa: 'asha.parent@okaxis' });

    const payment = await rzp.fetchPayment(paid, keys);
    expect(payment).toEqual({
      id: paid,
      orderId: order.id,
      amountPaise: 75_000,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
      captured: true,
      amountRefundedPaise: 0,
      refundStatus: null,
      vpa: 'asha.parent@okaxis',
      error: null,
      notes: {},
      createdAt: AT,
    });
    expect(await rzp.fetchOrder(order.id, keys)).toMatchObject({ status: 'paid', amountPaidPaise: 75_000, amountDuePaise: 0, attempts: 2 });
    const attempts = await rzp.fetchOrderPayments(order.id, keys);
    expect(attempts.map((p) => [p.id, p.status])).toEqual([
      [declined, 'failed'],
      [paid, 'captured'],
    ]);
    expect(attempts[0]!.error).toEqual({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment was unsuccessful as the UPI PIN entered was incorrect.',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'incorrect_pin',
    });
  });

  it('captures an authorised payment once', async () => {
    const order = await rzp.createOrder({ amountPaise: 20_000, receipt: 'fee-capture' }, keys);
    const { razorpay_payment_id: id } = fake.pay(order.id, { capture: false });
    expect(await rzp.fetchPayment(id, keys)).toMatchObject({ status: 'authorized', captured: false });
    expect(await rzp.capture(id, 20_000, keys)).toMatchObject({ id, status: 'captured', captured: true });
    expect(jsonOf(fake.requests.at(-1)!)).toEqual({ amount: 20_000, currency: 'INR' });
    expect(await rzp.fetchOrder(order.id, keys)).toMatchObject({ status: 'paid' });
    expect(await failure(() => rzp.capture(id, 20_000, keys), GatewayError)).toMatchObject({ kind: 'invalid_request', reason: 'This payment has already been captured' });
  });
});

describe('refunds', () => {
  it('refunds in part, then the rest, never more than was captured', async () => {
    const { paymentId } = await paidOrder(50_000);
    const part = await rzp.refund(paymentId, { amountPaise: 20_000, notes: { reason: 'sibling discount' } }, keys);
    expect(jsonOf(fake.requests.at(-1)!)).toEqual({ amount: 20_000, speed: 'normal', notes: { reason: 'sibling discount' } });
    expect(part).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId,
      amountPaise: 20_000,
      currency: 'INR',
      status: 'processed',
      speedRequested: 'normal',
      speedProcessed: 'normal',
      notes: { reason: 'sibling discount' },
      createdAt: AT,
    });
    expect(await rzp.fetchPayment(paymentId, keys)).toMatchObject({ status: 'captured', amountRefundedPaise: 20_000, refundStatus: 'partial' });

    const over = await failure(() => rzp.refund(paymentId, { amountPaise: 30_001 }, keys), GatewayError);
    expect(over).toMatchObject({ kind: 'invalid_request', retryable: false, reason: 'The refund amount provided is greater than amount captured.', detail: { status: 400, field: 'amount' } });

    // No amount: all that is left.
    const rest = await rzp.refund(paymentId, {}, keys);
    expect(jsonOf(fake.requests.at(-1)!)).toEqual({ speed: 'normal' });
    expect(rest.amountPaise).toBe(30_000);
    expect(await rzp.fetchPayment(paymentId, keys)).toMatchObject({ status: 'refunded', amountRefundedPaise: 50_000, refundStatus: 'full' });
    expect(await failure(() => rzp.refund(paymentId, { amountPaise: 100 }, keys), GatewayError)).toMatchObject({ kind: 'invalid_request', reason: 'The payment has been fully refunded already' });
  });

  it('makes a refund asked again with its idempotency key once', async () => {
    const { paymentId } = await paidOrder(40_000);
    const key = 'refund-fee-40000-0001';
    const first = await rzp.refund(paymentId, { amountPaise: 10_000, idempotencyKey: key }, keys);
    expect(fake.requests.at(-1)!.headers['x-refund-idempotency']).toBe(key);
    expect(await rzp.refund(paymentId, { amountPaise: 10_000, idempotencyKey: key }, keys)).toEqual(first);
    expect(await rzp.fetchPayment(paymentId, keys)).toMatchObject({ amountRefundedPaise: 10_000 });
    expect(await failure(() => rzp.refund(paymentId, { amountPaise: 20_000, idempotencyKey: key }, keys), GatewayError)).toMatchObject({ kind: 'invalid_request' });
    expect(await failure(() => rzp.refund(paymentId, { idempotencyKey: 'short' }, keys), GatewayError)).toMatchObject({ kind: 'invalid_request', detail: { field: 'idempotencyKey' } });
  });
});

describe('failures', () => {
  const order = { amountPaise: 10_000, receipt: 'fee-failures' };

  it('maps refused keys, or a server address the account does not allow, to auth, not retried', async () => {
    const err = await failure(() => rzp.createOrder(order, { keyId: KEY_ID, keySecret: 'not-the-secret' }), GatewayError);
    expect(err).toMatchObject({ kind: 'auth', retryable: false, reason: 'The api key provided is invalid', detail: { status: 401, code: 'BAD_REQUEST_ERROR' } });
    // Razorpay's "Access Denied" to an address not whitelisted on the account.
    const denied = await startServer(() => ({ status: 403, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Access Denied', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } } }));
    try {
      const client = createPayments({ RAZORPAY_API_URL: denied.url }).razorpay;
      expect(await failure(() => client.fetchPayment('pay_AbC123', keys), GatewayError)).toMatchObject({ kind: 'auth', retryable: false, reason: 'Access Denied', detail: { status: 403 } });
    } finally {
      await denied.close();
    }
  });

  it('maps Razorpay\'s 500 and 429 to retryable kinds', async () => {
    fake.failNext('server_error');
    expect(await failure(() => rzp.createOrder(order, keys), GatewayError)).toMatchObject({ kind: 'server', retryable: true, detail: { status: 500, code: 'SERVER_ERROR' } });
    fake.failNext('rate_limit');
    expect(await failure(() => rzp.fetchOrderPayments('order_AbC123', keys), GatewayError)).toMatchObject({ kind: 'rate_limited', retryable: true, detail: { status: 429 } });
  });

  it('gives up on an answer that does not come within the bound: a retryable network failure', async () => {
    fake.failNext('timeout');
    const before = fake.requests.length;
    const err = await failure(() => rzp.createOrder(order, keys, { timeoutMs: 300 }), GatewayError);
    expect(err).toMatchObject({ kind: 'network', retryable: true, reason: 'the provider did not answer in time' });
    expect(fake.requests.length).toBe(before + 1);
  });

  it('takes an answer it cannot read (a proxy\'s page, a success without an id) as the server\'s failure', async () => {
    const answers = [
      { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' },
      { status: 200, body: { entity: 'order' } },
    ];
    const odd = await startServer(() => answers.shift()!);
    try {
      const client = createPayments({ RAZORPAY_API_URL: odd.url }).razorpay;
      expect(await failure(() => client.createOrder(order, keys), GatewayError)).toMatchObject({ kind: 'server', retryable: true, reason: '<html>Bad gateway</html>', detail: { status: 502 } });
      expect(await failure(() => client.createOrder(order, keys), GatewayError)).toMatchObject({ kind: 'server', retryable: true, reason: 'Razorpay answered with an unreadable order' });
    } finally {
      await odd.close();
    }
  });
});

describe('webhooks', () => {
  let route: LoopbackServer;
  /** What Shala's webhook route would have: the event and its id, or the rejection's status. */
  const received: Array<{ eventId: string | null; event: RazorpayWebhookEvent }> = [];

  beforeAll(async () => {
    route = await startServer((raw) => {
      try {
        const header = raw.headers['x-razorpay-signature'];
        const event = parseRazorpayWebhook(raw.body, Array.isArray(header) ? header[0] : header, WEBHOOK_SECRET);
        received.push({ eventId: razorpayEventId(raw), event });
        return { status: 200, body: {} };
      } catch (err) {
        if (err instanceof WebhookRejected) return { status: err.status, body: { error: err.message } };
        throw err;
      }
    });
  });
  afterAll(() => route.close());
  const hook = () => `${route.url}/api/hooks/razorpay`;

  it('reads signed events: a payment captured or failed, an order paid, a refund processed; a repeat keeps its event id', async () => {
    received.length = 0;
    const { orderId, paymentId } = await paidOrder(60_000);
    const failedOrder = await rzp.createOrder({ amountPaise: 60_000, receipt: 'fee-declined' }, keys);
    const declined = fake.decline(failedOrder.id);
    const refund = await rzp.refund(paymentId, { amountPaise: 10_000 }, keys);

    const captured = await fake.deliver(hook(), 'payment.captured', paymentId);
    expect(captured.status).toBe(200);
    expect((await fake.deliver(hook(), 'order.paid', paymentId)).status).toBe(200);
    expect((await fake.deliver(hook(), 'payment.failed', declined)).status).toBe(200);
    expect((await fake.deliver(hook(), 'refund.processed', refund.id)).status).toBe(200);
    expect((await fake.replay(hook(), captured)).status).toBe(200);

    const base = { accountId: fake.accountId, createdAt: AT };
    const payment = await rzp.fetchPayment(paymentId, keys);
    expect(received.map((r) => r.event)).toEqual([
      { ...base, event: 'payment.captured', payment },
      { ...base, event: 'order.paid', payment, order: await rzp.fetchOrder(orderId, keys) },
      { ...base, event: 'payment.failed', payment: await rzp.fetchPayment(declined, keys) },
      { ...base, event: 'refund.processed', refund, payment },
      { ...base, event: 'payment.captured', payment },
    ]);
    const ids = received.map((r) => r.eventId);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids.slice(0, 4)).size).toBe(4);
    expect(ids[4]).toBe(captured.eventId);
  });

  it('answers an authentic event of another kind as ignored, not refused', async () => {
    received.length = 0;
    const { paymentId } = await paidOrder(30_000);
    expect((await fake.deliver(hook(), 'payment.authorized', paymentId)).status).toBe(200);
    expect(received.map((r) => r.event)).toEqual([{ accountId: fake.accountId, createdAt: AT, event: 'ignored', name: 'payment.authorized' }]);
  });

  it('refuses a forged or missing signature (401) and a signed body that is not an event (400)', async () => {
    received.length = 0;
    const { paymentId } = await paidOrder(30_000);
    // Signed with the key secret instead of the webhook secret, or with a guess; no header; not hex.
    for (const o of [{ secret: KEY_SECRET }, { secret: 'guessed' }, { signature: null }, { signature: 'sha256=abcd' }, { signature: 'z'.repeat(64) }]) {
      expect((await fake.deliver(hook(), 'payment.captured', paymentId, o)).status).toBe(401);
    }
    // The bytes that arrive are not those signed (a re-serialised or altered body).
    const genuine = await fake.deliver(hook(), 'payment.captured', paymentId);
    const altered = Buffer.from(genuine.body.replace('"captured"', '"refunded"'));
    expect((await failure(() => parseRazorpayWebhook(altered, genuine.headers['x-razorpay-signature'], WEBHOOK_SECRET), WebhookRejected)).status).toBe(401);

    const sign = (body: string) => createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    for (const body of [
      '{not json',
      JSON.stringify({ entity: 'event', event: 'payment.captured', created_at: 1795000000 }),
      JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: 'pay_X' } } }, created_at: 1795000000 }),
      JSON.stringify({ entity: 'event', event: 'refund.processed', payload: {} }),
    ]) {
      const err = await failure(() => parseRazorpayWebhook(Buffer.from(body), sign(body), WEBHOOK_SECRET), WebhookRejected);
      expect(err.status).toBe(400);
    }
    expect(received).toHaveLength(1); // the genuine delivery only
  });
});
