import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeInstalments, feeLateFees, feeOrders, feePayments, feeUpiClaims, notifications, paymentSettings, users } from '../src/db/schema.js';
import { localDate } from '../src/modules/calendar/days.js';
import { runFeeReminders } from '../src/modules/payments/reminders.js';
import { renderNotification } from '../src/texts/notifications.js';
import { setupApp, type TestEnv, type TestUser } from './helpers.js';
import { addRecord, feeSchool, payInstalment, type FeeSchool } from './fees-fixture.js';

/**
 * Fees by UPI without a gateway (issue 25): the school's UPI id, an instalment's upi://pay link and
 * QR code, a parent's reference, the office's confirmation (a receipt, through the one payment
 * path) or rejection (the parent told), the reminders' link, and the daily settlement (JSON, CSV).
 */
let env: TestEnv;
let fs: FeeSchool;
let other: FeeSchool;
let tokens: { parent: string; student: string; stranger: string; otherPrincipal: string };
/** The first student's record: 4 instalments from 10 May 2026, the first paid (receipt 1). */
let record: Awaited<ReturnType<typeof addRecord>>;
let child: TestUser;
let today: string;

const UPI = { vpa: 'shala.school@okaxis', name: 'Shala Public School' };

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env);
  other = await feeSchool(env);
  child = fs.students[0]!;
  const strangerParent = await env.f.user(115, fs.school);
  // The second student is another family's child.
  await env.db.update(users).set({ parentUserId: strangerParent.id }).where(eq(users.id, fs.students[1]!.id));
  tokens = {
    parent: await env.f.token(fs.parent),
    student: await env.f.token(child),
    stranger: await env.f.token(strangerParent),
    otherPrincipal: other.principal.token,
  };
  record = await addRecord(env, fs, child, { instalments: 4, start: '2026-05-10', paidCount: 1 });
  today = localDate('Asia/Kolkata');
});
afterAll(() => env.close());

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const emi = (seq: number) => record.instalments[seq - 1]!.id;
const claimsOf = async (emiId: string) => env.db.select().from(feeUpiClaims).where(eq(feeUpiClaims.instalmentId, emiId));

