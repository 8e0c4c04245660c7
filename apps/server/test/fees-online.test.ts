import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayOrder, PayResult, StudentFees } from '@shala/contract';
import { feeLateFees, feeOrders, feePayments, paymentSettings } from '../src/db/schema.js';
import { setupApp, type TestEnv, type TestUser } from './helpers.js';
import { addRecord, feeSchool, type FeeSchool } from './fees-fixture.js';
import { startFakeRazorpay, type FakeRazorpay } from './fakes/razorpay.js';
import { retryPendingRefunds } from '../src/modules/payments/online.js';

/**
 * Fees paid online (issue 25) through the school's own Razorpay account, against a fake Razorpay
 * on 127.0.0.1 that answers and signs as Razorpay does; the server listens on loopback so the fake
 * posts its webhooks to it. On PostgreSQL (CI) the requests sent at once really run at once.
 */

const KEYS = { keyId: 'rzp_test_SchoolOne00001', keySecret: 'the-schools-key-secret-0123456789', webhookSecret: 'the-schools-webhook-secret-abcdef' };

let env: TestEnv;
let rzp: FakeRazorpay;
let base: string;

beforeAll(async () => {
  rzp = await startFakeRazorpay(KEYS);
  env = await setupApp({ SECRETS_KEY: randomBytes(32).toString('base64'), RAZORPAY_API_URL: rzp.url });
  base = await env.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await env.close();
  await rzp.close();
});

const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) => {
  const res = await env.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() as { result: T; error?: string; reason?: string } };
};

interface Online extends FeeSchool {
  parentToken: string;
  emis: Array<{ id: string; seq: number; amount: number }>;
  hookUrl: string;
}

/** A whole URL's path and query (the webhook URL is PUBLIC_URL's; the test server listens elsewhere). */
const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

/** A school with its Razorpay keys set by the principal, and a child of the parent with `count` instalments. */
async function onlineSchool(count = 3): Promise<Online> {
  const fs = await feeSchool(env, { count: 1 });
  const { instalments } = await addRecord(env, fs, fs.students[0]!, { instalments: count, start: '2026-11-10' });
  const saved = await call<{ razorpay: { webhookUrl: string } }>('PUT', '/api/school/paymentsettings/razorpay', fs.principal.token, KEYS);
  expect(saved.status).toBe(200);
  return { ...fs, parentToken: await env.f.token(fs.parent), emis: instalments, hookUrl: `${base}${pathOf(saved.body.result.razorpay.webhookUrl)}` };
}

const order = (s: { parentToken: string }, emiIds: string[], token = s.parentToken) => call<PayOrder>('POST', '/api/fee/pay/order', token, { emiIds });
const verify = (token: string, o: PayOrder, checkout: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) =>
  call<PayResult>('POST', '/api/fee/pay/verify', token, { orderId: o.orderId, ...checkout });
const fees = async (s: Online) => (await call<StudentFees>('GET', `/api/school/feerecord/emi/student/${s.students[0]!.id}/${s.school.sessionId}`, s.parentToken)).body.result;
const livePayments = (schoolId: string) => env.db.select().from(feePayments).where(and(eq(feePayments.schoolId, schoolId), isNull(feePayments.reversedAt)));

