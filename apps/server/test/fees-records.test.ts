import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classFeeTotal, feeRecordTotal, formatRupees, type FeeRecord, type FeeRecordRow, type Payment, type StudentFees } from '@shala/contract';
import { classStudents, classes, feeInstalments, feePayments, feeReceiptCounters, feeRecords, feeTypes, notifications } from '../src/db/schema.js';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { setClock } from '../src/clock.js';
import { addDays, localDate } from '../src/modules/calendar/days.js';
import { setupApp, type TestEnv, type TestUser } from './helpers.js';
import { CLASS_FEE, addFeeType, addRecord, feeSchool, payInstalment, setClassFee, type FeeSchool } from './fees-fixture.js';
import { countStatements } from './statements.js';

/**
 * Fee records, instalment plans, payments and reversals, on a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL, where the concurrent requests below really run at once).
 */

let env: TestEnv;
let fs: FeeSchool;
/** Another school, with its own class, record and instalments: everything of it answers 404 to `fs`. */
let other: FeeSchool;
let otherEmi: string;
let otherRecord: string;
let teacherToken: string;

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env, { count: 3 });
  other = await feeSchool(env, { count: 1 });
  const o = await addRecord(env, other, other.students[0]!, { instalments: 2 });
  otherRecord = o.record.id;
  otherEmi = o.instalments[0]!.id;
  teacherToken = await env.f.token(await env.f.user(114, fs.school));
});
afterAll(() => env.close());

const today = () => localDate('Asia/Kolkata');
const CLASS_TOTAL = classFeeTotal(CLASS_FEE).total; // ₹32,000.00

