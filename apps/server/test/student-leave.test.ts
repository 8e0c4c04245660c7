import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AttendanceDay, StudentLeave } from '@shala/contract';
import { academicSessions, attendanceAlerts, attendanceLogs, attendanceMarks, classStudents, classes, files, holidays, notifications, periods, studentLeaves, users } from '../src/db/schema.js';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { renderNotification } from '../src/texts/notifications.js';
import { everyRole, setupApp, type TestEnv, type TestUser } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * Leave asked by parents (issue 43): a parent asks for its own child, the class teacher (or the
 * principal) decides, approval rewrites the saved marks of the range and logs it as from the
 * request, the marking list opens approved days as leave, a leave mark raises no alert, cancelling
 * only before the first day. Dates come from the school's today (the tests' clock).
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
type Signed = TestUser & { token: string };
let teacherB: Signed;
let otherParent: Signed;
let classA: string;
let classB: string;
let kid1: string;
let kid2: string;
let kid3: string;
let today: string;
/** Past school days (Monday–Saturday) within the last 7 days, newest first. */
let past: string[];
/** A Saturday holiday and the Sunday after it (no school day). */
let closed: { from: string; to: string };
/** Future school days after that Sunday. */
let future: string[];

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object) => env.app.inject({ method, url, headers: { token }, payload });
const ok = async <R>(p: ReturnType<typeof call>): Promise<R> => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as R;
};
const P = () => mine.users[113].token;
const A = () => mine.users[112].token;
const T = () => mine.users[114].token;
const G = () => mine.users[115].token;
const ask = (body: object, token = G()) => call('POST', '/api/school/leave', token, { reason: 'illness', ...body });
const decide = (leaveId: string, token = T(), decision = 'approve') => call('POST', `/api/school/leave/${leaveId}/decision`, token, { decision, comment: 'Get well' });
const saveDay = (classId: string, date: string, marks: Array<{ studentId: string; status: string }>, periodId?: string) =>
  ok<AttendanceDay>(call('POST', `/api/school/attendance/${classId}/${mine.school.sessionId}`, T(), { date, periodId, marks }));
const marksOf = (studentId: string, date: string) =>
  env.db.select({ status: attendanceMarks.status, periodId: attendanceMarks.periodId }).from(attendanceMarks).where(and(eq(attendanceMarks.studentId, studentId), eq(attendanceMarks.date, date)));

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  today = localDate('Asia/Kolkata');
  await env.db.update(academicSessions).set({ startDate: addDays(today, -300), endDate: addDays(today, 120) }).where(eq(academicSessions.id, mine.school.sessionId));
  const t = await env.f.user(114, mine.school, { firstName: 'Bina' });
  teacherB = { ...t, token: await env.f.token(t) };
  const g = await env.f.user(115, mine.school, { firstName: 'Other' });
  otherParent = { ...g, token: await env.f.token(g) };
  const cls = (section: string, teacherId: string) =>
    env.db.insert(classes).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, masterClass: '5', name: '5', section, classLimit: 40, classTeacherId: teacherId }).returning();
  classA = (await cls('A', mine.users[114].id))[0]!.id;
  classB = (await cls('B', teacherB.id))[0]!.id;
  const kid = async (name: string, parentUserId: string, classId: string, rollNo: number) => {
    const u = await env.f.user(116, mine.school, { firstName: name, parentUserId });
    await env.db.insert(classStudents).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, classId, studentId: u.id, rollNo });
    return u.id;
  };
  kid1 = await kid('Asha', mine.users[115].id, classA, 1);
  kid2 = await kid('Bala', mine.users[115].id, classA, 2);
  kid3 = await kid('Chetan', otherParent.id, classB, 1);
  past = [];
  for (let d = addDays(today, -1); d >= addDays(today, -7); d = addDays(d, -1)) if (isoWeekday(d) !== 7) past.push(d);
  let sunday = addDays(today, 8);
  while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
  closed = { from: addDays(sunday, -1), to: sunday };
  await env.db.insert(holidays).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, title: 'Fair', startDate: closed.from, endDate: closed.from });
  future = [];
  for (let d = addDays(sunday, 1); future.length < 12; d = addDays(d, 1)) if (isoWeekday(d) !== 7) future.push(d);
});
afterAll(() => env?.close());