describe("the school's gateway", () => {
  it('is set by the principal: the secrets sealed at rest and never shown, a webhook URL of its own; parents then see Pay now', async () => {
    const s = await onlineSchool(1);
    const got = await call<{ razorpay: Record<string, unknown> }>('GET', '/api/school/paymentsettings', s.admin.token);
    expect(got.body.result.razorpay).toMatchObject({ keyId: KEYS.keyId, mode: 'test', demo: false, webhookUrl: expect.stringMatching(/^http:\/\/localhost:\d+\/api\/hooks\/razorpay\?account=[\w-]{32}$/) });
    expect(JSON.stringify(got.body)).not.toContain(KEYS.keySecret);
    expect(JSON.stringify(got.body)).not.toContain(KEYS.webhookSecret);
    const [row] = await env.db.select().from(paymentSettings).where(eq(paymentSettings.schoolId, s.school.id));
    expect(row!.secrets).not.toContain(KEYS.keySecret);
    expect((await fees(s)).payOptions).toEqual({ online: 'live', upi: false });
    // Removed: no Pay now, and the old webhook URL is trusted no more.
    expect((await call('DELETE', '/api/school/paymentsettings/razorpay', s.principal.token)).status).toBe(200);
    expect((await fees(s)).payOptions.online).toBeNull();
    expect((await order(s, [s.emis[0]!.id])).body.reason).toBe('payments_not_set');
  });

  it('a demo school explains instead of taking money; a school without SECRETS_KEY cannot store keys', async () => {
    const s = await onlineSchool(1);
    await env.db.update(paymentSettings).set({ demo: true }).where(eq(paymentSettings.schoolId, s.school.id));
    expect((await fees(s)).payOptions.online).toBe('demo');
    const refused = await order(s, [s.emis[0]!.id]);
    expect([refused.status, refused.body.reason]).toEqual([409, 'payments_demo']);
    const bare = await setupApp({ RAZORPAY_API_URL: rzp.url });
    try {
      const school = await bare.f.school();
      const principal = await bare.f.token(await bare.f.user(113, school));
      const res = await bare.app.inject({ method: 'PUT', url: '/api/school/paymentsettings/razorpay', headers: { authorization: `Bearer ${principal}` }, payload: KEYS });
      expect([res.statusCode, res.json().reason]).toEqual([409, 'secrets_key_missing']);
    } finally {
      await bare.close();
    }
  });
});