async function call(token: string | null, opts: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }) {
  const res = await env.app.inject({ method: opts.method, url: opts.url, payload: opts.payload, headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json() as { result: unknown; message?: string; error?: string; reason?: string; params?: Record<string, unknown> } };
}
const list = (token: string | null, query: string) => call(token, { method: 'GET', url: `/api/school/feerecord?${query}` });
const create = (token: string | null, payload: object) => call(token, { method: 'POST', url: '/api/school/feerecord', payload });
const update = (token: string | null, id: string, payload: object) => call(token, { method: 'PATCH', url: `/api/school/feerecord/${id}`, payload });
const remove = (token: string | null, id: string) => call(token, { method: 'DELETE', url: `/api/school/feerecord/${id}` });
const plan = (token: string | null, payload: object) => call(token, { method: 'POST', url: '/api/school/feerecord/emi', payload });
const pay = (token: string | null, emiId: string, payload: object = { mode: 'cash' }) => call(token, { method: 'POST', url: `/api/school/feerecord/emi/paid/${emiId}`, payload });
const reverse = (token: string | null, emiId: string, reason = 'Cheque bounced') =>
  call(token, { method: 'POST', url: `/api/school/feerecord/emi/reverse/${emiId}`, payload: { reason } });

/** A fresh class of `count` students in school `f` (with the class fee unless `classFee: null`). */
async function freshClass(f: FeeSchool, count: number, opts: { classFee?: typeof CLASS_FEE | null; section?: string } = {}) {
  const [cls] = await env.db
    .insert(classes)
    .values({ schoolId: f.school.id, sessionId: f.school.sessionId, masterClass: '4', name: '4', section: opts.section ?? `S${randomUUID().slice(0, 6)}`, classLimit: 100 })
    .returning();
  const students: TestUser[] = [];
  for (let i = 0; i < count; i++) students.push(await env.f.user(116, f.school, { firstName: `Kid${String(i + 1).padStart(2, '0')}`, parentUserId: f.parent.id }));
  if (students.length) {
    await env.db
      .insert(classStudents)
      .values(students.map((s, i) => ({ schoolId: f.school.id, sessionId: f.school.sessionId, classId: cls!.id, studentId: s.id, rollNo: i + 1 })));
  }
  if (opts.classFee !== null) await setClassFee(env, f.school, cls!.id, opts.classFee ?? CLASS_FEE);
  return { classId: cls!.id, students };
}

/** Everything about one record as the database holds it. */
async function recordRows(recordId: string) {
  const [record] = await env.db.select().from(feeRecords).where(eq(feeRecords.id, recordId));
  const instalments = await env.db.select().from(feeInstalments).where(eq(feeInstalments.feeRecordId, recordId)).orderBy(asc(feeInstalments.seq));
  const payments = await env.db.select().from(feePayments).where(eq(feePayments.feeRecordId, recordId)).orderBy(asc(feePayments.receiptNo));
  return { record, instalments, payments };
}

/** The money rules every write keeps: instalments add up to the total, paid = paid instalments = live payments. */
async function expectBalanced(recordId: string) {
  const { record, instalments, payments } = await recordRows(recordId);
  if (instalments.length) expect(instalments.reduce((s, i) => s + i.amount, 0)).toBe(record!.total);
  const live = payments.filter((p) => !p.reversedAt);
  expect(record!.paid).toBe(live.reduce((s, p) => s + p.amount, 0));
  expect(record!.paid).toBe(instalments.filter((i) => i.paid).reduce((s, i) => s + i.amount, 0));
  expect(new Set(live.map((p) => p.instalmentId)).size).toBe(live.length);
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/school/feerecord (the students of a class with their records)', () => {
  it('401 without a session, 400 for a bad class id, 403 for a teacher, 404 for another school’s class', async () => {
    expect((await list(null, `assignClassId=${fs.classId}`)).status).toBe(401);
    expect((await list(fs.principal.token, 'assignClassId=nope')).status).toBe(400);
    expect((await list(teacherToken, `assignClassId=${fs.classId}`)).status).toBe(403);
    expect((await list(fs.principal.token, `assignClassId=${other.classId}`)).status).toBe(404);
  });

  it('lists every student by roll number with its record and plan figures, filters, searches and pages', async () => {
    const c = await freshClass(fs, 4);
    const made = await addRecord(env, fs, c.students[1]!, { classId: c.classId, instalments: 4, start: '2026-04-10', paidCount: 1, paidOn: '2026-04-10' });
    const all = await list(fs.admin.token, `assignClassId=${c.classId}`);
    expect(all.status).toBe(200);
    const page = all.body.result as { items: FeeRecordRow[]; total: number };
    expect(page.total).toBe(4);
    expect(page.items.map((r) => r.student.rollNo)).toEqual([1, 2, 3, 4]);
    expect(page.items.map((r) => !!r.record)).toEqual([false, true, false, false]);
    const record = page.items[1]!.record!;
    expect(record).toMatchObject({
      feeRecordId: made.record.id,
      total: CLASS_TOTAL,
      paid: CLASS_TOTAL / 4,
      balance: (CLASS_TOTAL * 3) / 4,
      instalments: 4,
      instalmentsPaid: 1,
      nextDue: '2026-05-10',
      class: { assignClassId: c.classId, className: '4' },
    });
    // Instalments due before the school's today are overdue.
    const overdue = made.instalments.filter((i) => !i.paid && i.seq > 1 && i.dueDate < today()).reduce((s, i) => s + i.amount, 0);
    expect(record.overdue).toBe(overdue);

    const withRecord = (await list(fs.principal.token, `assignClassId=${c.classId}&has=with`)).body.result as { items: FeeRecordRow[]; total: number };
    expect(withRecord.items.map((r) => r.student.userId)).toEqual([c.students[1]!.id]);
    const without = (await list(fs.principal.token, `assignClassId=${c.classId}&has=without&pageSize=2&page=2`)).body.result as { items: FeeRecordRow[]; total: number };
    expect(without.total).toBe(3);
    expect(without.items.map((r) => r.student.userId)).toEqual([c.students[3]!.id]);
    const past = (await list(fs.principal.token, `assignClassId=${c.classId}&page=9`)).body.result as { items: FeeRecordRow[]; total: number };
    expect(past).toMatchObject({ items: [], total: 4 });
    const found = (await list(fs.principal.token, `assignClassId=${c.classId}&search=kid03`)).body.result as { items: FeeRecordRow[]; total: number };
    expect(found.items.map((r) => r.student.userId)).toEqual([c.students[2]!.id]);
  });

  it('an empty class answers an empty page; the cost is the same for 3 and for 40 students', async () => {
    const empty = await freshClass(fs, 0);
    expect((await list(fs.principal.token, `assignClassId=${empty.classId}`)).body.result).toMatchObject({ items: [], total: 0 });
    const small = await freshClass(fs, 3);
    const big = await freshClass(fs, 40);
    for (const s of big.students.slice(0, 20)) await addRecord(env, fs, s, { classId: big.classId, instalments: 3 });
    const cost = async (classId: string) => (await countStatements(env, fs.school.id, () => list(fs.principal.token, `assignClassId=${classId}&pageSize=100`))).statements;
    const [a, b] = [await cost(small.classId), await cost(big.classId)];
    expect(a).toBe(b);
    expect(a).toBeLessThanOrEqual(3);
  });

  it('lists a record (fee types, no roll number) exactly as making it answered', async () => {
    const c = await freshClass(fs, 2);
    await env.db.update(classStudents).set({ rollNo: null }).where(eq(classStudents.studentId, c.students[1]!.id));
    const bus = await addFeeType(env, fs.school, { name: `Bus ${randomUUID().slice(0, 4)}`, kind: 'amount', value: 50_000 });
    const sibling = await addFeeType(env, fs.school, { name: `Sibling ${randomUUID().slice(0, 4)}`, kind: 'percent', value: -1_000 });
    const made = await create(fs.principal.token, { assignClassId: c.classId, studentIds: c.students.map((s) => s.id), feeTypeIds: [bus.id, sibling.id] });
    const listed = (await list(fs.principal.token, `assignClassId=${c.classId}`)).body.result as { items: FeeRecordRow[] };
    expect(listed.items.map((r) => r.record)).toEqual(c.students.map((s) => (made.body.result as FeeRecord[]).find((r) => r.student.userId === s.id)));
  });

  it('counts instalments overdue as of the school’s today on each request, not the first one', async () => {
    const c = await freshClass(fs, 1);
    const made = await addRecord(env, fs, c.students[0]!, { classId: c.classId, instalments: 2, start: addDays(today(), 1) });
    const overdue = async () => ((await list(fs.principal.token, `assignClassId=${c.classId}`)).body.result as { items: FeeRecordRow[] }).items[0]!.record!.overdue;
    expect(await overdue()).toBe(0);
    setClock(new Date(Date.parse(TEST_NOW) + 2 * 24 * 3600_000).toISOString());
    try {
      expect(await overdue()).toBe(made.instalments[0]!.amount);
    } finally {
      setClock(TEST_NOW);
    }
  });
});