describe('asking', () => {
  it('a parent asks for its own child and the class teacher is told; another family’s child is 404; the limits and overlaps are refused', async () => {
    const leave = await ok<StudentLeave>(ask({ studentId: kid1, fromDate: future[0], toDate: future[1], note: 'Fever' }));
    expect(leave).toMatchObject({ status: 'pending', days: 2, studentName: 'Asha Test', class: { assignClassId: classA }, canCancel: true, canDecide: false, requestedByName: 'User115 Test' });
    const [told] = await env.db.select().from(notifications).where(and(eq(notifications.userId, mine.users[114].id), eq(notifications.kind, 'leave_requested')));
    expect(told!.params).toMatchObject({ child: 'Asha Test', fromDate: future[0], toDate: future[1], days: 2, reason: 'illness', reasonHi: 'बीमारी' });
    expect(renderNotification({ kind: 'leave_requested', params: told!.params, message: '' }, 'hi')).toContain('बीमारी');
    expect(told!.link).toBe('/leaverequests');

    expect((await ask({ studentId: kid3, fromDate: future[0], toDate: future[0] })).statusCode).toBe(404);
    const none = await ask({ studentId: kid2, fromDate: closed.from, toDate: closed.to });
    expect([none.statusCode, none.json().reason]).toEqual([409, 'no_working_days']);
    const overlap = await ask({ studentId: kid1, fromDate: future[1], toDate: future[2] });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ reason: 'leave_overlap', params: { fromDate: future[0], toDate: future[1] } });
    const old = await ask({ studentId: kid2, fromDate: addDays(today, -8), toDate: addDays(today, -8) });
    expect([old.statusCode, old.json().reason, old.json().params]).toEqual([400, 'leave_too_old', { days: 7 }]);
    const far = await ask({ studentId: kid2, fromDate: addDays(today, 61), toDate: addDays(today, 62) });
    expect([far.statusCode, far.json().reason]).toEqual([400, 'leave_too_far']);

    // Who sees it: its class teacher and the principal may decide, the other class's teacher sees nothing (404).
    const list = (token: string) => ok<{ items: StudentLeave[] }>(call('GET', '/api/school/leave', token));
    expect((await list(T())).items.map((l) => [l.leaveId, l.canDecide])).toEqual([[leave.leaveId, true]]);
    expect((await list(teacherB.token)).items).toEqual([]);
    expect((await list(A())).items.map((l) => [l.leaveId, l.canDecide, l.canCancel])).toEqual([[leave.leaveId, false, false]]);
    expect((await list(otherParent.token)).items).toEqual([]);
    expect((await decide(leave.leaveId, teacherB.token)).statusCode).toBe(404);

    // Cancelled while pending, by its parent: the class teacher is told.
    expect((await ok<StudentLeave>(call('POST', `/api/school/leave/${leave.leaveId}/cancel`, G(), {}))).status).toBe('cancelled');
    const cancelled = await env.db.select().from(notifications).where(and(eq(notifications.userId, mine.users[114].id), eq(notifications.kind, 'leave_requested')));
    expect(cancelled.map((n) => n.params.status)).toContain('cancelled');
  });
});

