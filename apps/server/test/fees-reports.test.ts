import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classFeeTotal, splitInstalments, type PaymentMode } from '@shala/contract';
import { classFees, classStudents, classes, feeAlerts, feeInstalments, feePayments, feeReceiptCounters, feeRecords, notifications } from '../src/db/schema.js';
import { addDays, localDate } from '../src/modules/calendar/days.js';
import { runFeeReminders, type ReminderKind } from '../src/modules/payments/reminders.js';
import { renderNotification } from '../src/texts/notifications.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { countStatements as countStatementsOf } from './statements.js';

/**
 * Fees, part "reports": the overview of a session, dues (a page, per class), the collection and
 * outstanding reports, and the parents' reminders. The fee rows are inserted directly (records,
 * plans and payments are other slices), their amounts computed with the contract's functions.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;

const FEE = { academic: 500_000, convenience: 0, development: 100_000, tuition: 1_200_000, other: 0, taxBp: 0 }; // ₹18,000.00
const FEE_TOTAL = classFeeTotal(FEE).total;

interface PlanStep {
  due: string;
  paid?: { on: string; mode?: PaymentMode; reversed?: boolean; lateFee?: number };
}
interface Kid {
  id: string;
  name: string;
  recordId: string;
  instalments: Array<{ id: string; amount: number; due: string; paid: boolean }>;
}

let receipt = 0;
/** A class of the school's session with its fee; returns its id. */
async function addClass(school: TestSchool, section: string, master = '5'): Promise<string> {
  const [c] = await env.db.insert(classes).values({ schoolId: school.id, sessionId: school.sessionId, masterClass: master, name: master, section }).returning({ id: classes.id });
  await env.db.insert(classFees).values({ schoolId: school.id, classId: c!.id, sessionId: school.sessionId, ...FEE, total: FEE_TOTAL });
  return c!.id;
}

/**
 * Students in a class, each with a record of the class fee and a plan of one instalment per step
 * (split with `splitInstalments`), paid steps with a payment (a reversed one leaves its instalment
 * unpaid), `paid` of the record equal to its live payments.
 */
async function addStudents(school: TestSchool, classId: string, plans: PlanStep[][], opts: { parent?: TestUser | null; firstRoll?: number } = {}): Promise<Kid[]> {
  const kids: Kid[] = [];
  for (const [n, plan] of plans.entries()) {
    const name = `Kid${n + 1}`;
    const u = await env.f.user(116, school, { firstName: name, parentUserId: opts.parent === null ? undefined : (opts.parent ?? mine.users[115]).id });
    await env.db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId, studentId: u.id, rollNo: (opts.firstRoll ?? 1) + n });
    const amounts = splitInstalments(FEE_TOTAL, plan.length);
    const live = plan.reduce((sum, s, i) => (s.paid && !s.paid.reversed ? sum + amounts[i]! : sum), 0);
    const [rec] = await env.db
      .insert(feeRecords)
      .values({ schoolId: school.id, sessionId: school.sessionId, classId, studentId: u.id, classFee: FEE_TOTAL, total: FEE_TOTAL, paid: live })
      .returning({ id: feeRecords.id });
    const inst = await env.db
      .insert(feeInstalments)
      .values(plan.map((s, i) => ({ schoolId: school.id, sessionId: school.sessionId, feeRecordId: rec!.id, seq: i + 1, dueDate: s.due, amount: amounts[i]!, paid: !!s.paid && !s.paid.reversed })))
      .returning({ id: feeInstalments.id, amount: feeInstalments.amount, due: feeInstalments.dueDate, paid: feeInstalments.paid, seq: feeInstalments.seq });
    inst.sort((a, b) => a.seq - b.seq);
    const payments = plan.flatMap((s, i) =>
      s.paid
        ? [
            {
              schoolId: school.id,
              sessionId: school.sessionId,
              feeRecordId: rec!.id,
              instalmentId: inst[i]!.id,
              seq: i + 1,
              receiptNo: ++receipt,
              amount: amounts[i]!,
              lateFee: s.paid.lateFee ?? 0,
              mode: s.paid.mode ?? 'cash',
              paidOn: s.paid.on,
              ...(s.paid.reversed ? { reversedAt: new Date(), reversalReason: 'Cheque bounced' } : {}),
            },
          ]
        : [],
    );
    if (payments.length) await env.db.insert(feePayments).values(payments);
    kids.push({ id: u.id, name: `${name} Test`, recordId: rec!.id, instalments: inst });
  }
  await env.db
    .insert(feeReceiptCounters)
    .values({ schoolId: school.id, sessionId: school.sessionId, lastNo: receipt })
    .onConflictDoUpdate({ target: [feeReceiptCounters.schoolId, feeReceiptCounters.sessionId], set: { lastNo: receipt } });
  return kids;
}

