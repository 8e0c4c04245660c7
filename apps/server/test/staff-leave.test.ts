import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { LeaveBalances, LeaveType, StaffDay, StaffLeave, StaffMonth } from '@shala/contract';
import { files, holidays, leaveBalances, notifications, staffAttendance, staffLeaveDays, staffLeaves } from '../src/db/schema.js';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { everyRole, setupApp, type TestEnv, type TestUser } from './helpers.js';

/**
 * Staff leave (issue 42): leave types, balances, applications, decisions and cancelling; days are
 * school days only; approval moves the balance under a lock (the rest without pay) and writes the
 * register; a refusal changes nothing. Dates come from the school's today (the tests' clock).
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let today: string;
let holiday: string;
/** Future school days (not Sunday, not the holiday), in order, each used once. */
let future: string[];
let types: Record<'CL' | 'EL' | 'ML', LeaveType>;
let teacher2: TestUser & { token: string };

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) => env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const P = () => mine.users[113].token;
const A = () => mine.users[112].token;
const T = () => mine.users[114].token;
const ok = async <R>(p: ReturnType<typeof call>): Promise<R> => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as R;
};
const apply = (token: string, body: object) => call('POST', '/api/school/staffleave', token, { reason: 'Family function', ...body });
const decide = (leaveId: string, decision: 'approve' | 'decline', token = P(), comment?: string) =>
  call('POST', `/api/school/staffleave/${leaveId}/decision`, token, { decision, comment });
const balances = (token: string, userId?: string) => call('GET', `/api/school/staffleave/balances${userId ? `?userId=${userId}` : ''}`, token);
const balanceOf = (b: LeaveBalances, code: string) => b.balances.find((x) => x.code === code)!;
const take = () => future.shift()!;
const snapshot = async () => ({
  leaves: (await env.db.select().from(staffLeaves)).length,
  days: (await env.db.select().from(staffLeaveDays)).length,
  balances: JSON.stringify(await env.db.select().from(leaveBalances).orderBy(leaveBalances.userId, leaveBalances.leaveTypeId)),
  attendance: (await env.db.select().from(staffAttendance)).length,
});

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  const u = await env.f.user(114, mine.school, { firstName: 'Meena' });
  teacher2 = { ...u, token: await env.f.token(u) };
  today = localDate('Asia/Kolkata');
  // The holiday: the Monday after next; the future days: from the day after it.
  let d = addDays(today, 1);
  while (isoWeekday(d) !== 1) d = addDays(d, 1);
  holiday = addDays(d, 7);
  await env.db.insert(holidays).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, title: 'Founders Day', startDate: holiday, endDate: holiday });
  future = [];
  for (let x = addDays(holiday, 1); future.length < 30; x = addDays(x, 1)) if (isoWeekday(x) !== 7) future.push(x);
  const add = (body: object) => ok<LeaveType>(call('POST', '/api/school/leavetypes', P(), body));
  types = {
    CL: await add({ code: 'CL', name: 'Casual leave', nameHi: 'आकस्मिक अवकाश', daysPerSession: 12 }),
    EL: await add({ code: 'el', name: 'Earned leave', daysPerSession: 15, carryForwardMax: 30, halfDayAllowed: false }),
    ML: await add({ code: 'ML', name: 'Medical leave', daysPerSession: 10, documentAfterDays: 2 }),
  };
});
afterAll(() => env?.close());