describe('POST /api/school/feerecord (records for students, all or none)', () => {
  it('401, 400, 403 (a system admin), 404 for another school’s class, student or fee type', async () => {
    const s = fs.students[2]!.id;
    expect((await create(null, { assignClassId: fs.classId, studentIds: [s] })).status).toBe(401);
    expect((await create(fs.principal.token, { assignClassId: fs.classId, studentIds: [] })).status).toBe(400);
    expect((await create(fs.admin.token, { assignClassId: fs.classId, studentIds: [s] })).status).toBe(403);
    expect((await create(fs.principal.token, { assignClassId: other.classId, studentIds: [s] })).status).toBe(404);
    expect((await create(fs.principal.token, { assignClassId: fs.classId, studentIds: [s, other.students[0]!.id] })).status).toBe(404);
    const foreignType = await addFeeType(env, other.school, { name: 'Bus', kind: 'amount', value: 100 });
    expect((await create(fs.principal.token, { assignClassId: fs.classId, studentIds: [s], feeTypeIds: [foreignType.id] })).status).toBe(404);
    expect(await env.db.select().from(feeRecords).where(eq(feeRecords.studentId, s))).toEqual([]);
  });

  it('computes each total with the fee types in order (an amount, a percent discount, a percent charge)', async () => {
    const c = await freshClass(fs, 3);
    const bus = await addFeeType(env, fs.school, { name: `Bus ${randomUUID().slice(0, 4)}`, kind: 'amount', value: 50_000 });
    const sibling = await addFeeType(env, fs.school, { name: `Sibling ${randomUUID().slice(0, 4)}`, kind: 'percent', value: -1_000 });
    const late = await addFeeType(env, fs.school, { name: `Late ${randomUUID().slice(0, 4)}`, kind: 'percent', value: 500 });
    const res = await create(fs.principal.token, { assignClassId: c.classId, studentIds: c.students.map((s) => s.id), feeTypeIds: [bus.id, sibling.id, late.id] });
    expect(res.status).toBe(200);
    const records = res.body.result as FeeRecord[];
    // 32,000 + 500 = 32,500; −10 % = −3,250; +5 % = +1,625: ₹30,875.00.
    const expected = feeRecordTotal(CLASS_TOTAL, [
      { kind: 'amount', value: 50_000 },
      { kind: 'percent', value: -1_000 },
      { kind: 'percent', value: 500 },
    ]);
    expect(expected.total).toBe(3_087_500);
    expect(records).toHaveLength(3);
    for (const r of records) {
      expect(r).toMatchObject({ total: 3_087_500, classFee: CLASS_TOTAL, paid: 0, balance: 3_087_500, instalments: 0, nextDue: null });
      expect(r.adjustments.map((a) => [a.name, a.amount])).toEqual([
        [bus.name, 50_000],
        [sibling.name, -325_000],
        [late.name, 162_500],
      ]);
    }
    expect(records.map((r) => r.student.userId)).toEqual(c.students.map((s) => s.id));
    const rows = await env.db.select().from(feeRecords).where(eq(feeRecords.classId, c.classId));
    expect(rows.map((r) => r.total)).toEqual([3_087_500, 3_087_500, 3_087_500]);
    expect(rows.every((r) => r.createdBy === fs.principal.id)).toBe(true);
  });

  it('all or none: one student with a record, out of the class, or a class without a fee refuses the whole request', async () => {
    const c = await freshClass(fs, 3);
    await addRecord(env, fs, c.students[2]!, { classId: c.classId });
    const taken = await create(fs.principal.token, { assignClassId: c.classId, studentIds: c.students.map((s) => s.id) });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ reason: 'fee_record_exists', params: { name: 'Kid03 Test' } });
    const elsewhere = await create(fs.principal.token, { assignClassId: c.classId, studentIds: [c.students[0]!.id, fs.students[2]!.id] });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body).toMatchObject({ reason: 'not_in_class', params: { name: 'Pupil03 Test' } });
    expect(await env.db.select().from(feeRecords).where(eq(feeRecords.classId, c.classId))).toHaveLength(1);

    const bare = await freshClass(fs, 1, { classFee: null });
    const missing = await create(fs.principal.token, { assignClassId: bare.classId, studentIds: [bare.students[0]!.id] });
    expect(missing.status).toBe(409);
    expect(missing.body).toMatchObject({ reason: 'class_fee_missing', params: { className: '4' } });
  });

  it('refuses a fee type switched off and a total below zero (with the total in rupees)', async () => {
    const c = await freshClass(fs, 1);
    const off = await addFeeType(env, fs.school, { name: `Old ${randomUUID().slice(0, 4)}`, kind: 'amount', value: 100, status: false });
    const inactive = await create(fs.principal.token, { assignClassId: c.classId, studentIds: [c.students[0]!.id], feeTypeIds: [off.id] });
    expect(inactive.status).toBe(409);
    expect(inactive.body).toMatchObject({ reason: 'fee_type_inactive', params: { name: off.name } });
    const waiver = await addFeeType(env, fs.school, { name: `Waiver ${randomUUID().slice(0, 4)}`, kind: 'amount', value: -(CLASS_TOTAL + 150) });
    const negative = await create(fs.principal.token, { assignClassId: c.classId, studentIds: [c.students[0]!.id], feeTypeIds: [waiver.id] });
    expect(negative.status).toBe(409);
    expect(negative.body).toMatchObject({ reason: 'fee_total_negative', params: { total: formatRupees(-150) } });
    expect(await env.db.select().from(feeRecords).where(eq(feeRecords.classId, c.classId))).toEqual([]);
  });

  it('costs the same statements for 2 students and for 40', async () => {
    const a = await freshClass(fs, 2);
    const b = await freshClass(fs, 40);
    const cost = async (c: { classId: string; students: TestUser[] }) =>
      countStatements(env, fs.school.id, () => create(fs.principal.token, { assignClassId: c.classId, studentIds: c.students.map((s) => s.id) }));
    const [x, y] = [await cost(a), await cost(b)];
    expect(x.result.status).toBe(200);
    expect(y.result.status).toBe(200);
    expect((y.result.body.result as FeeRecord[]).length).toBe(40);
    expect(x.statements).toBe(y.statements);
  });
});