/** The late fee paid with the cheque of today (10 days overdue). */
const LATE = 25_000;

const call = (url: string, token?: string) => env.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const countStatements = <T>(schoolId: string, work: () => Promise<T>) => countStatementsOf(env, schoolId, work);
const money = (paise: number[]) => paise.reduce((a, b) => a + b, 0);

// Today in the demo's zone (the test schools keep the default, Asia/Kolkata).
const today = localDate('Asia/Kolkata');
const ago = (n: number) => addDays(today, -n);

let classA: string;
let classB: string;
let emptyClass: string;
let a: Kid[];
let b: Kid[];

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  classA = await addClass(mine.school, 'A');
  classB = await addClass(mine.school, 'B');
  emptyClass = await addClass(mine.school, 'C');
  // 5-A: the first paid 40 days ago, the second overdue by 10 days, the third due in 20 days;
  // the second student paid two, one of them today; the third paid the first by UPI then it was reversed.
  a = await addStudents(mine.school, classA, [
    [{ due: ago(40), paid: { on: ago(40) } }, { due: ago(10) }, { due: addDays(today, 20) }],
    [{ due: ago(40), paid: { on: ago(38), mode: 'upi' } }, { due: ago(10), paid: { on: today, mode: 'cheque', lateFee: LATE } }, { due: addDays(today, 20) }],
    [{ due: ago(40), paid: { on: ago(39), mode: 'upi', reversed: true } }, { due: ago(10) }, { due: addDays(today, 20) }],
  ]);
  // 5-B: one student, nothing paid, two overdue (30 and 5 days).
  b = await addStudents(mine.school, classB, [[{ due: ago(30) }, { due: ago(5) }, { due: addDays(today, 2) }]], { firstRoll: 1 });
  // Another school with its own dues, never seen here.
  const theirClassId = await addClass(theirs.school, 'A');
  await addStudents(theirs.school, theirClassId, [[{ due: ago(50) }, { due: ago(1) }]], { parent: theirs.users[115] });
});
afterAll(() => env?.close());

