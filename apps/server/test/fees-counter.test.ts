import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords, cashRounded, formatRupees, type CounterDay, type CounterHit } from '@shala/contract';
import { classStudents, classes, feeCashClosings, feeInstalments, feeLateFees, feePayments, feeReceiptCounters, users } from '../src/db/schema.js';
import { setupApp, type TestEnv, type TestUser } from './helpers.js';
import { addRecord, feeSchool, setClassFee, CLASS_FEE, type FeeSchool } from './fees-fixture.js';
import { pdfContent } from './pdf-text.js';
import { countStatements } from './statements.js';

/**
 * The fee counter (issue 25): the search by name, login id, roll number and phone across the
 * classes of the current session; collecting a student's instalments as one batch (late fees with
 * them, receipt numbers in a row, a repeated batch answered, a paid instalment refused without a
 * change); the day's collection by mode; the batch's receipt (A5 and an 80 mm roll). The school's
 * today is 2026-11-25 (the fixed clock).
 */
let env: TestEnv;
let fs: FeeSchool;
let other: FeeSchool;
let tokens: { teacher: string; parent: string; sibling: string };
/** Pupil01 (5-A, roll 1, the parent's child): 4 instalments from 10 Sep 2026, the first paid; 2 and 3 overdue (2 with a late fee, 3 a waived one), 4 due 10 Dec. */
let first: Awaited<ReturnType<typeof addRecord>>;
/** Pupil02 (5-A, roll 2, phone 98765 43210): 3 instalments from 10 Nov 2026 (overdue, due 10 Dec, due 10 Jan). */
let second: Awaited<ReturnType<typeof addRecord>>;
/** Pupil03 (5-A, roll 3): one instalment, due 10 Dec 2026 (two clerks press Collect at once). */
let third: Awaited<ReturnType<typeof addRecord>>;
/** Zoya of class 6-B, roll 7, without a fee record. */
let zoya: TestUser;
let otherInstalment: string;
const LATE_FEE = 10_000;

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env);
  other = await feeSchool(env);
  const [sixB] = await env.db
    .insert(classes)
    .values({ schoolId: fs.school.id, sessionId: fs.school.sessionId, masterClass: '6', name: '6', section: 'B', classLimit: 60 })
    .returning();
  await setClassFee(env, fs.school, sixB!.id, CLASS_FEE);
  zoya = await env.f.user(116, fs.school, { firstName: 'Zoya' });
  await env.db.insert(classStudents).values({ schoolId: fs.school.id, sessionId: fs.school.sessionId, classId: sixB!.id, studentId: zoya.id, rollNo: 7 });
  await env.db.update(users).set({ contact: '98765 43210' }).where(eq(users.id, fs.students[1]!.id));
  await env.db.update(users).set({ contact: '+91 91234-56789' }).where(eq(users.id, fs.parent.id));

  first = await addRecord(env, fs, fs.students[0]!, { instalments: 4, start: '2026-09-10', paidCount: 1 });
  second = await addRecord(env, fs, fs.students[1]!, { instalments: 3, start: '2026-11-10' });
  third = await addRecord(env, fs, fs.students[2]!, { instalments: 1, start: '2026-12-10' });
  await env.db.insert(feeLateFees).values([
    { schoolId: fs.school.id, instalmentId: first.instalments[1]!.id, amount: LATE_FEE, assessedOn: '2026-10-20' },
    { schoolId: fs.school.id, instalmentId: first.instalments[2]!.id, amount: 7_000, assessedOn: '2026-11-20', waivedAt: new Date('2026-11-21T05:00:00Z'), waivedBy: fs.principal.id, waiveReason: 'Hardship' },
  ]);
  const elsewhere = await addRecord(env, other, other.students[0]!, { instalments: 2, start: '2026-09-10' });
  otherInstalment = elsewhere.instalments[0]!.id;

  const teacher = await env.f.user(114, fs.school);
  tokens = { teacher: await env.f.token(teacher), parent: await env.f.token(fs.parent), sibling: await env.f.token(fs.students[1]!) };
});
afterAll(() => env.close());