describe('PATCH and DELETE /api/school/feerecord/:feeRecordId', () => {
  it('changes the fee types and computes the total again; 401, 400, 403, 404 for another school’s record', async () => {
    const c = await freshClass(fs, 1);
    const { record } = await addRecord(env, fs, c.students[0]!, { classId: c.classId });
    const bonus = await addFeeType(env, fs.school, { name: `Lab ${randomUUID().slice(0, 4)}`, kind: 'percent', value: 250 });
    expect((await update(null, record.id, { feeTypeIds: [] })).status).toBe(401);
    expect((await update(fs.principal.token, record.id, { feeTypeIds: 'x' })).status).toBe(400);
    expect((await update(fs.admin.token, record.id, { feeTypeIds: [] })).status).toBe(403);
    expect((await update(fs.principal.token, otherRecord, { feeTypeIds: [] })).status).toBe(404);
    const res = await update(fs.principal.token, record.id, { feeTypeIds: [bonus.id] });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ total: CLASS_TOTAL + 80_000, adjustments: [{ feeTypeId: bonus.id, amount: 80_000 }] });
    // A type switched off since stays on the record; a new switched-off one is refused.
    await env.db.update(feeTypes).set({ status: false }).where(eq(feeTypes.id, bonus.id));
    expect((await update(fs.principal.token, record.id, { feeTypeIds: [bonus.id] })).status).toBe(200);
    const off = await addFeeType(env, fs.school, { name: `Off ${randomUUID().slice(0, 4)}`, kind: 'amount', value: 10, status: false });
    expect((await update(fs.principal.token, record.id, { feeTypeIds: [bonus.id, off.id] })).body).toMatchObject({ reason: 'fee_type_inactive' });
  });

  it('refuses to change a record with a plan or a payment, or to remove a record with any payment, reversed ones too', async () => {
    const c = await freshClass(fs, 3);
    const planned = await addRecord(env, fs, c.students[0]!, { classId: c.classId, instalments: 2 });
    const paid = await addRecord(env, fs, c.students[1]!, { classId: c.classId, instalments: 2, paidCount: 1 });
    expect((await update(fs.principal.token, planned.record.id, { feeTypeIds: [] })).body).toMatchObject({ reason: 'fee_plan_exists' });
    expect((await update(fs.principal.token, paid.record.id, { feeTypeIds: [] })).body).toMatchObject({ reason: 'fee_record_paid' });
    // Another school's fee type is not one: 404 before anything is said of the record.
    const foreign = await addFeeType(env, other.school, { name: `Far ${randomUUID().slice(0, 4)}`, kind: 'amount', value: 100 });
    expect((await update(fs.principal.token, paid.record.id, { feeTypeIds: [foreign.id] })).status).toBe(404);
    expect((await remove(fs.principal.token, paid.record.id)).body).toMatchObject({ reason: 'fee_record_paid' });
    expect((await reverse(fs.principal.token, paid.instalments[0]!.id)).status).toBe(200);
    const stillPaid = await remove(fs.principal.token, paid.record.id);
    expect(stillPaid.status).toBe(409);
    expect(stillPaid.body).toMatchObject({ reason: 'fee_record_paid' });
    expect((await recordRows(paid.record.id)).record).toBeDefined();

    expect((await remove(null, planned.record.id)).status).toBe(401);
    expect((await remove(fs.admin.token, planned.record.id)).status).toBe(403);
    expect((await remove(fs.principal.token, otherRecord)).status).toBe(404);
    expect((await remove(fs.principal.token, 'not-a-uuid')).status).toBe(400);
    const gone = await remove(fs.principal.token, planned.record.id);
    expect(gone.status).toBe(200);
    expect(await recordRows(planned.record.id)).toMatchObject({ record: undefined, instalments: [] });
    expect((await remove(fs.principal.token, planned.record.id)).status).toBe(404);
  });
});