describe('deciding', () => {
  it('approval turns saved days (every period) into leave, logged as from the request, in one statement whatever the days; school duty is present', async () => {
    const [period] = await env.db.insert(periods).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, name: 'P1', startMinute: 540, endMinute: 580 }).returning();
    const [d1, d2, d3] = [past[0]!, past[1]!, past[2]!];
    await saveDay(classA, d1, [{ studentId: kid1, status: 'present' }, { studentId: kid2, status: 'absent' }]);
    for (const d of [d2, d3]) {
      await saveDay(classA, d, [{ studentId: kid1, status: 'present' }, { studentId: kid2, status: 'absent' }]);
      await saveDay(classA, d, [{ studentId: kid1, status: 'present' }, { studentId: kid2, status: 'absent' }], period!.id);
    }
    const illness = await ok<StudentLeave>(ask({ studentId: kid2, fromDate: d1, toDate: d1 }));
    const duty = await ok<StudentLeave>(ask({ studentId: kid2, fromDate: d3, toDate: d2, reason: 'school_duty' }));
    const one = await countStatements(env, mine.school.id, () => ok<StudentLeave>(decide(illness.leaveId)));
    const four = await countStatements(env, mine.school.id, () => ok<StudentLeave>(decide(duty.leaveId, P())));
    expect(one.result).toMatchObject({ status: 'approved', comment: 'Get well', decidedByName: 'User114 Test', canDecide: false, canCancel: false });
    expect(four.statements).toBe(one.statements);
    expect(await marksOf(kid2, d1)).toEqual([{ status: 'leave', periodId: null }]);
    expect((await marksOf(kid2, d2)).map((m) => m.status)).toEqual(['present', 'present']);
    const logs = await env.db.select().from(attendanceLogs).where(eq(attendanceLogs.date, d1));
    const fromLeave = logs.find((l) => (l.details as { leaveId?: string }).leaveId === illness.leaveId)!;
    expect(fromLeave.details).toMatchObject({ action: 'changed', counts: { present: 1, leave: 1, marked: 2, percent: 50 }, changes: [{ studentId: kid2, from: 'absent', to: 'leave' }] });
    expect(fromLeave.userId).toBe(mine.users[114].id);
    expect((await env.db.select().from(attendanceLogs).where(eq(attendanceLogs.date, d2))).filter((l) => (l.details as { leaveId?: string }).leaveId === duty.leaveId)).toHaveLength(2);
    // The parent is told; a decided request is 409; an approved one that has begun cannot be cancelled.
    const [toldParent] = await env.db.select().from(notifications).where(and(eq(notifications.userId, mine.users[115].id), eq(notifications.kind, 'leave_decided')));
    expect(toldParent!.params).toMatchObject({ status: 'approved', comment: 'Get well', child: 'Bala Test' });
    expect((await decide(illness.leaveId)).json().reason).toBe('leave_decided');
    const started = await call('POST', `/api/school/leave/${illness.leaveId}/cancel`, G(), {});
    expect([started.statusCode, started.json().reason]).toEqual([409, 'leave_started']);
  });

  it('an approved day opens as leave before a save; saving leave raises no alert; an approved leave is cancelled before its first day', async () => {
    const day = past[3]!;
    const leave = await ok<StudentLeave>(ask({ studentId: kid1, fromDate: day, toDate: day, reason: 'family' }));
    await ok(decide(leave.leaveId, P()));
    const list = await ok<AttendanceDay>(call('GET', `/api/school/attendance/${classA}/${day}`, T()));
    expect(list.final).toBe(false);
    expect(list.students.map((s) => [s.studentId, s.status, s.leave])).toEqual([
      [kid1, 'leave', { leaveId: leave.leaveId, reason: 'family' }],
      [kid2, 'present', null],
    ]);
    const saved = await saveDay(classA, day, list.students.map((s) => ({ studentId: s.studentId, status: s.status })));
    expect(saved.students[0]).toMatchObject({ status: 'leave', leave: { leaveId: leave.leaveId } });
    expect(await env.db.select().from(attendanceAlerts).where(and(eq(attendanceAlerts.studentId, kid1), eq(attendanceAlerts.date, day)))).toEqual([]);
    expect(await env.db.select().from(notifications).where(and(eq(notifications.userId, mine.users[115].id), eq(notifications.kind, 'absence')))).toHaveLength(3);

    const ahead = await ok<StudentLeave>(ask({ studentId: kid1, fromDate: future[4], toDate: future[4], reason: 'travel' }));
    expect((await ok<StudentLeave>(decide(ahead.leaveId))).canCancel).toBe(false);
    const cancelled = await ok<StudentLeave>(call('POST', `/api/school/leave/${ahead.leaveId}/cancel`, P(), { comment: 'Trip off' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', comment: 'Trip off' });
  });
});

describe('the list', () => {
  it('is one statement for 3 requests or 30, pending first', async () => {
    const read = () => countStatements(env, mine.school.id, () => ok<{ items: StudentLeave[]; total: number }>(call('GET', '/api/school/leave?pageSize=50', P())));
    const few = await read();
    await env.db.insert(studentLeaves).values(
      Array.from({ length: 30 - few.result.total }, (_, i) => ({
        schoolId: mine.school.id,
        sessionId: mine.school.sessionId,
        studentId: kid3,
        classId: classB,
        fromDate: addDays(today, i + 1),
        toDate: addDays(today, i + 1),
        days: 1,
        reason: 'travel',
        status: i === 0 ? 'pending' : 'declined',
        requestedBy: otherParent.id,
      })),
    );
    const many = await read();
    expect(many.result.total).toBe(30);
    expect(many.statements).toBe(few.statements);
    expect(many.result.items[0]!.status).toBe('pending');
    expect(many.result.items.slice(1).every((l) => l.status !== 'pending')).toBe(true);
  });
});

describe('erasing a former student', () => {
  it('clears its requests’ notes, comments and certificate (the rows stay)', async () => {
    const name = `${randomUUID()}.pdf`;
    await env.db.insert(files).values({ name, schoolId: mine.school.id, ownerId: mine.users[115].id, size: 10, mime: 'application/pdf', originalName: 'cert.pdf' });
    const leave = await ok<StudentLeave>(ask({ studentId: kid2, fromDate: future[8], toDate: future[8], note: 'Asthma', file: name }));
    expect(leave.file).toMatchObject({ name, originalName: 'cert.pdf' });
    expect((await call('GET', `/api/school/leave/${leave.leaveId}/file`, teacherB.token)).statusCode).toBe(404);
    await env.db.update(users).set({ status: false }).where(eq(users.id, kid2));
    await ok(call('POST', `/api/school/privacy/students/${kid2}/erase`, P(), { confirmName: 'Bala Test' }));
    const rows = await env.db.select({ note: studentLeaves.note, fileName: studentLeaves.fileName, comment: studentLeaves.comment }).from(studentLeaves).where(eq(studentLeaves.studentId, kid2));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.note === null && r.fileName === null && r.comment === null)).toBe(true);
    expect(await env.db.select().from(files).where(eq(files.name, name))).toEqual([]);
  });
});