const get = (url: string, token?: string) => env.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const search = async (q: string, token = fs.admin.token) => {
  const res = await get(`/api/school/feecounter/search?q=${encodeURIComponent(q)}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().result as { sessionId: string; today: string; hits: CounterHit[] };
};
const collect = (body: Record<string, unknown>, token = fs.admin.token) =>
  env.app.inject({ method: 'POST', url: '/api/school/feecounter/collect', headers: { token }, payload: { mode: 'cash', batchId: randomUUID(), ...body } });
const paymentsOfSchool = async () => (await env.db.select({ n: count() }).from(feePayments).where(eq(feePayments.schoolId, fs.school.id)))[0]!.n;
const receiptCounter = async () => (await env.db.select().from(feeReceiptCounters).where(eq(feeReceiptCounters.schoolId, fs.school.id)))[0]!.lastNo;

describe('the counter search', () => {
  it('finds students of any class by name, login id, roll number and phone (their own or their parent’s), never another school’s', async () => {
    const byName = await search('pupil0');
    expect(byName.sessionId).toBe(fs.school.sessionId);
    expect(byName.today).toBe('2026-11-25');
    expect(byName.hits.map((h) => h.student.userId)).toEqual(fs.students.map((s) => s.id));
    const pupil = byName.hits[0]!;
    expect(pupil.class).toMatchObject({ masterClass: '5', section: 'A' });
    expect(pupil.student.rollNo).toBe(1);
    expect(pupil.parent).toEqual({ fullName: fs.parent.name, contact: '+91 91234-56789' });
    // Dues by today: instalments 2 and 3, with 2's late fee (3's is waived); the next unpaid due date.
    const [, i2, i3, i4] = first.instalments;
    expect(pupil.dues).toEqual({ balance: i2!.amount + i3!.amount + i4!.amount, dueCount: 2, dueAmount: i2!.amount + i3!.amount + LATE_FEE, nextDue: '2026-10-10' });
    expect(byName.hits[2]!.dues).toEqual({ balance: third.record.total, dueCount: 0, dueAmount: 0, nextDue: '2026-12-10' });

    expect((await search(fs.students[2]!.loginId)).hits[0]!.student.userId).toBe(fs.students[2]!.id);
    const roll = await search('7');
    expect(roll.hits[0]).toMatchObject({ student: { userId: zoya.id, rollNo: 7 }, class: { masterClass: '6', section: 'B' }, dues: null });
    expect((await search('43210')).hits.map((h) => h.student.userId)).toEqual([fs.students[1]!.id]);
    expect((await search('+91 91234 56789')).hits.map((h) => h.student.userId)).toEqual([fs.students[0]!.id]);
    expect((await search('no such pupil')).hits).toEqual([]);

    // The other school has its own Pupil01: never found here, and this school's never there.
    const mine = new Set([...fs.students, zoya].map((s) => s.id));
    expect((await search('pupil01')).hits.every((h) => mine.has(h.student.userId))).toBe(true);
    expect((await search('pupil01', other.principal.token)).hits.map((h) => h.student.userId)).toEqual([other.students[0]!.id]);
  });

  it('is one statement', async () => {
    const { result, statements } = await countStatements(env, fs.school.id, () => get('/api/school/feecounter/search?q=pupil', fs.principal.token));
    expect(result.statusCode).toBe(200);
    expect(statements).toBe(1);
  });

  it('answers 401 without a session, 400 without a term, 403 for a teacher or a parent', async () => {
    expect((await get('/api/school/feecounter/search?q=pupil')).statusCode).toBe(401);
    expect((await get('/api/school/feecounter/search?q=', fs.admin.token)).statusCode).toBe(400);
    for (const token of [tokens.teacher, tokens.parent]) {
      expect((await get('/api/school/feecounter/search?q=pupil', token)).statusCode).toBe(403);
      expect((await collect({ emiIds: [first.instalments[3]!.id] }, token)).statusCode).toBe(403);
      expect((await get('/api/school/feecounter/day', token)).statusCode).toBe(403);
    }
  });
});

describe('collecting at the counter', () => {
  let batchId: string;

  it('pays the ticked instalments as one batch: receipt numbers in a row, the late fee with its instalment, received by the clerk', async () => {
    batchId = randomUUID();
    const [, i2, i3] = first.instalments;
    const res = await collect({ batchId, emiIds: [i3!.id, i2!.id], mode: 'cash' });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.created).toBe(true);
    expect(result.student).toEqual({ userId: fs.students[0]!.id, fullName: fs.students[0]!.name, loginId: fs.students[0]!.loginId });
    // Instalment 1's payment had receipt 1.
    expect(result.payments.map((p: { receiptNo: number; seq: number; lateFee: number; batchId: string }) => [p.receiptNo, p.seq, p.lateFee, p.batchId])).toEqual([
      [2, 2, LATE_FEE, batchId],
      [3, 3, 0, batchId],
    ]);
    expect(result.payments[0].receivedBy.userId).toBe(fs.admin.id);
    expect(result.payments[0].paidOn).toBe('2026-11-25');
    expect(result.total).toBe(i2!.amount + i3!.amount + LATE_FEE);
    const fees = (await get(`/api/school/feerecord/emi/student/${fs.students[0]!.id}/${fs.school.sessionId}`, fs.principal.token)).json().result;
    expect(fees.instalments.map((i: { state: string }) => i.state)).toEqual(['paid', 'paid', 'paid', 'due']);
    expect(fees.record.paid).toBe(first.instalments[0]!.amount + i2!.amount + i3!.amount);
  });

  it('answers a batch sent again with its payments, and writes nothing', async () => {
    const before = await paymentsOfSchool();
    const res = await collect({ batchId, emiIds: [first.instalments[1]!.id, first.instalments[2]!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.created).toBe(false);
    expect(res.json().result.payments.map((p: { receiptNo: number }) => p.receiptNo)).toEqual([2, 3]);
    expect(await paymentsOfSchool()).toBe(before);
  });

  it('pays once when the same batch is sent twice at the same moment: the second answers the first', async () => {
    const before = await paymentsOfSchool();
    const body = { batchId: randomUUID(), emiIds: [third.instalments[0]!.id], mode: 'cheque', reference: 'CHQ 000123' };
    const answers = await Promise.all([collect(body), collect(body, fs.principal.token)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const results = answers.map((r) => r.json().result);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0].payments).toEqual(results[1].payments);
    expect(await paymentsOfSchool()).toBe(before + 1);
  });

  it('refuses an instalment paid already (409 emi_paid) and changes nothing, not even the receipt counter', async () => {
    const before = { payments: await paymentsOfSchool(), counter: await receiptCounter() };
    const res = await collect({ emiIds: [first.instalments[3]!.id, first.instalments[2]!.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('emi_paid');
    expect({ payments: await paymentsOfSchool(), counter: await receiptCounter() }).toEqual(before);
    const [i4] = await env.db.select().from(feeInstalments).where(eq(feeInstalments.id, first.instalments[3]!.id));
    expect(i4!.paid).toBe(false);
  });

  it("takes a student's overdue and next due instalments when named by the student, by UPI with its reference", async () => {
    const res = await collect({ studentId: fs.students[1]!.id, mode: 'upi', reference: 'UPI-4471' }, fs.principal.token);
    expect(res.statusCode).toBe(200);
    const { payments } = res.json().result;
    expect(payments.map((p: { seq: number; mode: string; reference: string }) => [p.seq, p.mode, p.reference])).toEqual([
      [1, 'upi', 'UPI-4471'],
      [2, 'upi', 'UPI-4471'],
    ]);
    // Nothing unpaid: 409; not a student of the school: 404.
    const zoyaRes = await collect({ studentId: zoya.id });
    expect(zoyaRes.statusCode).toBe(409);
    expect(zoyaRes.json().reason).toBe('fee_nothing_due');
    expect((await collect({ studentId: other.students[0]!.id })).statusCode).toBe(404);
  });

  it('refuses a date after today, another school’s instalment, instalments of two students, and a body naming neither', async () => {
    const before = await paymentsOfSchool();
    const future = await collect({ emiIds: [first.instalments[3]!.id], paidOn: '2026-11-26' });
    expect(future.statusCode).toBe(400);
    expect(future.json().reason).toBe('paid_on_future');
    expect((await collect({ emiIds: [otherInstalment] })).statusCode).toBe(404);
    const two = await collect({ emiIds: [first.instalments[3]!.id, second.instalments[2]!.id] });
    expect(two.statusCode).toBe(400);
    expect(two.json().reason).toBe('emi_records_differ');
    expect((await collect({})).statusCode).toBe(400);
    expect(await paymentsOfSchool()).toBe(before);
  });
});

describe("the day's collection", () => {
  it('sums the live payments of a day by mode, late fees included, and the cash expected', async () => {
    const [i1, i2, i3] = first.instalments;
    const day = async (q = '', token = fs.principal.token) => {
      const res = await get(`/api/school/feecounter/day${q}`, token);
      expect(res.statusCode).toBe(200);
      return res.json().result as CounterDay;
    };
    const mode = (d: CounterDay, m: string) => d.modes.find((x) => x.mode === m);
    let today = await day();
    expect(today.date).toBe('2026-11-25');
    expect(today.modes.map((m) => m.mode)).toEqual(['cash', 'upi', 'cheque', 'bank_transfer', 'online']);
    const upi = second.instalments[0]!.amount + second.instalments[1]!.amount;
    expect(mode(today, 'cash')).toEqual({ mode: 'cash', count: 2, amount: i2!.amount + i3!.amount + LATE_FEE });
    expect(mode(today, 'upi')).toEqual({ mode: 'upi', count: 2, amount: upi });
    const cheque = third.instalments[0]!.amount;
    expect(mode(today, 'cheque')).toEqual({ mode: 'cheque', count: 1, amount: cheque });
    expect(mode(today, 'online')).toEqual({ mode: 'online', count: 0, amount: 0 });
    expect(today.expectedCash).toBe(i2!.amount + i3!.amount + LATE_FEE);
    expect(today.amount).toBe(today.expectedCash + upi + cheque);
    expect(today.count).toBe(5);

    // A reversed payment is out.
    const reverse = await env.app.inject({
      method: 'POST',
      url: `/api/school/feerecord/emi/reverse/${second.instalments[1]!.id}`,
      headers: { token: fs.principal.token },
      payload: { reason: 'Entered twice' },
    });
    expect(reverse.statusCode).toBe(200);
    today = await day('', fs.admin.token);
    expect(mode(today, 'upi')).toEqual({ mode: 'upi', count: 1, amount: second.instalments[0]!.amount });

    // Another day: what came in then (instalment 1, in cash, on its due date).
    const then = await day('?date=2026-09-10');
    expect(then).toMatchObject({ date: '2026-09-10', today: '2026-11-25', count: 1, amount: i1!.amount, expectedCash: i1!.amount });
    expect((await get('/api/school/feecounter/day?date=2026-02-30', fs.principal.token)).statusCode).toBe(400);
  });
});

describe('closing the day', () => {
  const close = (body: Record<string, unknown>, token = fs.admin.token) =>
    env.app.inject({ method: 'POST', url: '/api/school/feecounter/close', headers: { token }, payload: body });
  const dayOf = async (token: string, q = '') => (await get(`/api/school/feecounter/day${q}`, token)).json().result as CounterDay;

  it('keeps the cash counted with the cash expected and who closed it; a recount closes it again and the latest shows', async () => {
    expect((await dayOf(fs.principal.token)).closing).toBeNull();
    const expected = (await dayOf(fs.admin.token)).expectedCash;
    const res = await close({ pieces: { '500': 3, '10': 2, '1': 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      date: '2026-11-25',
      pieces: { '500': 3, '10': 2 },
      counted: 152_000,
      expected,
      difference: 152_000 - expected,
      closedBy: { userId: fs.admin.id },
    });
    // The principal's counter shows it; a recount replaces what shows, the first is kept.
    expect((await dayOf(fs.principal.token)).closing).toMatchObject({ counted: 152_000, closedBy: { userId: fs.admin.id } });
    const recount = await close({ pieces: { '500': 4 } }, fs.principal.token);
    expect(recount.json().result).toMatchObject({ counted: 200_000, closedBy: { userId: fs.principal.id } });
    expect((await dayOf(fs.admin.token)).closing).toMatchObject({ counted: 200_000, closedBy: { userId: fs.principal.id } });
    expect(await env.db.select().from(feeCashClosings).where(eq(feeCashClosings.schoolId, fs.school.id))).toHaveLength(2);
    // An earlier day closes on its own date; another school sees none of it.
    expect((await close({ date: '2026-09-10', pieces: { '100': 1 } })).json().result).toMatchObject({ date: '2026-09-10', counted: 10_000 });
    expect((await dayOf(other.admin.token)).closing).toBeNull();
  });

  it('refuses a day after today, an unknown note, a negative count, and a teacher, and keeps nothing', async () => {
    const before = (await env.db.select().from(feeCashClosings)).length;
    const future = await close({ date: '2026-11-26', pieces: { '500': 1 } });
    expect(future.statusCode).toBe(400);
    expect(future.json().reason).toBe('close_future');
    expect((await close({ pieces: { '2000': 1 } })).statusCode).toBe(400);
    expect((await close({ pieces: { '500': -1 } })).statusCode).toBe(400);
    expect((await close({ pieces: {} }, tokens.teacher)).statusCode).toBe(403);
    expect((await env.db.select().from(feeCashClosings)).length).toBe(before);
  });
});

describe("a batch's receipt", () => {
  let batchId: string;
  beforeAll(async () => {
    batchId = (await env.db.select({ b: feePayments.batchId }).from(feePayments).where(eq(feePayments.instalmentId, first.instalments[1]!.id)))[0]!.b!;
  });
  const url = (id: string, q = '') => `/api/fee/receipt/batch/${id}${q}`;

  it('prints every payment of the batch on one A5 receipt: each line, the late fee on its own, the total in figures and words', async () => {
    const res = await get(url(batchId), fs.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="receipt-2-3.pdf"');
    expect(res.headers['cache-control']).toContain('no-store');
    const { text } = pdfContent(res.rawPayload);
    const [, i2, i3] = first.instalments;
    const total = i2!.amount + i3!.amount + LATE_FEE;
    expect(text).toMatch(/Receipt no\. 2–3 /);
    expect(text).toContain(`Instalment 2 · due 10 Oct 2026 ${formatRupees(i2!.amount)}`);
    expect(text).toContain('Receipt no. 2');
    expect(text).toContain(`Late fee ${formatRupees(LATE_FEE)}`);
    expect(text).toContain(`Instalment 3 · due 10 Nov 2026 ${formatRupees(i3!.amount)}`);
    expect(text).toContain(formatRupees(total));
    expect(text).toContain(amountInWords(total, 'en'));
    expect(text).toContain('Payment mode Cash');
    expect(text).toContain(`Received by ${fs.admin.name}`);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 419\.5\d* 595\.2\d*\]/);

    const hi = pdfContent((await get(url(batchId, '?lang=hi'), tokens.parent)).rawPayload).text;
    expect(hi).toContain('विलंब शुल्क');
    expect(hi).toContain(amountInWords(total, 'hi'));
  });

  it('prints on an 80 mm roll as long as the receipt, and the single receipt does too', async () => {
    const res = await get(url(batchId, '?layout=thermal'), fs.principal.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="receipt-2-3-80mm.pdf"');
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(res.rawPayload.toString('latin1'))!;
    expect(Number(box[1])).toBeCloseTo(226.77, 1);
    expect(Number(box[2])).toBeGreaterThan(300);
    expect(Number(box[2])).toBeLessThan(1000);
    const { text } = pdfContent(res.rawPayload);
    expect(text).toContain('Late fee');
    expect(text).toContain(formatRupees(first.instalments[1]!.amount + first.instalments[2]!.amount + LATE_FEE));

    const [single] = await env.db.select({ id: feePayments.id }).from(feePayments).where(eq(feePayments.instalmentId, first.instalments[0]!.id));
    const one = await get(`/api/fee/receipt/${single!.id}?layout=thermal`, tokens.parent);
    expect(one.statusCode).toBe(200);
    const oneBox = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(one.rawPayload.toString('latin1'))!;
    expect(Number(oneBox[1])).toBeCloseTo(226.77, 1);
    expect(Number(oneBox[2])).toBeLessThan(Number(box[2]));
    expect(pdfContent(one.rawPayload).text).toContain('Instalment 1');
  });

  it('is the family’s and the school’s only: 404 for another child, another school or an unknown batch, 403 for a teacher, 400 for a bad layout', async () => {
    expect((await get(url(batchId), tokens.sibling)).statusCode).toBe(404);
    expect((await get(url(batchId), other.admin.token)).statusCode).toBe(404);
    expect((await get(url(randomUUID()), fs.admin.token)).statusCode).toBe(404);
    expect((await get(url(batchId), tokens.teacher)).statusCode).toBe(403);
    expect((await get(url(batchId, '?layout=a4'), fs.admin.token)).statusCode).toBe(400);
  });
});

/**
 * Issue 39, in the other school (the figures above stay as they are): a batch id belongs to one
 * student, even when two collections race (on PostgreSQL they do); cash is taken in whole rupees,
 * so a tally of notes and coins balances instalments with paise; a closed day takes no more cash.
 */
describe('one student a batch, cash in whole rupees, a closed day', () => {
  const otherCollect = (body: Record<string, unknown>, token = other.admin.token) => collect(body, token);
  const otherPayments = async () => (await env.db.select({ n: count() }).from(feePayments).where(eq(feePayments.schoolId, other.school.id)))[0]!.n;
  /** Pupil02 of the other school: 3 instalments from 10 Nov 2026 of ₹10,666.66, ₹10,666.66 and ₹10,666.68. */
  let paise: Awaited<ReturnType<typeof addRecord>>;
  beforeAll(async () => {
    paise = await addRecord(env, other, other.students[1]!, { instalments: 3, start: '2026-11-10' });
  });

  it('refuses a second student under a batch id (409), even when both collections race, and pays only the first', async () => {
    const [a, b] = await Promise.all([
      addRecord(env, other, other.students[2]!, { instalments: 1, start: '2026-12-10' }),
      env.f.user(116, other.school, { firstName: 'Veer' }).then(async (veer) => {
        await env.db.insert(classStudents).values({ schoolId: other.school.id, sessionId: other.school.sessionId, classId: other.classId, studentId: veer.id, rollNo: 9 });
        return addRecord(env, other, veer, { instalments: 1, start: '2026-12-10' });
      }),
    ]);
    const before = await otherPayments();
    const batchId = randomUUID();
    const answers = await Promise.all([
      otherCollect({ batchId, emiIds: [a.instalments[0]!.id], mode: 'upi', reference: 'UPI-77001' }),
      otherCollect({ batchId, emiIds: [b.instalments[0]!.id], mode: 'upi', reference: 'UPI-77001' }, other.principal.token),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().reason).toBe('counter_batch_other_student');
    const inBatch = await env.db.select({ recordId: feePayments.feeRecordId }).from(feePayments).where(eq(feePayments.batchId, batchId));
    expect(inBatch).toHaveLength(1);
    expect(await otherPayments()).toBe(before + 1);
    // Sent later, naming the other student or its instalments: refused as well, nothing written.
    const loser = inBatch[0]!.recordId === a.record.id ? b : a;
    for (const body of [{ batchId, emiIds: [loser.instalments[0]!.id] }, { batchId, studentId: loser.record.studentId }]) {
      const res = await otherCollect(body);
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toBe('counter_batch_other_student');
    }
    expect(await otherPayments()).toBe(before + 1);
  });

  it('expects each cash collection rounded to the rupee, so a count of notes and coins balances; the receipt says what was taken', async () => {
    const [i1, i2] = paise.instalments;
    const batch = randomUUID();
    expect((await otherCollect({ batchId: batch, emiIds: [i1!.id] })).statusCode).toBe(200);
    expect((await otherCollect({ emiIds: [i2!.id] })).statusCode).toBe(200);
    const day = (await get('/api/school/feecounter/day', other.admin.token)).json().result as CounterDay;
    // ₹10,666.66 twice: ₹21,333.32 paid, ₹21,334 in the drawer.
    expect(day.modes.find((m) => m.mode === 'cash')!.amount).toBe(i1!.amount + i2!.amount);
    expect(day.expectedCash).toBe(2 * 1_066_700);
    const closed = await env.app.inject({
      method: 'POST',
      url: '/api/school/feecounter/close',
      headers: { token: other.admin.token },
      payload: { pieces: { '500': 42, '200': 1, '100': 1, '20': 1, '10': 1, '2': 2 } },
    });
    expect(closed.json().result).toMatchObject({ counted: 2_133_400, expected: 2_133_400, difference: 0 });
    const { text } = pdfContent((await get(`/api/fee/receipt/batch/${batch}`, other.admin.token)).rawPayload);
    expect(text).toContain(`Cash taken (rounded to the rupee) ${formatRupees(1_066_700)}`);
  });

  it('takes no cash dated on an earlier day whose cash was closed (409, nothing written), at the counter or the office; today stays open for a recount', async () => {
    const i3 = paise.instalments[2]!;
    const yesterday = await env.app.inject({ method: 'POST', url: '/api/school/feecounter/close', headers: { token: other.admin.token }, payload: { date: '2026-11-24', pieces: { '100': 1 } } });
    expect(yesterday.statusCode).toBe(200);
    const counterOf = async () => (await env.db.select().from(feeReceiptCounters).where(eq(feeReceiptCounters.schoolId, other.school.id)))[0]!.lastNo;
    const before = { payments: await otherPayments(), counter: await counterOf() };
    const atCounter = await otherCollect({ emiIds: [i3.id], mode: 'cash', paidOn: '2026-11-24' });
    expect(atCounter.statusCode).toBe(409);
    expect(atCounter.json()).toMatchObject({ reason: 'cash_day_closed', params: { date: '2026-11-24' } });
    const atOffice = await env.app.inject({ method: 'POST', url: `/api/school/feerecord/emi/paid/${i3.id}`, headers: { token: other.principal.token }, payload: { mode: 'cash', paidOn: '2026-11-24' } });
    expect(atOffice.statusCode).toBe(409);
    expect(atOffice.json().reason).toBe('cash_day_closed');
    expect({ payments: await otherPayments(), counter: await counterOf() }).toEqual(before);
    // Today was closed too (above): cash still goes in, and the day shows more than its count expected.
    expect((await otherCollect({ emiIds: [i3.id], mode: 'cash' })).statusCode).toBe(200);
    const day = (await get('/api/school/feecounter/day', other.admin.token)).json().result as CounterDay;
    expect(day.expectedCash).toBe(2_133_400 + cashRounded(i3.amount));
    expect(day.closing).toMatchObject({ expected: 2_133_400 });
  });
});