describe('POST /api/school/feerecord/emi (the plan)', () => {
  it('401, 400, 403, 404 for another school’s record', async () => {
    const body = { feeRecordId: otherRecord, count: 2, startDate: '2026-06-01' };
    expect((await plan(null, body)).status).toBe(401);
    expect((await plan(fs.principal.token, { feeRecordId: otherRecord, count: 2 })).status).toBe(400);
    expect((await plan(fs.principal.token, { ...body, dueDates: ['2026-06-01'] })).status).toBe(400);
    expect((await plan(fs.principal.token, { feeRecordId: otherRecord, dueDates: ['2026-06-02', '2026-06-01'] })).status).toBe(400);
    expect((await plan(fs.admin.token, body)).status).toBe(403);
    expect((await plan(fs.principal.token, body)).status).toBe(404);
  });

  it('splits the balance monthly, the last instalment taking the remainder, with the spec’s message', async () => {
    const c = await freshClass(fs, 1, { classFee: { ...CLASS_FEE, other: 1 } });
    const { record } = await addRecord(env, fs, c.students[0]!, { classId: c.classId });
    const res = await plan(fs.principal.token, { feeRecordId: record.id, count: 3, startDate: '2026-01-31' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Fee record EMI added successfully!');
    const fees = res.body.result as StudentFees;
    // ₹32,000.01 in three: 1,066,667 + 1,066,667 + 1,066,667 = 3,200,001.
    expect(fees.instalments.map((i) => [i.seq, i.dueDate, i.amount])).toEqual([
      [1, '2026-01-31', 1_066_667],
      [2, '2026-02-28', 1_066_667],
      [3, '2026-03-31', 1_066_667],
    ]);
    expect(fees.record).toMatchObject({ instalments: 3, instalmentsPaid: 0, total: 3_200_001 });
    const dated = await plan(fs.principal.token, { feeRecordId: record.id, dueDates: ['2026-07-01', '2026-08-15'] });
    expect((dated.body.result as StudentFees).instalments.map((i) => [i.seq, i.dueDate, i.amount])).toEqual([
      [1, '2026-07-01', 1_600_000],
      [2, '2026-08-15', 1_600_001],
    ]);
    await expectBalanced(record.id);
  });

  it('redoing the plan keeps the paid instalments and splits what is left after them', async () => {
    const c = await freshClass(fs, 1);
    const { record } = await addRecord(env, fs, c.students[0]!, { classId: c.classId });
    const first = (await plan(fs.principal.token, { feeRecordId: record.id, count: 4, startDate: '2026-05-05' })).body.result as StudentFees;
    expect((await pay(fs.principal.token, first.instalments[1]!.emiId)).status).toBe(200);
    const again = await plan(fs.principal.token, { feeRecordId: record.id, count: 3, startDate: '2026-09-01' });
    const fees = again.body.result as StudentFees;
    expect(fees.instalments.map((i) => [i.seq, i.state === 'paid', i.amount])).toEqual([
      [2, true, 800_000],
      [3, false, 800_000],
      [4, false, 800_000],
      [5, false, 800_000],
    ]);
    expect(fees.instalments[0]!.emiId).toBe(first.instalments[1]!.emiId);
    expect(fees.record).toMatchObject({ paid: 800_000, balance: 2_400_000, instalments: 4, instalmentsPaid: 1 });
    await expectBalanced(record.id);
  });

  it('nothing due answers fee_nothing_due; more instalments than paise answers emi_too_many', async () => {
    const c = await freshClass(fs, 2);
    const done = await addRecord(env, fs, c.students[0]!, { classId: c.classId, instalments: 1, paidCount: 1 });
    const nothing = await plan(fs.principal.token, { feeRecordId: done.record.id, count: 2, startDate: '2026-06-01' });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ reason: 'fee_nothing_due' });
    const tiny = await addFeeType(env, fs.school, { name: `Tiny ${randomUUID().slice(0, 4)}`, kind: 'amount', value: -(CLASS_TOTAL - 5) });
    const small = await addRecord(env, fs, c.students[1]!, { classId: c.classId, types: [tiny] });
    expect(small.record.total).toBe(5);
    const many = await plan(fs.principal.token, { feeRecordId: small.record.id, count: 6, startDate: '2026-06-01' });
    expect(many.status).toBe(409);
    expect(many.body).toMatchObject({ reason: 'emi_too_many', params: { max: 5 } });
    expect((await plan(fs.principal.token, { feeRecordId: small.record.id, count: 5, startDate: '2026-06-01' })).status).toBe(200);
    await expectBalanced(small.record.id);
  });

  it('adds up exactly for any balance and count, paid instalments kept (property, through the endpoint)', async () => {
    const c = await freshClass(fs, 1);
    const { record } = await addRecord(env, fs, c.students[0]!, { classId: c.classId });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), async (total, count, recount) => {
        // A record of any total, no plan and nothing paid (written straight, as the fixture does).
        await env.db.delete(feePayments).where(eq(feePayments.feeRecordId, record.id));
        await env.db.delete(feeInstalments).where(eq(feeInstalments.feeRecordId, record.id));
        await env.db.update(feeRecords).set({ total, paid: 0 }).where(eq(feeRecords.id, record.id));
        const res = await plan(fs.principal.token, { feeRecordId: record.id, count, startDate: '2026-04-30' });
        if (count > total) {
          expect(res.body).toMatchObject({ reason: 'emi_too_many' });
          return;
        }
        const fees = res.body.result as StudentFees;
        const amounts = fees.instalments.map((i) => i.amount);
        expect(amounts.reduce((s, a) => s + a, 0)).toBe(total);
        expect(amounts.slice(0, -1).every((a) => a === Math.floor(total / count))).toBe(true);
        expect(amounts.at(-1)).toBeGreaterThanOrEqual(amounts[0]!);
        // Pay the first, plan the rest again: still adds up.
        expect((await pay(fs.principal.token, fees.instalments[0]!.emiId)).status).toBe(200);
        const left = total - amounts[0]!;
        const again = await plan(fs.principal.token, { feeRecordId: record.id, count: recount, startDate: '2026-10-31' });
        if (left === 0) expect(again.body).toMatchObject({ reason: 'fee_nothing_due' });
        else if (recount > left) expect(again.body).toMatchObject({ reason: 'emi_too_many' });
        else expect((again.body.result as StudentFees).instalments).toHaveLength(recount + 1);
        await expectBalanced(record.id);
      }),
      { numRuns: 8, seed: 9 },
    );
  });
});