describe('leave types', () => {
  it('are listed to teachers, added and changed by admins; a code taken in any case is 409; another school’s id 404', async () => {
    expect(types.EL.code).toBe('EL');
    const list = await ok<{ items: LeaveType[] }>(call('GET', '/api/school/leavetypes', T()));
    expect(list.items.map((t) => t.code)).toEqual(['CL', 'EL', 'ML']);
    const taken = await call('POST', '/api/school/leavetypes', A(), { code: 'cl', name: 'Again', daysPerSession: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().reason).toBe('leave_type_taken');
    expect((await call('POST', '/api/school/leavetypes', T(), { code: 'OD', name: 'Duty', daysPerSession: 1 })).statusCode).toBe(403);
    const theirType = await ok<LeaveType>(call('POST', '/api/school/leavetypes', theirs.users[113].token, { code: 'CL', name: 'Casual', daysPerSession: 8 }));
    expect((await call('PUT', `/api/school/leavetypes/${theirType.leaveTypeId}`, P(), { code: 'CL', name: 'Mine now', daysPerSession: 1 })).statusCode).toBe(404);
    const changed = await ok<LeaveType>(call('PUT', `/api/school/leavetypes/${types.ML.leaveTypeId}`, P(), { code: 'ML', name: 'Medical leave', daysPerSession: 10.5, documentAfterDays: 2 }));
    expect(changed.daysPerSession).toBe(10.5);
    // A balance not yet written reads as the grant with nothing used.
    const b = await ok<LeaveBalances>(balances(T()));
    expect(balanceOf(b, 'ML')).toMatchObject({ opening: 0, granted: 10.5, used: 0, available: 10.5 });
    await ok(call('PUT', `/api/school/leavetypes/${types.ML.leaveTypeId}`, P(), { code: 'ML', name: 'Medical leave', daysPerSession: 10, documentAfterDays: 2 }));
  });
});

describe('applying', () => {
  it('counts school days only: a leave over a Sunday and a holiday', async () => {
    const from = addDays(holiday, -2); // Saturday
    const to = addDays(holiday, 1); // Tuesday
    const leave = await ok<StaffLeave>(apply(T(), { leaveTypeId: types.CL.leaveTypeId, fromDate: from, toDate: to }));
    expect(leave).toMatchObject({ days: 2, status: 'pending', code: 'CL', canCancel: true, canDecide: false, paidDays: null });
    // The principal is told.
    const told = await env.db.select().from(notifications).where(and(eq(notifications.userId, mine.users[113].id), eq(notifications.kind, 'staff_leave')));
    expect(told.length).toBe(1);
    expect(told[0]!.params).toMatchObject({ code: 'CL', fromDate: from, toDate: to, days: 2 });
    // The overlap: 409 naming the other leave.
    const overlap = await apply(T(), { leaveTypeId: types.EL.leaveTypeId, fromDate: to, toDate: to });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ reason: 'leave_overlap', params: { fromDate: from, toDate: to } });
    // Approved: 2 days from the balance, on leave on the register with its code.
    const approved = await ok<StaffLeave>(decide(leave.leaveId, 'approve', P(), 'Enjoy'));
    expect(approved).toMatchObject({ status: 'approved', days: 2, paidDays: 2, unpaidDays: 0, comment: 'Enjoy', canDecide: false });
    const sat = await ok<StaffDay>(call('GET', `/api/school/staffattendance?date=${from}`, P()));
    expect(sat.people.find((p) => p.personId === mine.users[114].id)).toMatchObject({ status: 'on_leave', leaveCode: 'CL' });
    expect(balanceOf(await ok<LeaveBalances>(balances(T())), 'CL')).toMatchObject({ used: 2, available: 10 });
    // Cancelled before its first day: the days come back and the register is cleared.
    const cancelled = await ok<StaffLeave>(call('POST', `/api/school/staffleave/${leave.leaveId}/cancel`, T(), {}));
    expect(cancelled.status).toBe('cancelled');
    expect(balanceOf(await ok<LeaveBalances>(balances(T())), 'CL')).toMatchObject({ used: 0, available: 12 });
    const again = await ok<StaffDay>(call('GET', `/api/school/staffattendance?date=${from}`, P()));
    expect(again.people.find((p) => p.personId === mine.users[114].id)).toMatchObject({ status: 'present', leaveCode: null });
    expect(await env.db.select().from(staffLeaveDays).where(eq(staffLeaveDays.leaveId, leave.leaveId))).toEqual([]);
  });

  it('refuses a range with no school day, a half day on many days or of a type without halves, a missing document, another’s file; nothing changes', async () => {
    const before = await snapshot();
    const sunday = addDays(holiday, -1);
    const none = await apply(T(), { leaveTypeId: types.CL.leaveTypeId, fromDate: sunday, toDate: holiday });
    expect(none.statusCode).toBe(409);
    expect(none.json().reason).toBe('no_working_days');
    expect((await apply(T(), { leaveTypeId: types.CL.leaveTypeId, fromDate: future[0], toDate: future[1], half: 'first' })).statusCode).toBe(400);
    const el = await apply(T(), { leaveTypeId: types.EL.leaveTypeId, fromDate: future[0], toDate: future[0], half: 'first' });
    expect(el.statusCode).toBe(400);
    expect(el.json().reason).toBe('half_day_not_allowed');
    const ml = await apply(T(), { leaveTypeId: types.ML.leaveTypeId, fromDate: future[0], toDate: future[2] });
    expect(ml.statusCode).toBe(400);
    expect(ml.json()).toMatchObject({ reason: 'leave_document_needed', params: { days: 2 } });
    const name = `${randomUUID()}.pdf`;
    await env.db.insert(files).values({ name, schoolId: mine.school.id, ownerId: teacher2.id, size: 10, mime: 'application/pdf', originalName: 'cert.pdf' });
    const notMine = await apply(T(), { leaveTypeId: types.ML.leaveTypeId, fromDate: future[0], toDate: future[2], file: name });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().reason).toBe('file_not_yours');
    const theirType = await apply(T(), { leaveTypeId: (await ok<{ items: LeaveType[] }>(call('GET', '/api/school/leavetypes', theirs.users[113].token))).items[0]!.leaveTypeId, fromDate: future[0], toDate: future[0] });
    expect(theirType.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    // With its own file: accepted, the file attached.
    const leave = await ok<StaffLeave>(apply(teacher2.token, { leaveTypeId: types.ML.leaveTypeId, fromDate: future[0], toDate: future[2], file: name }));
    expect(leave.file).toMatchObject({ name, originalName: 'cert.pdf' });
    expect(leave.days).toBe(3);
    await ok(call('POST', `/api/school/staffleave/${leave.leaveId}/cancel`, P(), { comment: 'Not needed' }));
  });
});