describe('a parent pays online', () => {
  it("opens an order of exactly the instalments' amounts, for its own child only", async () => {
    const s = await onlineSchool(3);
    const o = await order(s, [s.emis[0]!.id, s.emis[1]!.id]);
    expect(o.status).toBe(200);
    expect(o.body.result).toMatchObject({ keyId: KEYS.keyId, currency: 'INR', amount: s.emis[0]!.amount + s.emis[1]!.amount });
    expect(rzp.orders.get(o.body.result.gatewayOrderId)).toMatchObject({ amount: o.body.result.amount, currency: 'INR', receipt: o.body.result.orderId });
    // Another family's parent, and a stranger school's: 404, no order made.
    const stranger = await env.f.token(await env.f.user(115, s.school));
    const before = rzp.orders.size;
    expect((await order(s, [s.emis[0]!.id], stranger)).status).toBe(404);
    expect(rzp.orders.size).toBe(before);
  });

  it('asking again for the same instalments and amount reuses the open order; a payer opens at most 5 new orders in 10 minutes', async () => {
    const s = await onlineSchool(3);
    const before = rzp.orders.size;
    const first = await order(s, [s.emis[0]!.id, s.emis[1]!.id]);
    const again = await order(s, [s.emis[1]!.id, s.emis[0]!.id]);
    expect(again.body.result).toEqual(first.body.result);
    expect(rzp.orders.size).toBe(before + 1);
    // Other instalments are another order; a late fee charged since changes the amount: another order too.
    const third = (await order(s, [s.emis[2]!.id])).body.result;
    expect(third.orderId).not.toBe(first.body.result.orderId);
    await env.db.insert(feeLateFees).values({ schoolId: s.school.id, instalmentId: s.emis[2]!.id, amount: 5_000, assessedOn: '2026-11-20' });
    const withLateFee = (await order(s, [s.emis[2]!.id])).body.result;
    expect([withLateFee.orderId === third.orderId, withLateFee.amount]).toEqual([false, s.emis[2]!.amount + 5_000]);
    expect(rzp.orders.size).toBe(before + 3);
    // Two more new orders, then the limit: 429 with its reason, no call to the gateway, no row.
    expect((await order(s, [s.emis[0]!.id])).status).toBe(200);
    expect((await order(s, [s.emis[1]!.id])).status).toBe(200);
    const rows = (await env.db.select().from(feeOrders).where(eq(feeOrders.schoolId, s.school.id))).length;
    const limited = await order(s, [s.emis[0]!.id, s.emis[2]!.id]);
    expect([limited.status, limited.body.reason]).toEqual([429, 'pay_orders_too_many']);
    expect(rzp.orders.size).toBe(before + 5);
    expect((await env.db.select().from(feeOrders).where(eq(feeOrders.schoolId, s.school.id))).length).toBe(rows);
    // An order already open is still answered.
    expect((await order(s, [s.emis[0]!.id, s.emis[1]!.id])).body.result.orderId).toBe(first.body.result.orderId);
  });

  it('Checkout first: receipts in one batch; the webhook after it and its replay find it done', async () => {
    const s = await onlineSchool(3);
    const o = (await order(s, [s.emis[0]!.id, s.emis[1]!.id])).body.result;
    const checkout = rzp.pay(o.gatewayOrderId);
    const paid = await verify(s.parentToken, o, checkout);
    expect(paid.status).toBe(200);
    expect(paid.body.result).toMatchObject({ status: 'paid', batchId: o.orderId });
    expect(paid.body.result.receipts.map((r) => r.receiptNo)).toEqual([1, 2]);
    const delivery = await rzp.deliver(s.hookUrl, 'payment.captured', checkout.razorpay_payment_id);
    expect(delivery.status).toBe(200);
    expect((await rzp.replay(s.hookUrl, delivery)).status).toBe(200);
    expect((await verify(s.parentToken, o, checkout)).body.result.receipts).toEqual(paid.body.result.receipts);
    const live = await livePayments(s.school.id);
    expect(live.map((p) => [p.mode, p.reference, p.batchId])).toEqual([
      ['online', checkout.razorpay_payment_id, o.orderId],
      ['online', checkout.razorpay_payment_id, o.orderId],
    ]);
    const after = await fees(s);
    expect(after.instalments.map((i) => i.state)).toEqual(['paid', 'paid', expect.not.stringMatching('paid')]);
    expect(after.record!.paid).toBe(s.emis[0]!.amount + s.emis[1]!.amount);
  });

  it('the webhook first: Checkout\'s return then answers the same receipts', async () => {
    const s = await onlineSchool(2);
    const o = (await order(s, [s.emis[0]!.id])).body.result;
    const checkout = rzp.pay(o.gatewayOrderId);
    expect((await rzp.deliver(s.hookUrl, 'payment.captured', checkout.razorpay_payment_id)).status).toBe(200);
    const [live] = await livePayments(s.school.id);
    const paid = await verify(s.parentToken, o, checkout);
    expect(paid.body.result).toMatchObject({ status: 'paid', receipts: [{ paymentId: live!.id, receiptNo: 1 }] });
  });

  it('both at once, and two tabs paying the same instalment: at most one payment per instalment, the other money flagged for a refund', async () => {
    const s = await onlineSchool(3);
    const o = (await order(s, [s.emis[0]!.id])).body.result;
    const checkout = rzp.pay(o.gatewayOrderId);
    const [a, b] = await Promise.all([verify(s.parentToken, o, checkout), rzp.deliver(s.hookUrl, 'payment.captured', checkout.razorpay_payment_id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await livePayments(s.school.id)).toHaveLength(1);

    // Two tabs: two orders with instalment 2 (the same instalments would be one order), both paid at the gateway.
    const [t1, t2] = [(await order(s, [s.emis[1]!.id])).body.result, (await order(s, [s.emis[1]!.id, s.emis[2]!.id])).body.result];
    const [c1, c2] = [rzp.pay(t1.gatewayOrderId), rzp.pay(t2.gatewayOrderId)];
    const results = await Promise.all([verify(s.parentToken, t1, c1), verify(s.parentToken, t2, c2)]);
    expect(results.map((r) => r.body.result.status).sort()).toEqual(['paid', 'unmatched']);
    expect(results.find((r) => r.body.result.status === 'unmatched')!.body.result.reason).toBe('emi_paid');
    expect((await livePayments(s.school.id)).length).toBe(results[0]!.body.result.status === 'paid' ? 2 : 3);

    // The principal refunds the money that matched nothing, once.
    const lost = results.find((r) => r.body.result.status === 'unmatched')!.body.result;
    const refunded = await call<PayResult>('POST', `/api/school/feeorders/${lost.orderId}/refund`, s.principal.token);
    expect(refunded.body.result.status).toBe('refunded');
    const refund = [...rzp.refunds.values()].find((r) => r.payment_id === (lost.orderId === t1.orderId ? c1 : c2).razorpay_payment_id);
    expect(refund).toMatchObject({ amount: lost.amount });
    expect((await call('POST', `/api/school/feeorders/${lost.orderId}/refund`, s.principal.token)).body.reason).toBe('order_not_unmatched');
  });

  it('money that no longer matches (the office took the instalment meanwhile) is flagged, never lost', async () => {
    const s = await onlineSchool(2);
    const o = (await order(s, [s.emis[0]!.id])).body.result;
    expect((await call('POST', `/api/school/feerecord/emi/paid/${s.emis[0]!.id}`, s.principal.token, { mode: 'cash' })).status).toBe(200);
    const checkout = rzp.pay(o.gatewayOrderId);
    expect((await rzp.deliver(s.hookUrl, 'payment.captured', checkout.razorpay_payment_id)).status).toBe(200);
    const [row] = await env.db.select().from(feeOrders).where(eq(feeOrders.id, o.orderId));
    expect(row).toMatchObject({ status: 'unmatched', reason: 'emi_paid', gatewayPaymentId: checkout.razorpay_payment_id });
    expect(await livePayments(s.school.id)).toHaveLength(1);
  });

  it('money in another currency of the order’s number settles nothing, by Checkout’s return or the webhook: flagged as a mismatch', async () => {
    const s = await onlineSchool(2);
    const byVerify = (await order(s, [s.emis[0]!.id])).body.result;
    const usd = await verify(s.parentToken, byVerify, rzp.pay(byVerify.gatewayOrderId, { method: 'card', currency: 'USD' }));
    expect(usd.body.result).toMatchObject({ status: 'unmatched', reason: 'amount_mismatch', receipts: [] });
    const byHook = (await order(s, [s.emis[1]!.id])).body.result;
    const eur = rzp.pay(byHook.gatewayOrderId, { method: 'card', currency: 'EUR' });
    expect((await rzp.deliver(s.hookUrl, 'payment.captured', eur.razorpay_payment_id)).status).toBe(200);
    const [row] = await env.db.select().from(feeOrders).where(eq(feeOrders.id, byHook.orderId));
    expect(row).toMatchObject({ status: 'unmatched', reason: 'amount_mismatch' });
    expect(await livePayments(s.school.id)).toHaveLength(0);
    expect((await fees(s)).record!.paid).toBe(0);
  });

  it('forged, unsigned or unknown webhooks answer 400 and change nothing; a forged Checkout return too', async () => {
    const s = await onlineSchool(1);
    const o = (await order(s, [s.emis[0]!.id])).body.result;
    const checkout = rzp.pay(o.gatewayOrderId);
    expect((await rzp.deliver(s.hookUrl, 'payment.captured', checkout.razorpay_payment_id, { secret: 'a-forgers-secret-000000' })).status).toBe(400);
    expect((await rzp.deliver(s.hookUrl, 'payment.captured', checkout.razorpay_payment_id, { signature: null })).status).toBe(400);
    expect((await rzp.deliver(`${base}/api/hooks/razorpay?account=nobody`, 'payment.captured', checkout.razorpay_payment_id)).status).toBe(400);
    const forged = await verify(s.parentToken, o, { ...checkout, razorpay_signature: 'ab'.repeat(32) });
    expect([forged.status, forged.body.reason]).toEqual([400, 'payment_unverified']);
    expect(await livePayments(s.school.id)).toHaveLength(0);
    const [row] = await env.db.select({ status: feeOrders.status }).from(feeOrders).where(eq(feeOrders.id, o.orderId));
    expect(row!.status).toBe('created');
  });

  it('a failed attempt, then a late capture: the capture still pays', async () => {
    const s = await onlineSchool(1);
    const o = (await order(s, [s.emis[0]!.id])).body.result;
    const declined = rzp.decline(o.gatewayOrderId);
    expect((await rzp.deliver(s.hookUrl, 'payment.failed', declined)).status).toBe(200);
    expect((await call<PayResult>('GET', `/api/fee/pay/order/${o.orderId}`, s.parentToken)).body.result.status).toBe('failed');
    const checkout = rzp.pay(o.gatewayOrderId);
    await rzp.deliver(s.hookUrl, 'payment.captured', checkout.razorpay_payment_id);
    expect((await call<PayResult>('GET', `/api/fee/pay/order/${o.orderId}`, s.parentToken)).body.result).toMatchObject({ status: 'paid', receipts: [{ receiptNo: 1 }] });
  });

  it('a gateway that fails for a moment is tried again; one that stays down answers 503 and opens no order', async () => {
    const s = await onlineSchool(2);
    rzp.failNext('server_error');
    rzp.failNext('rate_limit');
    expect((await order(s, [s.emis[0]!.id])).status).toBe(200);
    for (let i = 0; i < 3; i++) rzp.failNext('server_error');
    const down = await order(s, [s.emis[1]!.id]);
    expect([down.status, down.body.reason]).toEqual([503, 'gateway_unavailable']);
    expect(await env.db.select().from(feeOrders).where(eq(feeOrders.schoolId, s.school.id))).toHaveLength(1);
  });

  it('reversing an online payment refunds it at the gateway (whole or in part), recorded with the reversal; the refund webhook settles it', async () => {
    const s = await onlineSchool(2);
    const o = (await order(s, [s.emis[0]!.id, s.emis[1]!.id])).body.result;
    const checkout = rzp.pay(o.gatewayOrderId);
    await verify(s.parentToken, o, checkout);
    const tooMuch = await call('POST', `/api/school/feerecord/emi/reverse/${s.emis[0]!.id}`, s.principal.token, { reason: 'Paid twice', refund: { amount: s.emis[0]!.amount + 1 } });
    expect([tooMuch.status, tooMuch.body.reason]).toEqual([400, 'refund_too_much']);
    const reversed = await call<StudentFees>('POST', `/api/school/feerecord/emi/reverse/${s.emis[0]!.id}`, s.principal.token, { reason: 'Paid twice', refund: { amount: 50_000 } });
    expect(reversed.status).toBe(200);
    const payment = reversed.body.result.payments.find((p) => p.emiId === s.emis[0]!.id)!;
    expect(payment.reversed).toMatchObject({ reason: 'Paid twice', refund: { amount: 50_000 } });
    const refund = [...rzp.refunds.values()].find((r) => r.payment_id === checkout.razorpay_payment_id)!;
    expect(refund.amount).toBe(50_000);
    expect((await rzp.deliver(s.hookUrl, 'refund.processed', refund.id)).status).toBe(200);
    expect((await fees(s)).payments.find((p) => p.emiId === s.emis[0]!.id)!.reversed!.refund).toEqual({ amount: 50_000, status: 'processed' });
    // The gateway refuses a refund: the reversal stands, its refund recorded as failed (never silently lost).
    rzp.failNext('refused');
    const refused = await call<StudentFees>('POST', `/api/school/feerecord/emi/reverse/${s.emis[1]!.id}`, s.principal.token, { reason: 'Left the school', refund: {} });
    expect(refused.status).toBe(200);
    expect(refused.body.result.payments.find((p) => p.emiId === s.emis[1]!.id)!.reversed!.refund).toEqual({ amount: s.emis[1]!.amount, status: 'failed' });
    // A payment taken at the office has nothing to refund at the gateway.
    await call('POST', `/api/school/feerecord/emi/paid/${s.emis[0]!.id}`, s.principal.token, { mode: 'cash' });
    const cash = await call('POST', `/api/school/feerecord/emi/reverse/${s.emis[0]!.id}`, s.principal.token, { reason: 'Wrong child', refund: {} });
    expect([cash.status, cash.body.reason]).toEqual([409, 'payment_not_online']);
  });

  it('a refund the gateway could not be reached for stays pending, and the refunds job asks again once, minutes later, with the same key', async () => {
    const s = await onlineSchool(1);
    const o = (await order(s, [s.emis[0]!.id])).body.result;
    const checkout = rzp.pay(o.gatewayOrderId);
    await verify(s.parentToken, o, checkout);
    // Every attempt of the request's call fails: the reversal stands, its refund pending without an id.
    for (let i = 0; i < 3; i++) rzp.failNext('server_error');
    const reversed = await call<StudentFees>('POST', `/api/school/feerecord/emi/reverse/${s.emis[0]!.id}`, s.principal.token, { reason: 'Left the school', refund: {} });
    expect(reversed.status).toBe(200);
    expect(reversed.body.result.payments.find((p) => p.emiId === s.emis[0]!.id)!.reversed!.refund).toEqual({ amount: s.emis[0]!.amount, status: 'pending' });
    const madeFor = () => [...rzp.refunds.values()].filter((r) => r.payment_id === checkout.razorpay_payment_id);
    expect(madeFor()).toHaveLength(0);
    // Not while the request may still be asking.
    expect(await retryPendingRefunds(env.app.deps)).toMatchObject({ asked: 0 });
    await env.db
      .update(feePayments)
      .set({ reversedAt: sql`${feePayments.reversedAt} - interval '10 minutes'` })
      .where(and(eq(feePayments.schoolId, s.school.id), eq(feePayments.instalmentId, s.emis[0]!.id)));
    expect(await retryPendingRefunds(env.app.deps)).toMatchObject({ asked: 1, settled: 1 });
    expect(madeFor().map((r) => r.amount)).toEqual([s.emis[0]!.amount]);
    const [row] = await env.db.select().from(feePayments).where(and(eq(feePayments.schoolId, s.school.id), eq(feePayments.instalmentId, s.emis[0]!.id)));
    expect(row!.refundId).toBe(madeFor()[0]!.id);
    // Answered: the next run has nothing of it to ask.
    expect(await retryPendingRefunds(env.app.deps)).toMatchObject({ asked: 0 });
  });
});

describe('on PostgreSQL, many parents at once', () => {
  it('a reversal with a refund racing one without: one reverses, the other answers 409; every refund made at the gateway is recorded', async () => {
    const s = await onlineSchool(3);
    const o = (await order(s, s.emis.map((e) => e.id))).body.result;
    const checkout = rzp.pay(o.gatewayOrderId);
    expect((await verify(s.parentToken, o, checkout)).body.result.status).toBe('paid');
    for (const e of s.emis) {
      const url = `/api/school/feerecord/emi/reverse/${e.id}`;
      const answers = await Promise.all([
        call('POST', url, s.principal.token, { reason: 'Refund asked', refund: {} }),
        call('POST', url, s.principal.token, { reason: 'Entered twice' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.reason).toBe('emi_not_paid');
    }
    const made = [...rzp.refunds.values()].filter((r) => r.payment_id === checkout.razorpay_payment_id);
    const recorded = (await env.db.select().from(feePayments).where(eq(feePayments.schoolId, s.school.id))).filter((p) => p.refundId !== null);
    expect(recorded.map((p) => [p.refundId, p.refundAmount])).toEqual(expect.arrayContaining(made.map((r) => [r.id, r.amount])));
    expect(recorded).toHaveLength(made.length);
  });


  it('ten order requests for the same instalments at once: one order at the gateway, the same answer to all', async () => {
    const s = await onlineSchool(2);
    const before = rzp.orders.size;
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(s, [s.emis[0]!.id, s.emis[1]!.id])));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.result.gatewayOrderId)).size).toBe(1);
    expect(rzp.orders.size).toBe(before + 1);
    expect(await env.db.select().from(feeOrders).where(eq(feeOrders.schoolId, s.school.id))).toHaveLength(1);
  });

  it('50 online payments of one school at once take the receipt numbers 1 to 50, no gap', async () => {
    const fs = await feeSchool(env, { count: 50 });
    await call('PUT', '/api/school/paymentsettings/razorpay', fs.principal.token, KEYS);
    const students: Array<{ user: TestUser; token: string; emi: string }> = [];
    for (const user of fs.students) {
      const { instalments } = await addRecord(env, fs, user, { instalments: 1 });
      students.push({ user, token: await env.f.token(user), emi: instalments[0]!.id });
    }
    const orders = await Promise.all(students.map((s) => order({ parentToken: s.token }, [s.emi])));
    const results = await Promise.all(orders.map((o, i) => verify(students[i]!.token, o.body.result, rzp.pay(o.body.result.gatewayOrderId))));
    expect(results.every((r) => r.body.result.status === 'paid')).toBe(true);
    const numbers = results.map((r) => r.body.result.receipts[0]!.receiptNo).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
