import { and, count, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MAX, PERCENT_BP_MAX, amountInWords, formatRupees, lateFeeFor, type DueRow, type LateFeeSettings, type LateFeeTerms, type StudentFees } from '@shala/contract';
import { auditLog, classStudents, feeInstalments, feeLateFees, feeLateRules, feeRecords } from '../src/db/schema.js';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { setClock } from '../src/clock.js';
import { addDays } from '../src/modules/calendar/days.js';
import { LATE_FEE_JOB } from '../src/modules/fees/late-fees.js';
import { setupApp, type TestEnv } from './helpers.js';
import { addRecord, feeSchool, type FeeSchool } from './fees-fixture.js';
import { pdfContent } from './pdf-text.js';

/**
 * Late fees (issue 25): a session's rule (GET/PUT /api/school/latefee), the job that assesses
 * them in each school's today (once per instalment and day, never a waived or paid instalment, in
 * the amount the contract's `lateFeeFor` gives), the principal's waiver (audit log), and a payment
 * that pays the late fee (its figure, the receipt's line). On PGlite, and PostgreSQL with
 * TEST_DATABASE_URL. The clock is TEST_NOW: 25 November 2026, 10:00 in India.
 */

let env: TestEnv;
let fs: FeeSchool;
let other: FeeSchool;
let teacherToken: string;
const TODAY = '2026-11-25';

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env, { count: 3 });
  other = await feeSchool(env, { count: 1 });
  teacherToken = await env.f.token(await env.f.user(114, fs.school));
});
afterAll(async () => {
  setClock(TEST_NOW);
  await env.close();
});

type Body = { result: unknown; reason?: string; error?: string; issues?: Array<{ path: string; code: string }> };
async function call(token: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const res = await env.app.inject({ method, url, payload, headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json() as Body };
}
const getRule = (token: string, sessionId: string) => call(token, 'GET', `/api/school/latefee?sessionId=${sessionId}`);
const putRule = (token: string, body: object) => call(token, 'PUT', '/api/school/latefee', body);
const waive = (token: string, emiId: string, reason = 'Family hardship, agreed at the office') =>
  call(token, 'POST', `/api/school/feerecord/emi/${emiId}/waivelatefee`, { reason });

/** A rule's body for a school's session: per day ₹10 with a ₹50 cap, unless told otherwise. */
const rule = (f: FeeSchool, over: object = {}) => ({ sessionId: f.school.sessionId, kind: 'per_day', afterDays: 0, amount: 1_000, percentBp: 0, cap: 5_000, active: true, ...over });

/** The late-fee rows of some instalments, by instalment id. */
async function lateRows(ids: string[]) {
  const rows = await env.db.select().from(feeLateFees).where(inArray(feeLateFees.instalmentId, ids));
  return new Map(rows.map((r) => [r.instalmentId, r]));
}

/** Runs the job as the queue does, with the clock at `instant`. */
async function runAt(instant: string) {
  setClock(instant);
  try {
    return (await LATE_FEE_JOB.run(env.app.deps, {})) as number;
  } finally {
    setClock(TEST_NOW);
  }
}

describe('GET and PUT /api/school/latefee (a session’s rule)', () => {
  it('none at first; the principal sets one (what its kind does not use kept at 0), an admin reads it; 400, 403, 404 change nothing', async () => {
    const first = await getRule(fs.admin.token, fs.school.sessionId);
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      sessionId: fs.school.sessionId,
      rule: null,
      charged: { count: 0, amount: 0 },
      waived: { count: 0, amount: 0 },
      reach: { families: 0, instalments: 0, overdueFamilies: 0, overdueInstalments: 0, smallest: null },
      today: TODAY,
    });

    const rules = async () => (await env.db.select({ n: count() }).from(feeLateRules).where(eq(feeLateRules.schoolId, fs.school.id)))[0]!.n;
    const refused = [
      [await putRule(fs.principal.token, rule(fs, { cap: null })), 400, 'cap', 'late_fee_cap'],
      [await putRule(fs.principal.token, rule(fs, { amount: 0 })), 400, 'amount', 'late_fee_value'],
      [await putRule(fs.principal.token, rule(fs, { kind: 'percent', percentBp: 0 })), 400, 'percentBp', 'late_fee_value'],
      [await putRule(fs.principal.token, rule(fs, { amount: 10.5 })), 400, 'amount', 'invalid_type'],
      [await putRule(fs.principal.token, rule(fs, { afterDays: -1 })), 400, 'afterDays', 'too_small'],
      [await putRule(fs.principal.token, rule(fs, { percentBp: PERCENT_BP_MAX + 1 })), 400, 'percentBp', 'too_big'],
      [await putRule(fs.principal.token, rule(fs, { kind: 'weekly' })), 400, 'kind', 'invalid_value'],
    ] as const;
    for (const [res, status, path, code] of refused) {
      expect(res.status).toBe(status);
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: `body.${path}`, code })]));
    }
    // Only the principal sets it; a teacher does not read it; another school's session is not found.
    expect((await putRule(fs.admin.token, rule(fs))).status).toBe(403);
    expect((await putRule(teacherToken, rule(fs))).status).toBe(403);
    expect((await getRule(teacherToken, fs.school.sessionId)).status).toBe(403);
    expect((await putRule(fs.principal.token, rule(other))).status).toBe(404);
    expect((await getRule(fs.admin.token, other.school.sessionId)).status).toBe(404);
    expect(await rules()).toBe(0);

    // A fixed fee keeps no cap and no percent.
    const saved = await putRule(fs.principal.token, rule(fs, { kind: 'fixed', afterDays: 5, amount: 20_000, percentBp: 300, cap: 90_000 }));
    expect(saved.status).toBe(200);
    const expected = {
      kind: 'fixed',
      afterDays: 5,
      amount: 20_000,
      percentBp: 0,
      cap: null,
      active: true,
      updatedBy: { userId: fs.principal.id, fullName: fs.principal.name, loginId: fs.principal.loginId },
    };
    expect((saved.body.result as LateFeeSettings).rule).toMatchObject(expected);
    expect(((await getRule(fs.admin.token, fs.school.sessionId)).body.result as LateFeeSettings).rule).toMatchObject(expected);
    // Another school sees none of it.
    expect(((await getRule(other.admin.token, other.school.sessionId)).body.result as LateFeeSettings).rule).toBeNull();
    await putRule(fs.principal.token, rule(fs, { active: false }));
  });
});