describe('deciding and who may', () => {
  it('refuses deciding one’s own leave (403); another school’s or another teacher’s leave is 404', async () => {
    const d = take();
    const own = await ok<StaffLeave>(apply(P(), { leaveTypeId: types.CL.leaveTypeId, fromDate: d, toDate: d, half: 'second' }));
    expect(own.days).toBe(0.5);
    const refused = await decide(own.leaveId, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('own_leave');
    expect((await decide(own.leaveId, 'approve', theirs.users[113].token)).statusCode).toBe(404);
    expect((await call('POST', `/api/school/staffleave/${own.leaveId}/cancel`, T(), {})).statusCode).toBe(404);
    expect((await call('POST', `/api/school/staffleave/${own.leaveId}/cancel`, theirs.users[112].token, {})).statusCode).toBe(404);
    expect((await call('GET', `/api/school/staffleave/${own.leaveId}/file`, T())).statusCode).toBe(404);
    expect((await balances(T(), mine.users[113].id)).statusCode).toBe(404);
    expect((await balances(theirs.users[113].token, mine.users[114].id)).statusCode).toBe(404);
    const teacherList = await ok<{ items: StaffLeave[] }>(call('GET', '/api/school/staffleave', T()));
    expect(teacherList.items.every((l) => l.userId === mine.users[114].id)).toBe(true);
    const adminList = await ok<{ items: StaffLeave[]; total: number }>(call('GET', '/api/school/staffleave?status=pending', A()));
    expect(adminList.items.find((l) => l.leaveId === own.leaveId)).toMatchObject({ canDecide: true });
    // The system admin approves the principal's half day: present the other half.
    await ok(decide(own.leaveId, 'approve', A()));
    const day = await ok<StaffDay>(call('GET', `/api/school/staffattendance?date=${d}`, P()));
    expect(day.people.find((p) => p.personId === mine.users[113].id)).toMatchObject({ status: 'half_first', leaveCode: 'CL' });
    const twice = await decide(own.leaveId, 'decline', A());
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ reason: 'leave_decided', params: { status: 'approved' } });
  });

  it('approved leave begun cannot be cancelled; the month counts it by type', async () => {
    let past = addDays(today, -1);
    while (isoWeekday(past) === 7) past = addDays(past, -1);
    const leave = await ok<StaffLeave>(apply(teacher2.token, { leaveTypeId: types.EL.leaveTypeId, fromDate: past, toDate: past }));
    await ok(decide(leave.leaveId, 'approve'));
    const late = await call('POST', `/api/school/staffleave/${leave.leaveId}/cancel`, teacher2.token, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().reason).toBe('leave_started');
    const month = await ok<StaffMonth>(call('GET', `/api/school/staffattendance/month?month=${past.slice(0, 7)}`, P()));
    expect(month.people.find((p) => p.personId === teacher2.id)).toMatchObject({ leaveByType: { EL: 1 }, withoutPay: 0, onLeave: 1 });
    const csv = await call('GET', `/api/school/staffattendance/month/csv?month=${past.slice(0, 7)}`, P());
    expect(csv.body.split('\r\n')[0]).toMatch(/,Late,EL,Without pay$/);
  });

  it('10 concurrent approvals with 3 days left never take the balance below zero: the rest is without pay', async () => {
    const before = await ok<LeaveBalances>(balances(P(), teacher2.id));
    const low = await call('POST', '/api/school/staffleave/balances', P(), { userId: teacher2.id, leaveTypeId: types.CL.leaveTypeId, opening: 0, granted: -1 });
    expect(low.statusCode).toBe(400);
    const saved = await ok<LeaveBalances>(call('POST', '/api/school/staffleave/balances', P(), { userId: teacher2.id, leaveTypeId: types.CL.leaveTypeId, opening: 1, granted: 2 }));
    expect(balanceOf(saved, 'CL')).toMatchObject({ opening: 1, granted: 2, used: 0, available: 3 });
    expect(before.userId).toBe(teacher2.id);
    const leaves: StaffLeave[] = [];
    for (let i = 0; i < 10; i++) {
      const d = take();
      leaves.push(await ok<StaffLeave>(apply(teacher2.token, { leaveTypeId: types.CL.leaveTypeId, fromDate: d, toDate: d })));
    }
    const answers = await Promise.all(leaves.map((l) => decide(l.leaveId, 'approve')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const results = answers.map((r) => r.json().result as StaffLeave);
    expect(results.reduce((s, l) => s + l.paidDays!, 0)).toBe(3);
    expect(results.reduce((s, l) => s + l.unpaidDays!, 0)).toBe(7);
    expect(balanceOf(await ok<LeaveBalances>(balances(teacher2.token)), 'CL')).toMatchObject({ used: 3, available: 0 });
    // Under what is used: 409, nothing changes.
    const under = await call('POST', '/api/school/staffleave/balances', P(), { userId: teacher2.id, leaveTypeId: types.CL.leaveTypeId, opening: 0, granted: 2 });
    expect(under.statusCode).toBe(409);
    expect(under.json()).toMatchObject({ reason: 'balance_below_used', params: { used: 3 } });
    expect(balanceOf(await ok<LeaveBalances>(balances(teacher2.token)), 'CL')).toMatchObject({ opening: 1, granted: 2, used: 3 });
  });
});