describe('GET /api/school/feesummary', () => {
  const url = (sessionId: string) => `/api/school/feesummary?sessionId=${sessionId}`;

  it('answers a session at a glance: expected, paid, balance, overdue, collected today', async () => {
    const res = await call(url(mine.school.sessionId), mine.users[113].token);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().result;
    const overdue = money([a[0]!, a[2]!].flatMap((k) => [k.instalments[1]!.amount]).concat(a[2]!.instalments[0]!.amount, b[0]!.instalments[0]!.amount, b[0]!.instalments[1]!.amount));
    const paid = a[0]!.instalments[0]!.amount + a[1]!.instalments[0]!.amount + a[1]!.instalments[1]!.amount;
    expect(s).toEqual({
      sessionId: mine.school.sessionId,
      records: 4,
      total: 4 * FEE_TOTAL,
      paid,
      balance: 4 * FEE_TOTAL - paid,
      overdue,
      collectedToday: a[1]!.instalments[1]!.amount + LATE, // late fees included, as at the counter
      today,
    });
    // The system admin sees the same.
    expect((await call(url(mine.school.sessionId), mine.users[112].token)).json().result).toEqual(s);
  });

  it('is one statement', async () => {
    const { statements } = await countStatements(mine.school.id, async () => expect((await call(url(mine.school.sessionId), mine.users[113].token)).statusCode).toBe(200));
    expect(statements).toBe(1);
  });

  it('answers 401 without a session, 403 to other roles, 400 for a bad id, 404 for another school’s session', async () => {
    expect((await call(url(mine.school.sessionId))).statusCode).toBe(401);
    for (const role of [111, 114, 115, 116] as const) expect((await call(url(mine.school.sessionId), mine.users[role].token)).statusCode).toBe(403);
    const bad = await call(url('nope'), mine.users[113].token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_ERROR');
    const other = await call(url(theirs.school.sessionId), mine.users[113].token);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('NOT_FOUND');
  });

  it('shows zeros for a session without records', async () => {
    const res = await call(url(theirs.school.sessionId), theirs.users[112].token);
    expect(res.json().result).toMatchObject({ records: 1 });
    const fresh = await everyRole(env);
    const empty = await call(url(fresh.school.sessionId), fresh.users[113].token);
    expect(empty.json().result).toEqual({ sessionId: fresh.school.sessionId, records: 0, total: 0, paid: 0, balance: 0, overdue: 0, collectedToday: 0, today });
  });
});

describe('GET /api/school/feedues', () => {
  const url = (q: string) => `/api/school/feedues?sessionId=${mine.school.sessionId}${q}`;

  it('lists the overdue instalments, the oldest first, with student, roll number, class and days overdue', async () => {
    const res = await call(url(''), mine.users[113].token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().result;
    expect(page.total).toBe(5);
    expect(page.items.map((d: { student: { fullName: string }; seq: number; daysOverdue: number; class: { section: string } }) => [d.student.fullName, d.seq, d.daysOverdue, d.class.section])).toEqual([
      ['Kid3 Test', 1, 40, 'A'], // its payment was reversed: due again
      ['Kid1 Test', 1, 30, 'B'],
      ['Kid1 Test', 2, 10, 'A'],
      ['Kid3 Test', 2, 10, 'A'],
      ['Kid1 Test', 2, 5, 'B'],
    ]);
    const first = page.items[0];
    expect(first).toMatchObject({
      emiId: a[2]!.instalments[0]!.id,
      feeRecordId: a[2]!.recordId,
      dueDate: ago(40),
      amount: a[2]!.instalments[0]!.amount,
      student: { userId: a[2]!.id, rollNo: 3 },
      class: { assignClassId: classA, masterClass: '5', section: 'A' },
    });
  });

  it('pages, and filters one class', async () => {
    const p2 = (await call(url('&page=2&pageSize=2'), mine.users[112].token)).json().result;
    expect(p2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(p2.items.map((d: { seq: number }) => d.seq)).toEqual([2, 2]);
    const past = (await call(url('&page=9&pageSize=2'), mine.users[113].token)).json().result;
    expect(past).toMatchObject({ total: 5, items: [] });
    const onlyB = (await call(url(`&assignClassId=${classB}`), mine.users[113].token)).json().result;
    expect(onlyB.total).toBe(2);
    expect(onlyB.items.every((d: { class: { assignClassId: string } }) => d.class.assignClassId === classB)).toBe(true);
    const none = (await call(url(`&assignClassId=${emptyClass}`), mine.users[113].token)).json().result;
    expect(none).toMatchObject({ total: 0, items: [] });
  });

  it('answers 404 for another school’s class or session, 400 for bad paging, 403 for other roles', async () => {
    const theirClass = (await env.db.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, theirs.school.id)))[0]!.id;
    expect((await call(url(`&assignClassId=${theirClass}`), mine.users[113].token)).statusCode).toBe(404);
    expect((await call(`/api/school/feedues?sessionId=${theirs.school.sessionId}`, mine.users[113].token)).statusCode).toBe(404);
    expect((await call(url('&pageSize=1000'), mine.users[113].token)).statusCode).toBe(400);
    expect((await call(url(''), mine.users[114].token)).statusCode).toBe(403);
    expect((await call(url(''))).statusCode).toBe(401);
  });

  it('costs one statement whatever the number of dues', async () => {
    const cost = async (school: TestSchool, token: string) =>
      (
        await countStatements(school.id, async () => {
          const res = await call(`/api/school/feedues?sessionId=${school.sessionId}`, token);
          expect(res.statusCode).toBe(200);
          return res.json().result;
        })
      ).statements;
    const big = await everyRole(env);
    const cls = await addClass(big.school, 'A');
    await addStudents(big.school, cls, Array.from({ length: 30 }, () => [{ due: ago(20) }, { due: ago(3) }]), { parent: big.users[115] });
    expect(await cost(big.school, big.users[113].token)).toBe(1);
    expect(await cost(mine.school, mine.users[113].token)).toBe(1);
    const { result } = await countStatements(big.school.id, async () => (await call(`/api/school/feedues?sessionId=${big.school.sessionId}&pageSize=100`, big.users[113].token)).json().result);
    expect(result.total).toBe(60);
    expect(result.items).toHaveLength(60);
  });
});

describe('GET /api/school/feedues/classes', () => {
  it('sums the overdue instalments per class (classes without any left out), in one statement', async () => {
    const { result: res, statements } = await countStatements(mine.school.id, () => call(`/api/school/feedues/classes?sessionId=${mine.school.sessionId}`, mine.users[113].token));
    expect(res.statusCode, res.body).toBe(200);
    expect(statements).toBe(1);
    expect(res.json().result).toEqual([
      { class: { assignClassId: classA, masterClass: '5', className: '5', section: 'A' }, count: 3, amount: a[0]!.instalments[1]!.amount + a[2]!.instalments[0]!.amount + a[2]!.instalments[1]!.amount },
      { class: { assignClassId: classB, masterClass: '5', className: '5', section: 'B' }, count: 2, amount: b[0]!.instalments[0]!.amount + b[0]!.instalments[1]!.amount },
    ]);
    expect((await call(`/api/school/feedues/classes?sessionId=${theirs.school.sessionId}`, mine.users[113].token)).statusCode).toBe(404);
  });
});

describe('GET /api/school/feereport/collection', () => {
  const url = (from: string, to: string, groupBy?: string, sessionId = mine.school.sessionId) =>
    `/api/school/feereport/collection?sessionId=${sessionId}&from=${from}&to=${to}${groupBy ? `&groupBy=${groupBy}` : ''}`;

  it('sums live payments by day (reversed ones left out), late fees included and told apart, with totals', async () => {
    const res = await call(url(ago(60), today), mine.users[113].token);
    expect(res.statusCode, res.body).toBe(200);
    const first = a[0]!.instalments[0]!.amount;
    expect(res.json().result).toEqual({
      rows: [
        { key: ago(40), class: null, count: 1, amount: first, lateFee: 0 },
        { key: ago(38), class: null, count: 1, amount: a[1]!.instalments[0]!.amount, lateFee: 0 },
        { key: today, class: null, count: 1, amount: a[1]!.instalments[1]!.amount + LATE, lateFee: LATE },
      ],
      count: 3,
      amount: first + a[1]!.instalments[0]!.amount + a[1]!.instalments[1]!.amount + LATE,
      lateFee: LATE,
    });
    // Both ends count.
    const one = (await call(url(ago(38), ago(38)), mine.users[113].token)).json().result;
    expect(one.rows.map((r: { key: string }) => r.key)).toEqual([ago(38)]);
  });

  it('by mode and by class', async () => {
    const byMode = (await call(url(ago(60), today, 'mode'), mine.users[112].token)).json().result;
    expect(byMode.rows.map((r: { key: string; count: number; lateFee: number }) => [r.key, r.count, r.lateFee]).sort()).toEqual([
      ['cash', 1, 0],
      ['cheque', 1, LATE],
      ['upi', 1, 0],
    ]);
    const byClass = (await call(url(ago(60), today, 'class'), mine.users[113].token)).json().result;
    expect(byClass).toMatchObject({ rows: [{ key: classA, class: { assignClassId: classA, section: 'A' }, count: 3, lateFee: LATE }], count: 3, lateFee: LATE });
  });

  it('answers an empty report for a period without payments, 404 for another school’s session', async () => {
    expect((await call(url(addDays(today, 1), addDays(today, 5)), mine.users[113].token)).json().result).toEqual({ rows: [], count: 0, amount: 0, lateFee: 0 });
    expect((await call(url(ago(5), today, 'day', theirs.school.sessionId), mine.users[113].token)).statusCode).toBe(404);
  });

  it('refuses a period over 366 days or ending before it starts (400, with the issue code), and a wrong role', async () => {
    const long = await call(url('2025-01-01', '2026-01-02'), mine.users[113].token);
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toEqual([expect.objectContaining({ path: 'querystring.to', code: 'range_too_long', params: { max: 366 } })]);
    expect((await call(url('2024-01-01', '2024-12-31'), mine.users[113].token)).statusCode).toBe(200); // a leap year: 366 days
    const backwards = await call(url(today, ago(1)), mine.users[113].token);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues[0].code).toBe('end_before_start');
    expect((await call(url(ago(1), today, 'week'), mine.users[113].token)).statusCode).toBe(400);
    expect((await call(url(ago(1), today), mine.users[116].token)).statusCode).toBe(403);
  });

  it('costs one statement', async () => {
    for (const groupBy of ['day', 'class', 'mode']) {
      const { statements } = await countStatements(mine.school.id, () => call(url(ago(60), today, groupBy), mine.users[113].token));
      expect(statements).toBe(1);
    }
  });
});