describe('the late-fee job', () => {
  it('assesses the day after the due date and the grace, grows a day at a time up to the cap, once a day, never a waived or paid instalment, only where the school has a rule', async () => {
    const s = await feeSchool(env, { count: 3 });
    const outsider = await feeSchool(env, { count: 1 });
    // Due today: the first of two monthly instalments; one to be waived; one paid.
    const a = await addRecord(env, s, s.students[0]!, { instalments: 2, start: TODAY });
    const b = await addRecord(env, s, s.students[1]!, { instalments: 1, start: TODAY });
    const c = await addRecord(env, s, s.students[2]!, { instalments: 1, start: TODAY, paidCount: 1, paidOn: TODAY });
    // A school without a rule, its instalment long overdue.
    const o = await addRecord(env, outsider, outsider.students[0]!, { instalments: 1, start: '2026-10-01' });
    const [a1, a2] = a.instalments;
    const [b1] = b.instalments;
    const [c1] = c.instalments;
    const [o1] = o.instalments;
    const ids = [a1!.id, a2!.id, b1!.id, c1!.id, o1!.id];

    // ₹10 a day after 2 days of grace, at most ₹45. Nothing is overdue today.
    expect((await putRule(s.principal.token, rule(s, { afterDays: 2, cap: 4_500 }))).status).toBe(200);
    const at = (date: string, time = '04:30') => `${date}T${time}:00Z`;
    await runAt(at('2026-11-27')); // two days overdue: within the grace
    expect((await lateRows(ids)).size).toBe(0);

    await runAt(at('2026-11-28')); // the day after the grace: one day's fee
    let rows = await lateRows(ids);
    expect([...rows.keys()].sort()).toEqual([a1!.id, b1!.id].sort());
    expect(rows.get(a1!.id)).toMatchObject({ amount: 1_000, assessedOn: '2026-11-28', waivedAt: null });

    // The principal waives b's; a second run that day changes nothing.
    setClock(at('2026-11-28', '06:00'));
    try {
      expect((await waive(s.principal.token, b1!.id)).status).toBe(200);
    } finally {
      setClock(TEST_NOW);
    }
    expect(await runAt(at('2026-11-28', '12:00'))).toBe(0);
    expect((await lateRows(ids)).get(a1!.id)).toMatchObject({ amount: 1_000, assessedOn: '2026-11-28' });

    // 18:30 UTC on the 28th is already the 29th in India: the next day's fee.
    await runAt(at('2026-11-28', '18:30'));
    rows = await lateRows(ids);
    expect(rows.get(a1!.id)).toMatchObject({ amount: 2_000, assessedOn: '2026-11-29' });
    expect(rows.get(b1!.id)).toMatchObject({ amount: 1_000, assessedOn: '2026-11-28', waiveReason: 'Family hardship, agreed at the office' });

    // Eight days beyond the grace would be ₹80: the cap is ₹45.
    await runAt(at('2026-12-08'));
    rows = await lateRows(ids);
    expect(rows.get(a1!.id)).toMatchObject({ amount: 4_500, assessedOn: '2026-12-08' });
    expect(rows.get(b1!.id)!.amount).toBe(1_000);
    expect(rows.has(c1!.id) || rows.has(o1!.id) || rows.has(a2!.id)).toBe(false);

    // Turned off: the unwaived late fees go at once (the waived one stays), and the job charges none.
    const off = (await putRule(s.principal.token, rule(s, { afterDays: 2, cap: 4_500, active: false }))).body.result as LateFeeSettings;
    expect(off).toMatchObject({ charged: { count: 0, amount: 0 }, waived: { count: 1, amount: 1_000 } });
    await runAt(at('2026-12-09'));
    rows = await lateRows(ids);
    expect([...rows.keys()]).toEqual([b1!.id]);
  });

  it('charges what the contract’s lateFeeFor says, for any rule and instalment (property, through PUT and the statement)', async () => {
    const s = await feeSchool(env, { count: 1 });
    const days = [1, 2, 3, 7, 31, 200];
    const { instalments } = await addRecord(env, s, s.students[0]!, { instalments: days.length, start: '2026-01-01' });
    // Due 1, 2, 3 … days before today, in the plan's order.
    await env.db.execute(
      sql`update fee_instalments i set due_date = v.due::date from (values ${sql.join(
        instalments.map((inst, k) => sql`(${inst.id}::uuid, ${addDays(TODAY, -days[days.length - 1 - k]!)})`),
        sql`, `,
      )}) v(id, due) where i.id = v.id`,
    );
    const byDays = [...instalments].reverse(); // byDays[k] is `days[k]` days overdue
    const money = fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: MONEY_MAX }));
    const ruleArb: fc.Arbitrary<LateFeeTerms> = fc.oneof(
      fc.record({ kind: fc.constant('fixed' as const), afterDays: fc.integer({ min: 0, max: 10 }), amount: money, percentBp: fc.constant(0), cap: fc.constant(null) }),
      fc.record({ kind: fc.constant('per_day' as const), afterDays: fc.integer({ min: 0, max: 10 }), amount: money, percentBp: fc.constant(0), cap: money }),
      fc.record({ kind: fc.constant('percent' as const), afterDays: fc.integer({ min: 0, max: 10 }), amount: fc.constant(0), percentBp: fc.integer({ min: 1, max: PERCENT_BP_MAX }), cap: fc.option(money, { nil: null }) }),
    );
    await fc.assert(
      fc.asyncProperty(ruleArb, fc.array(money, { minLength: days.length, maxLength: days.length }), async (r, amounts) => {
        await env.db.execute(
          sql`update fee_instalments i set amount = v.amount::bigint from (values ${sql.join(
            byDays.map((inst, k) => sql`(${inst.id}::uuid, ${amounts[k]!})`),
            sql`, `,
          )}) v(id, amount) where i.id = v.id`,
        );
        const res = await putRule(s.principal.token, { sessionId: s.school.sessionId, ...r, active: true });
        expect(res.status).toBe(200);
        const rows = await lateRows(byDays.map((i) => i.id));
        const charged = byDays.map((inst) => rows.get(inst.id)?.amount ?? 0);
        expect(charged).toEqual(days.map((d, k) => lateFeeFor(r, amounts[k]!, d)));
        expect([...rows.values()].every((row) => row.amount > 0 && row.assessedOn === TODAY)).toBe(true);
      }),
      {
        numRuns: 30,
        seed: 25,
        // Halves that round up (50 % of odd amounts), a cap that binds on the fourth day, the largest amounts.
        examples: [
          [{ kind: 'percent', afterDays: 0, amount: 0, percentBp: 5_000, cap: null }, [1, 125, 3, 33_333, 5, 7]],
          [{ kind: 'per_day', afterDays: 1, amount: 1_000, percentBp: 0, cap: 2_500 }, [1, 1, 1, 1, 1, 1]],
          [{ kind: 'percent', afterDays: 0, amount: 0, percentBp: PERCENT_BP_MAX, cap: MONEY_MAX }, Array(days.length).fill(MONEY_MAX) as number[]],
        ],
      },
    );
  });
});