describe('POST /api/school/feerecord/emi/paid/:emiId (marking paid)', () => {
  it('401, 400, 403, 404 for another school’s instalment, 400 for a date after today; nothing written', async () => {
    const c = await freshClass(fs, 1);
    const { record, instalments } = await addRecord(env, fs, c.students[0]!, { classId: c.classId, instalments: 2 });
    const emi = instalments[0]!.id;
    expect((await pay(null, emi)).status).toBe(401);
    expect((await pay(fs.principal.token, emi, { mode: 'gold' })).status).toBe(400);
    expect((await pay(fs.principal.token, 'x')).status).toBe(400);
    expect((await pay(fs.admin.token, emi)).status).toBe(403);
    expect((await pay(fs.principal.token, otherEmi)).status).toBe(404);
    expect((await pay(fs.principal.token, randomUUID())).status).toBe(404);
    const future = await pay(fs.principal.token, emi, { mode: 'cash', paidOn: '2099-01-01' });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ reason: 'paid_on_future' });
    expect((await recordRows(record.id)).payments).toEqual([]);
    expect((await recordRows(otherRecord)).payments).toEqual([]);
  });

  it('writes one payment with the next receipt number, who and when; marking again answers the same payment', async () => {
    const f = await feeSchool(env, { count: 1 });
    const { record, instalments } = await addRecord(env, f, f.students[0]!, { instalments: 3 });
    // The live push to the parent's open tabs, watched: it must go out once the payment is
    // committed (no transaction open then), never from inside the transaction.
    const pushed: Array<{ userId: string; openTransactions: number }> = [];
    let open = 0;
    const { realtime } = env.app.deps;
    const toUser = realtime.toUser;
    const transaction = env.database.transaction;
    env.database.transaction = async (scope, fn) => {
      open++;
      try {
        return await transaction(scope, fn);
      } finally {
        open--;
      }
    };
    realtime.toUser = (userId, event, payload) => {
      pushed.push({ userId, openTransactions: open });
      return toUser.call(realtime, userId, event, payload);
    };
    const first = await pay(f.principal.token, instalments[0]!.id, { mode: 'upi', reference: 'UPI-123456' }).finally(() => {
      realtime.toUser = toUser;
      env.database.transaction = transaction;
    });
    expect(first.status).toBe(200);
    const made = first.body.result as { payment: Payment; created: boolean };
    expect(made.created).toBe(true);
    expect(made.payment).toMatchObject({
      receiptNo: 1,
      amount: instalments[0]!.amount,
      mode: 'upi',
      reference: 'UPI-123456',
      paidOn: today(),
      receivedBy: { userId: f.principal.id, loginId: f.principal.loginId },
      reversed: null,
      emiId: instalments[0]!.id,
      seq: 1,
    });
    const again = await pay(f.principal.token, instalments[0]!.id, { mode: 'cash' });
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual({ payment: made.payment, created: false });
    const second = (await pay(f.principal.token, instalments[1]!.id, { mode: 'cheque', reference: '004512', paidOn: '2026-04-02' })).body.result as { payment: Payment };
    expect(second.payment).toMatchObject({ receiptNo: 2, paidOn: '2026-04-02', mode: 'cheque' });
    const rows = await recordRows(record.id);
    expect(rows.payments).toHaveLength(2);
    expect(rows.record!.paid).toBe(instalments[0]!.amount + instalments[1]!.amount);
    await expectBalanced(record.id);

    // The parent's bell: the child, the amount (paise) and the receipt number, shown in the reader's language.
    const notes = await env.db.select().from(notifications).where(eq(notifications.userId, f.parent.id)).orderBy(asc(notifications.createdAt));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({ kind: 'fee', message: '', params: { child: 'Pupil01 Test', amount: instalments[0]!.amount, receiptNo: 1 } });
    expect(notes[0]).toMatchObject({ senderId: f.principal.id, schoolId: f.school.id });
    // Pushed live to the parent, after the commit.
    expect(pushed).toEqual([{ userId: f.parent.id, openTransactions: 0 }]);
  });

  it('reversing then paying again takes a new receipt number; the old one stays, reversed', async () => {
    const f = await feeSchool(env, { count: 1 });
    const { record, instalments } = await addRecord(env, f, f.students[0]!, { instalments: 2 });
    const emi = instalments[0]!.id;
    const first = (await pay(f.principal.token, emi)).body.result as { payment: Payment };
    const reversed = await reverse(f.principal.token, emi, 'Counted twice');
    expect(reversed.status).toBe(200);
    const fees = reversed.body.result as StudentFees;
    expect(fees.instalments[0]).toMatchObject({ emiId: emi, payment: null });
    expect(fees.instalments[0]!.state).not.toBe('paid');
    expect(fees.record).toMatchObject({ paid: 0, balance: fees.record!.total });
    expect(fees.payments[0]).toMatchObject({ receiptNo: 1, reversed: { reason: 'Counted twice', by: { userId: f.principal.id } } });
    const second = (await pay(f.principal.token, emi)).body.result as { payment: Payment; created: boolean };
    expect(second).toMatchObject({ created: true, payment: { receiptNo: 2 } });
    expect(second.payment.paymentId).not.toBe(first.payment.paymentId);
    const rows = await recordRows(record.id);
    expect(rows.payments.map((p) => [p.receiptNo, p.reversedAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    await expectBalanced(record.id);
  });
});

describe('POST /api/school/feerecord/emi/reverse/:emiId', () => {
  it('401, 400 (no reason), 403, 404 for another school’s instalment, 409 for an unpaid one', async () => {
    const c = await freshClass(fs, 1);
    const { record, instalments } = await addRecord(env, fs, c.students[0]!, { classId: c.classId, instalments: 2, paidCount: 1 });
    const paid = instalments[0]!.id;
    expect((await reverse(null, paid)).status).toBe(401);
    expect((await reverse(fs.principal.token, paid, '')).status).toBe(400);
    expect((await reverse(fs.admin.token, paid)).status).toBe(403);
    expect((await reverse(fs.principal.token, otherEmi)).status).toBe(404);
    const unpaid = await reverse(fs.principal.token, instalments[1]!.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toMatchObject({ reason: 'emi_not_paid' });
    expect((await recordRows(record.id)).payments.every((p) => p.reversedAt === null)).toBe(true);
    await expectBalanced(record.id);
  });

  it('a plan made after a reversal keeps the reversed receipt (its instalment gone)', async () => {
    const c = await freshClass(fs, 1);
    const { record, instalments } = await addRecord(env, fs, c.students[0]!, { classId: c.classId, instalments: 2, paidCount: 1 });
    expect((await reverse(fs.principal.token, instalments[0]!.id)).status).toBe(200);
    const fees = (await plan(fs.principal.token, { feeRecordId: record.id, count: 1, startDate: '2026-12-01' })).body.result as StudentFees;
    expect(fees.instalments.map((i) => [i.seq, i.amount])).toEqual([[1, CLASS_TOTAL]]);
    expect(fees.payments).toHaveLength(1);
    expect(fees.payments[0]).toMatchObject({ emiId: null, seq: 1, reversed: { reason: 'Cheque bounced' } });
    await expectBalanced(record.id);
  });
});

describe('concurrency (really at once on PostgreSQL; one after another on PGlite, with the same result)', () => {
  it('two requests marking the same instalment at once make one payment', async () => {
    const f = await feeSchool(env, { count: 1 });
    const { record, instalments } = await addRecord(env, f, f.students[0]!, { instalments: 2 });
    const answers = await Promise.all([pay(f.principal.token, instalments[0]!.id), pay(f.principal.token, instalments[0]!.id, { mode: 'upi' })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const results = answers.map((a) => a.body.result as { payment: Payment; created: boolean });
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0]!.payment.paymentId).toBe(results[1]!.payment.paymentId);
    expect((await recordRows(record.id)).payments).toHaveLength(1);
    await expectBalanced(record.id);
  });

  it('50 payments of 50 instalments (5 students) at once take the receipt numbers 1 to 50, no gap, none twice', async () => {
    const f = await feeSchool(env, { count: 5 });
    const made = [];
    for (const s of f.students) made.push(await addRecord(env, f, s, { instalments: 10 }));
    const all = made.flatMap((m) => m.instalments.map((i) => i.id));
    const answers = await Promise.all(all.map((id, n) => pay(f.principal.token, id, { mode: n % 2 ? 'cash' : 'upi' })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const numbers = answers.map((a) => (a.body.result as { payment: Payment }).payment.receiptNo).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [counter] = await env.db.select().from(feeReceiptCounters).where(eq(feeReceiptCounters.schoolId, f.school.id));
    expect(counter!.lastNo).toBe(50);
    for (const m of made) {
      await expectBalanced(m.record.id);
      expect((await recordRows(m.record.id)).record!.paid).toBe(m.record.total);
    }
    const live = await env.db.select().from(feePayments).where(and(eq(feePayments.schoolId, f.school.id), isNull(feePayments.reversedAt)));
    expect(live).toHaveLength(50);
  });

  it('payments, reversals and a new plan of one record sent at once leave it balanced', async () => {
    const f = await feeSchool(env, { count: 1 });
    const { record, instalments } = await addRecord(env, f, f.students[0]!, { instalments: 6, paidCount: 2 });
    const answers = await Promise.all([
      pay(f.principal.token, instalments[2]!.id),
      reverse(f.principal.token, instalments[0]!.id),
      pay(f.principal.token, instalments[3]!.id),
      plan(f.principal.token, { feeRecordId: record.id, count: 2, startDate: '2026-11-11' }),
      reverse(f.principal.token, instalments[1]!.id),
      pay(f.principal.token, instalments[4]!.id),
    ]);
    // Each either succeeded or was refused with a reason (its instalment replaced by the plan: 404).
    for (const a of answers) expect([200, 404, 409]).toContain(a.status);
    await expectBalanced(record.id);
    const { payments } = await recordRows(record.id);
    expect(payments.map((p) => p.receiptNo)).toEqual(Array.from({ length: payments.length }, (_, i) => i + 1));
  });
});

describe('a student with a fee record stays in its class', () => {
  it('taking it out of the class answers 409 student_has_fees; without a record it goes', async () => {
    const c = await freshClass(fs, 2);
    await addRecord(env, fs, c.students[0]!, { classId: c.classId });
    const url = (id: string) => `/api/school/assignstudentclass/${id}?sessionId=${fs.school.sessionId}`;
    const kept = await call(fs.principal.token, { method: 'DELETE', url: url(c.students[0]!.id) });
    expect(kept.status).toBe(409);
    expect(kept.body).toMatchObject({ reason: 'student_has_fees' });
    expect(await env.db.select().from(classStudents).where(eq(classStudents.studentId, c.students[0]!.id))).toHaveLength(1);
    expect((await call(fs.principal.token, { method: 'DELETE', url: url(c.students[1]!.id) })).status).toBe(200);
  });
});

// The fixture's payInstalment is what the service does; keep it honest against the real route.
describe('the fixture pays as the service does', () => {
  it('receipt numbers continue from the fixture’s', async () => {
    const f = await feeSchool(env, { count: 1 });
    const { record, instalments } = await addRecord(env, f, f.students[0]!, { instalments: 3 });
    await payInstalment(env, f, record.id, instalments[0]!, '2026-04-01');
    const res = (await pay(f.principal.token, instalments[1]!.id)).body.result as { payment: Payment };
    expect(res.payment.receiptNo).toBe(2);
    await expectBalanced(record.id);
  });
});