describe('GET /api/school/feereport/outstanding', () => {
  it('gives every class of the session its records, total, paid, balance and overdue, with totals, in one statement', async () => {
    const { result: res, statements } = await countStatements(mine.school.id, () =>
      call(`/api/school/feereport/outstanding?sessionId=${mine.school.sessionId}`, mine.users[113].token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(statements).toBe(1);
    const r = res.json().result;
    const paidA = a[0]!.instalments[0]!.amount + a[1]!.instalments[0]!.amount + a[1]!.instalments[1]!.amount;
    const overdueA = a[0]!.instalments[1]!.amount + a[2]!.instalments[0]!.amount + a[2]!.instalments[1]!.amount;
    const overdueB = b[0]!.instalments[0]!.amount + b[0]!.instalments[1]!.amount;
    expect(r.rows.map((x: { class: { section: string } }) => x.class.section)).toEqual(['A', 'B', 'C']);
    expect(r.rows[0]).toMatchObject({ records: 3, total: 3 * FEE_TOTAL, paid: paidA, balance: 3 * FEE_TOTAL - paidA, overdue: overdueA });
    expect(r.rows[1]).toMatchObject({ records: 1, total: FEE_TOTAL, paid: 0, balance: FEE_TOTAL, overdue: overdueB });
    expect(r.rows[2]).toMatchObject({ records: 0, total: 0, paid: 0, balance: 0, overdue: 0 });
    expect(r).toMatchObject({ total: 4 * FEE_TOTAL, paid: paidA, balance: 4 * FEE_TOTAL - paidA, overdue: overdueA + overdueB });
  });

  it('answers 404 for another school’s session and 403 for a parent', async () => {
    expect((await call(`/api/school/feereport/outstanding?sessionId=${theirs.school.sessionId}`, mine.users[113].token)).statusCode).toBe(404);
    expect((await call(`/api/school/feereport/outstanding?sessionId=${mine.school.sessionId}`, mine.users[115].token)).statusCode).toBe(403);
  });
});

describe('the parents’ reminders', () => {
  // A fixed instant: 20:00 UTC on 10 June is already 11 June in Kolkata, still 10 June in New York.
  const NOW = new Date('2026-06-10T20:00:00Z');

  async function reminderSchool(timeZone: string) {
    const who = await everyRole(env);
    const { schools } = await import('../src/db/schema.js');
    await env.db.update(schools).set({ timeZone }).where(eq(schools.id, who.school.id));
    const cls = await addClass(who.school, 'A');
    return { who, cls };
  }
  const notesOf = async (userId: string) =>
    (await env.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({ ...n, message: renderNotification({ ...n, kind: n.kind as 'fee_due' }, 'en') }));
  const reminderMessage = (kind: ReminderKind, child: string, seq: number, amount: number, dueDate: string) =>
    renderNotification({ kind: kind === 'due_soon' ? 'fee_due' : 'fee_overdue', params: { child, seq, amount, dueDate }, message: '' }, 'en');

  it('sends one per instalment and kind, none on a second run, none for a paid one, in each school’s own today', async () => {
    const kolkata = await reminderSchool('Asia/Kolkata');
    const newYork = await reminderSchool('America/New_York');
    const plan = (): PlanStep[] => [
      { due: '2026-05-01', paid: { on: '2026-05-01' } }, // paid: nothing
      { due: '2026-06-10' }, // Kolkata: overdue (its today is 11 June); New York: due today
      { due: '2026-06-13' }, // Kolkata: due in 2 days; New York: in 3
      { due: '2026-06-20' }, // neither
    ];
    const [k] = await addStudents(kolkata.who.school, kolkata.cls, [plan()], { parent: kolkata.who.users[115] });
    const [n] = await addStudents(newYork.who.school, newYork.cls, [plan()], { parent: newYork.who.users[115] });
    // A student without a parent gets no reminder (and none is recorded, so a parent added later hears of it).
    const [orphan] = await addStudents(kolkata.who.school, kolkata.cls, [[{ due: '2026-06-01' }]], { parent: null, firstRoll: 2 });

    await runFeeReminders(env.app.deps, NOW);
    const name = (kid: Kid) => kid.name;
    const kNotes = await notesOf(kolkata.who.users[115].id);
    expect(kNotes.map((x) => x.message).sort()).toEqual(
      [
        reminderMessage('overdue', name(k!), 2, k!.instalments[1]!.amount, '2026-06-10'),
        reminderMessage('due_soon', name(k!), 3, k!.instalments[2]!.amount, '2026-06-13'),
      ].sort(),
    );
    expect(kNotes.every((x) => x.senderName === kolkata.who.school.name && x.schoolId === kolkata.who.school.id)).toBe(true);
    const nNotes = await notesOf(newYork.who.users[115].id);
    expect(nNotes.map((x) => x.message).sort()).toEqual(
      [
        reminderMessage('due_soon', name(n!), 2, n!.instalments[1]!.amount, '2026-06-10'),
        reminderMessage('due_soon', name(n!), 3, n!.instalments[2]!.amount, '2026-06-13'),
      ].sort(),
    );
    expect(kNotes[0]!.message).toMatch(/^Fee instalment \d of ₹[\d,]+\.\d\d for Kid1 Test (is|was) due on \d+ Jun 2026/);
    expect(kNotes.map((x) => x.params.dueDate).sort()).toEqual(['2026-06-10', '2026-06-13']);
    const alerts = await env.db.select().from(feeAlerts).where(inArray(feeAlerts.instalmentId, [...k!.instalments, ...n!.instalments, ...orphan!.instalments].map((i) => i.id)));
    expect(alerts).toHaveLength(4);

    // A second run sends nothing.
    const again = await runFeeReminders(env.app.deps, NOW);
    expect(again).toEqual({ due_soon: 0, overdue: 0 });
    expect(await notesOf(kolkata.who.users[115].id)).toHaveLength(2);

    // The next day in New York, its second instalment is overdue: one more, of that kind.
    const later = await runFeeReminders(env.app.deps, new Date('2026-06-11T20:00:00Z'));
    expect(later.overdue).toBeGreaterThanOrEqual(1);
    const nAfter = (await notesOf(newYork.who.users[115].id)).map((x) => x.message);
    expect(nAfter).toContain(reminderMessage('overdue', name(n!), 2, n!.instalments[1]!.amount, '2026-06-10'));
    expect(nAfter).toHaveLength(3);
    // Paid instalments never had one.
    expect(alerts.some((x) => x.instalmentId === k!.instalments[0]!.id || x.instalmentId === n!.instalments[0]!.id)).toBe(false);
  });

  it('costs the same statements for 1 or 40 instalments', async () => {
    const one = await reminderSchool('Asia/Kolkata');
    await addStudents(one.who.school, one.cls, [[{ due: '2026-06-01' }]], { parent: one.who.users[115] });
    const cost = async (at: Date) => (await countStatements(one.who.school.id, () => runFeeReminders(env.app.deps, at))).statements;
    const small = await cost(NOW);
    const many = await reminderSchool('Asia/Kolkata');
    await addStudents(many.who.school, many.cls, Array.from({ length: 20 }, () => [{ due: '2026-06-02' }, { due: '2026-06-12' }]), { parent: many.who.users[115] });
    const before = (await env.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, many.who.users[115].id)))[0]!.n;
    expect(await cost(NOW)).toBe(small);
    const after = (await env.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, many.who.users[115].id)))[0]!.n;
    expect(after - before).toBe(40);
    const sent = await env.db.select({ n: count() }).from(feeAlerts).where(and(eq(feeAlerts.schoolId, many.who.school.id)));
    expect(sent[0]!.n).toBe(40);
  });
});