describe('a late fee waived, and paid', () => {
  /** A school with a fixed ₹100 late fee from the day after the due date, and a student's instalment five days overdue. */
  async function charged() {
    const s = await feeSchool(env, { count: 1 });
    const { instalments } = await addRecord(env, s, s.students[0]!, { instalments: 2, start: addDays(TODAY, -5) });
    await putRule(s.principal.token, rule(s, { kind: 'fixed', amount: 10_000, cap: null }));
    return { s, first: instalments[0]!, second: instalments[1]! };
  }

  it('the principal waives it with a reason: who, when, why kept, in the audit log, shown to the parent; again or none: 409; another school: 404; 400, 403 change nothing', async () => {
    const { s, first, second } = await charged();
    const parentToken = await env.f.token(s.parent);
    expect((await waive(s.principal.token, first.id, 'no')).status).toBe(400);
    expect((await waive(s.admin.token, first.id)).status).toBe(403);
    expect((await waive(other.principal.token, first.id)).status).toBe(404);
    expect(await env.db.select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'edit')))).toEqual([]);
    expect((await lateRows([first.id])).get(first.id)).toMatchObject({ amount: 10_000, waivedAt: null });

    const res = await waive(s.principal.token, first.id, 'Fees paid late because of floods');
    expect(res.status).toBe(200);
    const fees = res.body.result as StudentFees;
    expect(fees.instalments[0]).toMatchObject({ lateFee: 0, lateFeeWaived: { amount: 10_000, reason: 'Fees paid late because of floods' } });
    expect((await lateRows([first.id])).get(first.id)).toMatchObject({ amount: 10_000, waivedBy: s.principal.id, waiveReason: 'Fees paid late because of floods' });
    const [entry] = await env.db.select().from(auditLog).where(and(eq(auditLog.schoolId, s.school.id), eq(auditLog.action, 'edit')));
    expect(entry).toMatchObject({
      actorId: s.principal.id,
      studentId: s.students[0]!.id,
      details: { of: 'fees', lateFeeWaived: { seq: 1, amount: 10_000, reason: 'Fees paid late because of floods' } },
    });
    const seen = (await call(parentToken, 'GET', `/api/school/feerecord/emi/student/${s.students[0]!.id}/${s.school.sessionId}`)).body.result as StudentFees;
    expect(seen.instalments[0]!.lateFeeWaived).toEqual({ amount: 10_000, reason: 'Fees paid late because of floods' });

    // Nothing left to waive: the same instalment again, one not yet due.
    expect((await waive(s.principal.token, first.id)).body).toMatchObject({ reason: 'late_fee_none' });
    expect((await waive(s.principal.token, second.id)).status).toBe(409);
    expect((await waive(other.principal.token, other.school.id)).status).toBe(404);
  });

  it('tells the principal whom a rule reaches before it is saved: families and unpaid instalments, those overdue now, the smallest instalment', async () => {
    const { s, first, second } = await charged();
    // A sibling of the first child (the same parent: one family), its one instalment due in a month.
    const sibling = await env.f.user(116, s.school, { parentUserId: s.parent.id });
    await env.db.insert(classStudents).values({ schoolId: s.school.id, sessionId: s.school.sessionId, classId: s.classId, studentId: sibling.id, rollNo: 2 });
    const third = (await addRecord(env, s, sibling, { instalments: 1, start: addDays(TODAY, 30) })).instalments[0]!;
    const settings = (await getRule(s.principal.token, s.school.sessionId)).body.result as LateFeeSettings;
    expect(settings.reach).toEqual({ families: 1, instalments: 3, overdueFamilies: 1, overdueInstalments: 1, smallest: Math.min(first.amount, second.amount, third.amount) });
  });

  it("counts it in what the parent's dashboard says is due next, until it is waived", async () => {
    const { s, first } = await charged();
    const parentToken = await env.f.token(s.parent);
    const nextFee = async () => (await call(parentToken, 'GET', '/api/dashboard/children')).body.result as { children: Array<{ nextFee: { amount: number } | null }> };
    expect((await nextFee()).children[0]!.nextFee).toMatchObject({ amount: first.amount + 10_000, dueDate: first.dueDate });
    await waive(s.principal.token, first.id);
    expect((await nextFee()).children[0]!.nextFee).toMatchObject({ amount: first.amount });
  });

  it('is paid with its instalment: the dues show it, the payment carries it, the receipt has its own line and the total in words', async () => {
    const { s, first } = await charged();
    const dues = (await call(s.admin.token, 'GET', `/api/school/feedues?sessionId=${s.school.sessionId}`)).body.result as { items: DueRow[] };
    expect(dues.items.map((d) => [d.emiId, d.daysOverdue, d.lateFee])).toEqual([[first.id, 5, 10_000]]);

    const paid = await call(s.principal.token, 'POST', `/api/school/feerecord/emi/paid/${first.id}`, { mode: 'cash' });
    expect(paid.status).toBe(200);
    const payment = (paid.body.result as { payment: { paymentId: string; amount: number; lateFee: number } }).payment;
    expect(payment).toMatchObject({ amount: first.amount, lateFee: 10_000 });
    // The record's paid counts the instalment; the late fee is beside it.
    const [record] = await env.db.select().from(feeRecords).where(eq(feeRecords.id, first.feeRecordId));
    expect(record!.paid).toBe(first.amount);
    // Paid: no late fee to waive, and the job leaves it as it was.
    expect((await waive(s.principal.token, first.id)).body).toMatchObject({ reason: 'late_fee_none' });
    await runAt(`${addDays(TODAY, 3)}T04:30:00Z`);
    expect((await lateRows([first.id])).get(first.id)).toMatchObject({ amount: 10_000, assessedOn: TODAY });

    const pdf = await env.app.inject({ url: `/api/fee/receipt/${payment.paymentId}?lang=en`, headers: { token: s.admin.token } });
    const { text } = pdfContent(pdf.rawPayload);
    const total = first.amount + 10_000;
    // The instalment's line, its late fee on a line of its own under it, then the total.
    expect(text).toContain(`${formatRupees(first.amount)} Late fee ${formatRupees(10_000)}`);
    expect(text).toContain(`Amount received ${formatRupees(total)}`);
    expect(text).toContain(amountInWords(total, 'en'));
    const hi = pdfContent((await env.app.inject({ url: `/api/fee/receipt/${payment.paymentId}?lang=hi`, headers: { token: s.admin.token } })).rawPayload).text;
    expect(hi).toContain(`विलंब शुल्क ${formatRupees(10_000)}`);
    // The instalment's row is paid now.
    expect((await env.db.select({ paid: feeInstalments.paid }).from(feeInstalments).where(eq(feeInstalments.id, first.id)))[0]!.paid).toBe(true);
  });
});