describe('the school’s UPI id', () => {
  it('is set by the principal alone, checked (name@bank, a name with it), and leaves the gateway’s columns alone', async () => {
    const url = '/api/school/paymentsettings/upi';
    expect((await call(fs.admin.token, 'GET', url)).json().result).toEqual({ vpa: null, name: null, updatedAt: null });
    // The gateway's part keeps its own columns in the same row.
    await env.db.insert(paymentSettings).values({ schoolId: fs.school.id, razorpayKeyId: 'rzp_test_Kept000000001' });
    expect((await call(fs.admin.token, 'PUT', url, UPI)).statusCode).toBe(403);
    for (const [vpa, path, code] of [
      ['school-at-bank', 'body.vpa', 'upi_vpa'],
      ['@okaxis', 'body.vpa', 'upi_vpa'],
      ['school@ok axis', 'body.vpa', 'upi_vpa'],
    ] as const) {
      const bad = await call(fs.principal.token, 'PUT', url, { vpa, name: 'X' });
      expect(bad.statusCode, vpa).toBe(400);
      expect(bad.json().issues[0]).toMatchObject({ path, code });
    }
    const nameless = await call(fs.principal.token, 'PUT', url, { vpa: UPI.vpa, name: '' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().issues[0].path).toBe('body.name');
    expect((await call(fs.admin.token, 'GET', url)).json().result.vpa).toBeNull();

    const saved = await call(fs.principal.token, 'PUT', url, { vpa: ` ${UPI.vpa} `, name: UPI.name });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject(UPI);
    expect((await call(fs.admin.token, 'GET', url)).json().result).toMatchObject(UPI);
    expect((await call(tokens.parent, 'GET', `/api/school/feerecord/emi/student/${child.id}/${fs.school.sessionId}`)).json().result.payOptions.upi).toBe(true);
    // Another school has none.
    expect((await call(tokens.otherPrincipal, 'GET', url)).json().result.vpa).toBeNull();

    // Clearing removes UPI; setting it again brings it back; the key id stayed all along.
    const cleared = await call(fs.principal.token, 'PUT', url, { vpa: '', name: 'ignored' });
    expect(cleared.json().result).toMatchObject({ vpa: null, name: null });
    expect((await call(tokens.parent, 'GET', `/api/school/feerecord/emi/student/${child.id}/${fs.school.sessionId}`)).json().result.payOptions.upi).toBe(false);
    expect((await call(tokens.parent, 'GET', `/api/fee/upi/${emi(2)}`)).json().reason).toBe('upi_not_set');
    await call(fs.principal.token, 'PUT', url, UPI);
    const [row] = await env.db.select().from(paymentSettings).where(eq(paymentSettings.schoolId, fs.school.id));
    expect(row).toMatchObject({ razorpayKeyId: 'rzp_test_Kept000000001', upiVpa: UPI.vpa, upiName: UPI.name, updatedBy: fs.principal.id });
  });
});

describe('paying an instalment by UPI', () => {
  it('gives the link and QR code of the amount due with its late fee, for the family and the school only', async () => {
    // A late fee on the second instalment is due with it; a waived one on the third is not.
    await env.db.insert(feeLateFees).values([
      { schoolId: fs.school.id, instalmentId: emi(2), amount: 25_050, assessedOn: '2026-06-20' },
      { schoolId: fs.school.id, instalmentId: emi(3), amount: 10_000, assessedOn: '2026-07-20', waivedAt: new Date('2026-07-21T05:00:00Z'), waivedBy: fs.principal.id, waiveReason: 'Hardship' },
    ]);
    const res = await call(tokens.parent, 'GET', `/api/fee/upi/${emi(2)}`);
    expect(res.statusCode).toBe(200);
    const pay = res.json().result;
    const amount = record.instalments[1]!.amount + 25_050;
    expect(pay).toMatchObject({ emiId: emi(2), seq: 2, amount, lateFee: 25_050, reference: `${child.loginId}-2`, payee: UPI, claim: null });
    const link = new URL(pay.link);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({ pa: UPI.vpa, pn: UPI.name, am: (amount / 100).toFixed(2), cu: 'INR', tn: `Fee ${child.loginId}-2` });
    expect(pay.link).toContain(`pa=${UPI.vpa}&pn=Shala%20Public%20School&`);
    expect(pay.svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(pay.svg.trim()).toMatch(/<\/svg>$/);

    const third = (await call(tokens.student, 'GET', `/api/fee/upi/${emi(3)}`)).json().result;
    expect(third).toMatchObject({ amount: record.instalments[2]!.amount, lateFee: 0 });
    expect((await call(fs.admin.token, 'GET', `/api/fee/upi/${emi(3)}`)).statusCode).toBe(200);
    // Another family's parent, and the child's sibling student: 404, as another school's instalment.
    expect((await call(tokens.stranger, 'GET', `/api/fee/upi/${emi(2)}`)).statusCode).toBe(404);
    expect((await call(await env.f.token(fs.students[1]!), 'GET', `/api/fee/upi/${emi(2)}`)).statusCode).toBe(404);
    expect((await call(tokens.otherPrincipal, 'GET', `/api/fee/upi/${emi(2)}`)).statusCode).toBe(404);
    // Paid already.
    const paid = await call(tokens.parent, 'GET', `/api/fee/upi/${emi(1)}`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().reason).toBe('emi_paid');
  });
});

describe('a parent’s UPI reference and the office’s decision', () => {
  let claimId: string;

  it('is a pending claim of the parent’s own child, one at a time, shown on the instalment and told to the principals', async () => {
    const url = `/api/fee/upi/${emi(2)}/claim`;
    expect((await call(tokens.stranger, 'POST', url, { reference: '412345678901' })).statusCode).toBe(404);
    const bad = await call(tokens.parent, 'POST', url, { reference: '12-34' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'body.reference', code: 'upi_reference' });
    expect((await call(tokens.student, 'POST', url, { reference: '412345678901' })).statusCode).toBe(403);
    expect(await claimsOf(emi(2))).toHaveLength(0);

    const res = await call(tokens.parent, 'POST', url, { reference: ' 412345678901 ' });
    expect(res.statusCode).toBe(200);
    claimId = res.json().result.claimId;
    expect(res.json().result).toMatchObject({ reference: '412345678901' });
    const again = await call(tokens.parent, 'POST', url, { reference: '412345678902' });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('upi_claim_pending');
    const [stored] = await claimsOf(emi(2));
    expect(stored).toMatchObject({ status: 'pending', amount: record.instalments[1]!.amount + 25_050, studentId: child.id, claimedBy: fs.parent.id });
    expect(stored!.claimedAt.toISOString().slice(0, 10)).toBe(today);
    const paidClaim = await call(tokens.parent, 'POST', `/api/fee/upi/${emi(1)}/claim`, { reference: '412345678903' });
    expect(paidClaim.json().reason).toBe('emi_paid');

    const fees = (await call(tokens.parent, 'GET', `/api/school/feerecord/emi/student/${child.id}/${fs.school.sessionId}`)).json().result;
    expect(fees.instalments[1].upiClaim).toMatchObject({ claimId, reference: '412345678901' });
    expect((await call(tokens.parent, 'GET', `/api/fee/upi/${emi(2)}`)).json().result.claim.claimId).toBe(claimId);

    const [note] = await env.db.select().from(notifications).where(and(eq(notifications.userId, fs.principal.id), eq(notifications.kind, 'fee')));
    expect(note).toMatchObject({ link: '/feeupiclaims', params: { upiClaim: 'claimed', seq: 2, reference: '412345678901' } });
    expect(renderNotification({ kind: 'fee', params: note!.params, message: '' }, 'en')).toMatch(/^Pupil01 Test's parent paid instalment 2 \(₹[\d,]+\.50\) by UPI, reference 412345678901/);
    expect(renderNotification({ kind: 'fee', params: note!.params, message: '' }, 'hi')).toContain('यूपीआई');
  });

  it('lists pending claims for the office, the oldest first', async () => {
    const later = await call(tokens.parent, 'POST', `/api/fee/upi/${emi(4)}/claim`, { reference: 'T2611251234ABCD' });
    expect(later.statusCode).toBe(200);
    const list = await call(fs.admin.token, 'GET', '/api/school/feeupi/claims?status=pending&page=1&pageSize=10');
    expect(list.statusCode).toBe(200);
    const page = list.json().result;
    expect(page.total).toBe(2);
    expect(page.items.map((c: { seq: number }) => c.seq)).toEqual([2, 4]);
    expect(page.items[0]).toMatchObject({
      claimId,
      status: 'pending',
      student: { userId: child.id, loginId: child.loginId },
      class: { assignClassId: fs.classId, section: 'A' },
      emiId: emi(2),
      reference: '412345678901',
      claimedBy: { userId: fs.parent.id },
      decidedBy: null,
      receiptNo: null,
    });
    expect((await call(tokens.otherPrincipal, 'GET', '/api/school/feeupi/claims')).json().result.total).toBe(0);
  });

  it('confirmed, is the payment (mode upi, the claim’s reference, the late fee) with the next receipt number, once', async () => {
    const url = `/api/school/feeupi/claims/${claimId}/confirm`;
    // Another school's office: 404; a day after today: 400; nothing changed either way.
    expect((await call(tokens.otherPrincipal, 'POST', url, {})).statusCode).toBe(404);
    const future = await call(fs.admin.token, 'POST', url, { paidOn: '2099-01-01' });
    expect(future.json().reason).toBe('paid_on_future');
    expect((await claimsOf(emi(2))).find((c) => c.id === claimId)!.status).toBe('pending');

    const res = await call(fs.admin.token, 'POST', url, {});
    expect(res.statusCode).toBe(200);
    const { claim, payment } = res.json().result;
    expect(payment).toMatchObject({ receiptNo: 2, mode: 'upi', reference: '412345678901', amount: record.instalments[1]!.amount, lateFee: 25_050, paidOn: today, emiId: emi(2) });
    expect(claim).toMatchObject({ status: 'confirmed', receiptNo: 2, decidedBy: { userId: fs.admin.id } });
    const fees = (await call(tokens.parent, 'GET', `/api/school/feerecord/emi/student/${child.id}/${fs.school.sessionId}`)).json().result;
    expect(fees.instalments[1]).toMatchObject({ state: 'paid', upiClaim: null, payment: { receiptNo: 2 } });
    expect(fees.record.paid).toBe(record.instalments[0]!.amount + record.instalments[1]!.amount);
    // The parent is told of the receipt.
    const told = await env.db.select().from(notifications).where(and(eq(notifications.userId, fs.parent.id), eq(notifications.kind, 'fee')));
    expect(told.map((n) => n.params)).toContainEqual(expect.objectContaining({ receiptNo: 2 }));

    for (const decide of ['confirm', 'reject']) {
      const twice = await call(fs.principal.token, 'POST', `/api/school/feeupi/claims/${claimId}/${decide}`, decide === 'reject' ? { reason: 'Not in statement' } : {});
      expect(twice.statusCode, decide).toBe(409);
      expect(twice.json().reason).toBe('upi_claim_decided');
    }
    expect(await env.db.select().from(feePayments).where(eq(feePayments.instalmentId, emi(2)))).toHaveLength(1);
    const confirmed = (await call(fs.admin.token, 'GET', '/api/school/feeupi/claims?status=confirmed')).json().result;
    expect(confirmed.items.map((c: { claimId: string }) => c.claimId)).toEqual([claimId]);
  });

  it('rejected, keeps the reason and tells the parent why in its language, and lets it claim again', async () => {
    const [pending] = (await claimsOf(emi(4))).filter((c) => c.status === 'pending');
    const url = `/api/school/feeupi/claims/${pending!.id}/reject`;
    expect((await call(tokens.otherPrincipal, 'POST', url, { reason: 'Not in our statement' })).statusCode).toBe(404);
    expect((await call(fs.principal.token, 'POST', url, { reason: 'x' })).statusCode).toBe(400);
    const res = await call(fs.principal.token, 'POST', url, { reason: 'Not in our statement' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'rejected', decidedBy: { userId: fs.principal.id }, receiptNo: null, rejectReason: 'Not in our statement' });
    // The office's list of decided claims keeps the reason.
    const decided = await call(fs.principal.token, 'GET', '/api/school/feeupi/claims?status=rejected');
    expect(decided.json().result.items).toContainEqual(expect.objectContaining({ claimId: pending!.id, rejectReason: 'Not in our statement' }));
    const rejected = (await env.db.select().from(notifications).where(eq(notifications.userId, fs.parent.id))).find((n) => n.params.upiClaim === 'rejected');
    expect(rejected).toMatchObject({ kind: 'fee', link: '/studentfeedata', senderId: fs.principal.id });
    expect(renderNotification({ kind: 'fee', params: rejected!.params, message: '' }, 'en')).toBe(
      `The school could not confirm the UPI payment of instalment 4 (₹${(record.instalments[3]!.amount / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}) for Pupil01 Test, reference T2611251234ABCD: Not in our statement`,
    );
    expect(renderNotification({ kind: 'fee', params: rejected!.params, message: '' }, 'hi')).toMatch(/^विद्यालय Pupil01 Test की किस्त 4 .*Not in our statement$/);
    expect((await call(tokens.parent, 'POST', `/api/fee/upi/${emi(4)}/claim`, { reference: 'T2611251234ABCE' })).statusCode).toBe(200);
    expect((await call(fs.principal.token, 'POST', url, { reason: 'Again' })).json().reason).toBe('upi_claim_decided');
    expect(await env.db.select().from(feePayments).where(eq(feePayments.instalmentId, emi(4)))).toHaveLength(0);
  });
});

describe('one UPI reference pays once in a school (issue 39)', () => {
  it('refuses a reference on a pending or confirmed claim or a live payment of the school: 409, nothing written; the office sees a repeat from before', async () => {
    const s = await feeSchool(env, { count: 3, section: 'C' });
    await env.db.insert(paymentSettings).values({ schoolId: s.school.id, upiVpa: UPI.vpa, upiName: UPI.name });
    const otherFamily = await env.f.user(115, s.school);
    await env.db.update(users).set({ parentUserId: otherFamily.id }).where(eq(users.id, s.students[1]!.id));
    await env.db.update(users).set({ parentUserId: s.parent.id }).where(eq(users.id, s.students[2]!.id));
    const [own, theirs, sibling] = [
      await addRecord(env, s, s.students[0]!, { instalments: 3, start: '2026-05-10' }),
      await addRecord(env, s, s.students[1]!, { instalments: 2, start: '2026-05-10' }),
      await addRecord(env, s, s.students[2]!, { instalments: 2, start: '2026-05-10' }),
    ];
    const [parentToken, theirToken] = [await env.f.token(s.parent), await env.f.token(otherFamily)];
    const claim = (token: string, emiId: string, reference: string) => call(token, 'POST', `/api/fee/upi/${emiId}/claim`, { reference });
    const allClaims = async () => (await env.db.select().from(feeUpiClaims).where(eq(feeUpiClaims.schoolId, s.school.id))).length;

    expect((await claim(parentToken, own.instalments[0]!.id, '612345678901')).statusCode).toBe(200);
    // The same reference on a second instalment, a sibling's, another family's (letters in any case): 409, nothing written.
    for (const [token, emiId, reference] of [
      [parentToken, own.instalments[1]!.id, '612345678901'],
      [parentToken, sibling.instalments[0]!.id, '612345678901'],
      [theirToken, theirs.instalments[0]!.id, '612345678901'],
    ] as const) {
      const res = await claim(token, emiId, reference);
      expect([res.statusCode, res.json().reason, res.json().field], emiId).toEqual([409, 'upi_reference_used', 'reference']);
    }
    expect(await allClaims()).toBe(1);
    const mixed = await claim(parentToken, own.instalments[1]!.id, 'AXIS0099887766');
    expect(mixed.statusCode).toBe(200);
    expect((await claim(theirToken, theirs.instalments[0]!.id, 'axis0099887766')).json().reason).toBe('upi_reference_used');

    // Confirmed, it stays used (the payment carries it); rejected, it is free again.
    const [first] = await env.db.select().from(feeUpiClaims).where(eq(feeUpiClaims.instalmentId, own.instalments[0]!.id));
    expect((await call(s.admin.token, 'POST', `/api/school/feeupi/claims/${first!.id}/confirm`, {})).statusCode).toBe(200);
    expect((await claim(parentToken, own.instalments[2]!.id, '612345678901')).json().reason).toBe('upi_reference_used');
    expect((await call(s.admin.token, 'POST', `/api/school/feeupi/claims/${mixed.json().result.claimId}/reject`, { reason: 'Not in our statement' })).statusCode).toBe(200);
    expect((await claim(theirToken, theirs.instalments[0]!.id, 'AXIS0099887766')).statusCode).toBe(200);

    // A reference the office took at the counter (a UPI payment with its reference) is used too.
    expect((await call(s.principal.token, 'POST', `/api/school/feerecord/emi/paid/${sibling.instalments[0]!.id}`, { mode: 'upi', reference: '712345678901' })).statusCode).toBe(200);
    expect((await claim(parentToken, sibling.instalments[1]!.id, '712345678901')).json().reason).toBe('upi_reference_used');

    // Another school may hold the same reference: it is not this school's to know.
    const third = await feeSchool(env, { count: 1 });
    await env.db.insert(paymentSettings).values({ schoolId: third.school.id, upiVpa: UPI.vpa, upiName: UPI.name });
    const elsewhere = await addRecord(env, third, third.students[0]!, { instalments: 1, start: '2026-05-10' });
    expect((await claim(await env.f.token(third.parent), elsewhere.instalments[0]!.id, '612345678901')).statusCode).toBe(200);

    // A repeat that came in before the rule: marked in the office's list, and not confirmed while its reference pays.
    const [repeat] = await env.db
      .insert(feeUpiClaims)
      .values({ schoolId: s.school.id, instalmentId: theirs.instalments[1]!.id, studentId: s.students[1]!.id, amount: theirs.instalments[1]!.amount, reference: '612345678901', claimedBy: otherFamily.id, repeatBeforeRule: true })
      .returning();
    const pending = (await call(s.admin.token, 'GET', '/api/school/feeupi/claims?status=pending')).json().result.items as Array<{ claimId: string; repeat: boolean }>;
    expect(pending.map((c) => [c.claimId, c.repeat])).toEqual(expect.arrayContaining([[repeat!.id, true]]));
    expect(pending.filter((c) => c.claimId !== repeat!.id).every((c) => !c.repeat)).toBe(true);
    const confirmed = (await call(s.admin.token, 'GET', '/api/school/feeupi/claims?status=confirmed')).json().result.items;
    expect(confirmed).toEqual([expect.objectContaining({ claimId: first!.id, repeat: true })]);
    const twice = await call(s.admin.token, 'POST', `/api/school/feeupi/claims/${repeat!.id}/confirm`, {});
    expect([twice.statusCode, twice.json().reason]).toEqual([409, 'upi_reference_used']);
    expect(await env.db.select().from(feePayments).where(eq(feePayments.instalmentId, theirs.instalments[1]!.id))).toHaveLength(0);
  });

  it('two claims of one reference at once (two families): one wins, the other answers 409', async () => {
    const s = await feeSchool(env, { count: 2, section: 'D' });
    await env.db.insert(paymentSettings).values({ schoolId: s.school.id, upiVpa: UPI.vpa, upiName: UPI.name });
    const otherFamily = await env.f.user(115, s.school);
    await env.db.update(users).set({ parentUserId: otherFamily.id }).where(eq(users.id, s.students[1]!.id));
    const a = await addRecord(env, s, s.students[0]!, { instalments: 1, start: '2026-05-10' });
    const b = await addRecord(env, s, s.students[1]!, { instalments: 1, start: '2026-05-10' });
    const [ta, tb] = [await env.f.token(s.parent), await env.f.token(otherFamily)];
    for (let round = 0; round < 3; round++) {
      const reference = `81234567890${round}`;
      const answers = await Promise.all([
        call(ta, 'POST', `/api/fee/upi/${a.instalments[0]!.id}/claim`, { reference }),
        call(tb, 'POST', `/api/fee/upi/${b.instalments[0]!.id}/claim`, { reference }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().reason).toBe('upi_reference_used');
      const held = await env.db.select().from(feeUpiClaims).where(and(eq(feeUpiClaims.schoolId, s.school.id), eq(feeUpiClaims.reference, reference)));
      expect(held).toHaveLength(1);
      // Free both instalments for the next round.
      await env.db.update(feeUpiClaims).set({ status: 'rejected', rejectReason: 'Round over' }).where(eq(feeUpiClaims.schoolId, s.school.id));
    }
  });
});

describe('the reminders', () => {
  it('carry the UPI link of the amount due, written in the reader’s language', async () => {
    // The third instalment (due 10 July) is overdue by the fixed clock; the fourth was claimed (still reminded: not paid).
    const sent = await runFeeReminders(env.app.deps);
    expect(sent.overdue).toBeGreaterThanOrEqual(2);
    const notes = (await env.db.select().from(notifications).where(and(eq(notifications.userId, fs.parent.id), eq(notifications.kind, 'fee_overdue')))).filter(
      (n) => n.params.seq === 3,
    );
    expect(notes).toHaveLength(1);
    const params = notes[0]!.params;
    expect(params).toMatchObject({ vpa: UPI.vpa, seq: 3 });
    const link = new URL(String(params.upi));
    expect(link.searchParams.get('am')).toBe((record.instalments[2]!.amount / 100).toFixed(2));
    expect(link.searchParams.get('tn')).toBe(`Fee ${child.loginId}-3`);
    expect(renderNotification({ kind: 'fee_overdue', params, message: '' }, 'en')).toMatch(/is overdue\. Pay by UPI to shala\.school@okaxis: upi:\/\/pay\?pa=/);
    expect(renderNotification({ kind: 'fee_overdue', params, message: '' }, 'hi')).toMatch(/यूपीआई से shala\.school@okaxis को भुगतान करें: upi:\/\/pay\?pa=/);
    // A school without UPI: the plain text, no link.
    const elsewhere = await addRecord(env, other, other.students[0]!, { instalments: 1, start: '2026-05-10' });
    await runFeeReminders(env.app.deps);
    const [plain] = await env.db.select().from(notifications).where(and(eq(notifications.userId, other.parent.id), eq(notifications.kind, 'fee_overdue')));
    expect(plain!.params).not.toHaveProperty('upi');
    expect(elsewhere.instalments).toHaveLength(1);
  });
});

describe('the daily settlement', () => {
  it('sums one day by gateway method, UPI confirmed and pending, the counter’s modes, late fees in, reversed out; and the unmatched', async () => {
    const s = await feeSchool(env, { count: 4, section: 'B' });
    await env.db.insert(paymentSettings).values({ schoolId: s.school.id, upiVpa: UPI.vpa, upiName: UPI.name });
    const parentToken = await env.f.token(s.parent);
    const recs = [];
    for (const st of s.students) recs.push(await addRecord(env, s, st, { instalments: 4, start: '2026-05-10' }));
    const [a, b, c, d] = recs as [typeof record, typeof record, typeof record, typeof record];
    const pay = (id: string, body: object) => call(s.principal.token, 'POST', `/api/school/feerecord/emi/paid/${id}`, body);
    const amt = (r: typeof record, seq: number) => r.instalments[seq - 1]!.amount;

    // Counter: cash with a late fee, a cheque, a bank transfer; a cash payment reversed; one of yesterday.
    await env.db.insert(feeLateFees).values({ schoolId: s.school.id, instalmentId: b.instalments[0]!.id, amount: 5_000, assessedOn: '2026-06-01' });
    expect((await pay(b.instalments[0]!.id, { mode: 'cash' })).statusCode).toBe(200);
    expect((await pay(b.instalments[1]!.id, { mode: 'cheque', reference: '000123' })).statusCode).toBe(200);
    expect((await pay(c.instalments[0]!.id, { mode: 'bank_transfer', reference: 'NEFT1' })).statusCode).toBe(200);
    expect((await pay(c.instalments[1]!.id, { mode: 'cash' })).statusCode).toBe(200);
    expect((await call(s.principal.token, 'POST', `/api/school/feerecord/emi/reverse/${c.instalments[1]!.id}`, { reason: 'Entered twice' })).statusCode).toBe(200);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await pay(c.instalments[2]!.id, { mode: 'cash', paidOn: yesterday })).statusCode).toBe(200);
    // UPI: one confirmed, one pending.
    const claim = (await call(parentToken, 'POST', `/api/fee/upi/${a.instalments[0]!.id}/claim`, { reference: '512345678901' })).json().result;
    expect((await call(s.admin.token, 'POST', `/api/school/feeupi/claims/${claim.claimId}/confirm`, {})).statusCode).toBe(200);
    expect((await call(parentToken, 'POST', `/api/fee/upi/${a.instalments[1]!.id}/claim`, { reference: '512345678902' })).statusCode).toBe(200);
    // A reference entered yesterday and still pending counts too (the bank may hold the money): apart from the day's.
    const old = (await call(parentToken, 'POST', `/api/fee/upi/${a.instalments[2]!.id}/claim`, { reference: '512345678903' })).json().result;
    await env.db.update(feeUpiClaims).set({ claimedAt: new Date(Date.parse(`${today}T06:00:00Z`) - 86_400_000) }).where(eq(feeUpiClaims.id, old.claimId));
    // Online: two card payments and one by UPI through the gateway (orders inserted as the gateway's part writes them).
    const online = async (r: typeof record, seq: number, method: string) => {
      const inst = r.instalments[seq - 1]!;
      const [order] = await env.db
        .insert(feeOrders)
        .values({ schoolId: s.school.id, sessionId: s.school.sessionId, studentId: r.record.studentId, gatewayOrderId: `order_${inst.id.slice(0, 8)}`, amount: inst.amount, lines: [{ emiId: inst.id, amount: inst.amount, lateFee: 0 }], status: 'paid', method })
        .returning();
      const p = await payInstalment(env, s, r.record.id, inst, today, 'online');
      await env.db.update(feePayments).set({ orderId: order!.id, receivedBy: null }).where(eq(feePayments.id, p.id));
    };
    await online(d, 1, 'card');
    await online(d, 2, 'card');
    await online(d, 3, 'upi');
    // The gateway's money that matched nothing, from days before.
    await env.db.insert(feeOrders).values([
      { schoolId: s.school.id, sessionId: s.school.sessionId, studentId: d.record.studentId, gatewayOrderId: 'order_Unmatched01', gatewayPaymentId: 'pay_Unmatched01', amount: 1_234_567, lines: [], status: 'unmatched', method: 'card', reason: 'The instalment was paid meanwhile', paidAt: new Date('2026-11-20T06:00:00Z') },
      { schoolId: s.school.id, sessionId: s.school.sessionId, studentId: d.record.studentId, gatewayOrderId: 'order_Refunded01', amount: 9_900, lines: [], status: 'refunded', method: 'card' },
    ]);

    const res = await call(s.admin.token, 'GET', `/api/school/feereport/settlement?date=${today}`);
    expect(res.statusCode).toBe(200);
    const report = res.json().result;
    const line = (count: number, amount: number, lateFee = 0) => ({ count, amount, lateFee });
    expect(report.gateway).toEqual([
      { method: 'card', ...line(2, amt(d, 1) + amt(d, 2)) },
      { method: 'upi', ...line(1, amt(d, 3)) },
    ]);
    expect(report.upiConfirmed).toEqual(line(1, amt(a, 1)));
    expect(report.upiPending).toEqual({ count: 2, amount: amt(a, 2) + amt(a, 3), ofDay: { count: 1, amount: amt(a, 2) } });
    expect(report.counter).toEqual([
      { mode: 'cash', ...line(1, amt(b, 1) + 5_000, 5_000) },
      { mode: 'cheque', ...line(1, amt(b, 2)) },
      { mode: 'bank_transfer', ...line(1, amt(c, 1)) },
    ]);
    expect(report.total).toEqual(line(7, amt(d, 1) + amt(d, 2) + amt(d, 3) + amt(a, 1) + amt(b, 1) + 5_000 + amt(b, 2) + amt(c, 1), 5_000));
    expect(report.unmatched).toMatchObject({ count: 1, amount: 1_234_567 });
    expect(report.unmatched.orders).toEqual([
      expect.objectContaining({ gatewayOrderId: 'order_Unmatched01', gatewayPaymentId: 'pay_Unmatched01', amount: 1_234_567, reason: 'The instalment was paid meanwhile', at: '2026-11-20T06:00:00.000Z', student: expect.objectContaining({ userId: d.record.studentId }) }),
    ]);
    // Yesterday: the one cash payment; another school sees none of it; a parent may not ask.
    const before = (await call(s.admin.token, 'GET', `/api/school/feereport/settlement?date=${yesterday}`)).json().result;
    expect(before.counter[0]).toEqual({ mode: 'cash', ...line(1, amt(c, 3)) });
    expect(before.upiPending).toEqual({ count: 2, amount: amt(a, 2) + amt(a, 3), ofDay: { count: 1, amount: amt(a, 3) } });
    const theirs = (await call(tokens.otherPrincipal, 'GET', `/api/school/feereport/settlement?date=${today}`)).json().result;
    expect(theirs.total.count).toBe(0);
    expect(theirs.unmatched.count).toBe(0);
    expect((await call(parentToken, 'GET', `/api/school/feereport/settlement?date=${today}`)).statusCode).toBe(403);
    expect((await call(s.admin.token, 'GET', '/api/school/feereport/settlement?date=2026-02-30')).statusCode).toBe(400);

    // The CSV: a download, a header row, amounts in rupees with two decimals, headings in Hindi on request.
    const csv = await call(s.admin.token, 'GET', `/api/school/feereport/settlement?date=${today}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`attachment; filename="settlement-${today}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Section,Item,Payments,Amount (₹),Late fee (₹),Detail');
    expect(lines).toContain(`Online (gateway),card,2,${((amt(d, 1) + amt(d, 2)) / 100).toFixed(2)},0.00,`);
    expect(lines).toContain(`Counter,Cash,1,${((amt(b, 1) + 5_000) / 100).toFixed(2)},50.00,`);
    expect(lines).toContain(`UPI pending confirmation,upi,2,${((amt(a, 2) + amt(a, 3)) / 100).toFixed(2)},,`);
    expect(lines).toContain(`"UPI pending, entered this day",upi,1,${(amt(a, 2) / 100).toFixed(2)},,`);
    expect(lines).toContain('Gateway unmatched,All,1,12345.67,,');
    expect(lines.find((l) => l.includes('order_Unmatched01'))).toMatch(/^Gateway unmatched,Order order_Unmatched01,1,12345\.67,,.*pay_Unmatched01 · card · 2026-11-20 · The instalment was paid meanwhile$/);
    expect(lines).toHaveLength(1 + 2 + 1 + 3 + 1 + 2 + 1 + 1);
    const hindi = await call(s.admin.token, 'GET', `/api/school/feereport/settlement?date=${today}&format=csv&lang=hi`);
    expect(hindi.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('खंड,मद,भुगतान,राशि (₹),विलंब शुल्क (₹),विवरण');
    // Nothing of the claims' list leaks in: the pending claim is still pending.
    expect((await env.db.select().from(feeInstalments).where(eq(feeInstalments.id, a.instalments[1]!.id)))[0]!.paid).toBe(false);
  });
});
