import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { REALTIME_EVENTS, type AttendanceStatus, type Notification } from '@shala/contract';
import {
  academicSessions,
  attendanceAlerts,
  attendanceLogs,
  attendanceMarks,
  classStudents,
  classSubjects,
  classes,
  holidays,
  notifications,
  periods,
  subjects,
  timetableEntries,
  users,
} from '../src/db/schema.js';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * Marking attendance (daywise and periodwise), the day's class list, the logs and the absence
 * alert. Dates are computed from today in the school's time zone (never hard-coded): the test
 * school's session is moved to cover today, so every rule (past school day, holiday, weekly off,
 * future, outside the session) has a date whatever day the tests run.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
type Signed = TestUser & { token: string };
let classTeacher: Signed;
let subjectTeacher: Signed;
let otherSubjectTeacher: Signed;
let stranger: Signed;
let parent: Signed;
let today: string;
/** Monday–Saturday dates before today, newest first, none a holiday: one per test that saves. */
let schoolDays: string[];
let holiday: string;
let sunday: string;
let session: { id: string; startDate: string; endDate: string };
let otherSession: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const admin = () => mine.users[113].token;

async function signed(role: 114 | 115 | 116, school: TestSchool, over: { firstName?: string; parentUserId?: string } = {}): Promise<Signed> {
  const u = await env.f.user(role, school, over);
  return { ...u, token: await env.f.token(u) };
}

let sections = 0;
/** A class of the session with `n` students (roll numbers n … 1 given in reverse of the names, some null). */
async function makeClass(school: TestSchool, n: number, opts: { teacherId?: string; sessionId?: string; parentOfFirst?: string } = {}) {
  const [c] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId: opts.sessionId ?? school.sessionId, masterClass: '5', name: '5', section: `M${++sections}`, classLimit: 80, classTeacherId: opts.teacherId ?? null })
    .returning();
  const kids = n
    ? await env.db
        .insert(users)
        .values(
          Array.from({ length: n }, (_, i) => ({
            schoolId: school.id,
            roleId: 116,
            loginId: `${school.code}-K${sections}-${i}`,
            firstName: `Kid${String(i + 1).padStart(2, '0')}`,
            lastName: `C${sections}`,
            parentUserId: i === 0 ? (opts.parentOfFirst ?? null) : null,
            passwordHash: 'not-a-hash',
          })),
        )
        .returning({ id: users.id, firstName: users.firstName })
    : [];
  if (kids.length) {
    await env.db
      .insert(classStudents)
      .values(kids.map((k, i) => ({ schoolId: school.id, sessionId: c!.sessionId, classId: c!.id, studentId: k.id, rollNo: i === n - 1 && n > 2 ? null : i + 1 })));
  }
  return { id: c!.id, sessionId: c!.sessionId, kids };
}

async function addSubject(school: TestSchool, classId: string, teacherId: string | null) {
  const [s] = await env.db.insert(subjects).values({ schoolId: school.id, name: `Subject ${randomUUID().slice(0, 6)}` }).returning();
  await env.db.insert(classSubjects).values({ schoolId: school.id, classId, subjectId: s!.id, teacherId });
  return s!.id;
}

let minute = -11;
async function addPeriod(school: TestSchool, sessionId: string, isBreak = false) {
  const start = (minute += 11);
  const [p] = await env.db
    .insert(periods)
    .values({ schoolId: school.id, sessionId, name: isBreak ? `Lunch ${start}` : `P${start}`, startMinute: start, endMinute: start + 10, isBreak })
    .returning();
  return p!.id;
}

const marksOf = (kids: ReadonlyArray<{ id: string }>, status: Partial<Record<number, AttendanceStatus>> = {}) =>
  kids.map((k, i) => ({ studentId: k.id, status: status[i] ?? ('present' as const) }));

const save = (classId: string, body: object, token = classTeacher.token, sessionId = session.id) =>
  call('POST', `/api/school/attendance/${classId}/${sessionId}`, token, body);

const savedMarks = (classId: string) =>
  env.db
    .select({ studentId: attendanceMarks.studentId, date: attendanceMarks.date, periodId: attendanceMarks.periodId, status: attendanceMarks.status })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.classId, classId));
const logsOf = (classId: string) =>
  env.db.select().from(attendanceLogs).where(eq(attendanceLogs.classId, classId)).orderBy(attendanceLogs.createdAt);
const parentNotes = (userId = parent.id) => env.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  today = localDate('Asia/Kolkata');
  // The session covers today: 300 days back, 30 ahead; the next one starts after it.
  session = { id: mine.school.sessionId, startDate: addDays(today, -300), endDate: addDays(today, 30) };
  await env.db.update(academicSessions).set({ startDate: session.startDate, endDate: session.endDate }).where(eq(academicSessions.id, session.id));
  const [next] = await env.db
    .insert(academicSessions)
    .values({ schoolId: mine.school.id, label: 'next', startDate: addDays(today, 31), endDate: addDays(today, 400) })
    .returning();
  otherSession = next!.id;

  const days: string[] = [];
  for (let d = addDays(today, -1); days.length < 30; d = addDays(d, -1)) if (isoWeekday(d) !== 7) days.push(d);
  holiday = days.pop()!;
  schoolDays = days;
  for (let d = addDays(today, -1); ; d = addDays(d, -1)) if (isoWeekday(d) === 7) { sunday = d; break; }
  await env.db.insert(holidays).values({ schoolId: mine.school.id, sessionId: session.id, title: 'Founders Day', startDate: holiday, endDate: holiday });

  classTeacher = await signed(114, mine.school, { firstName: 'Classy' });
  subjectTeacher = await signed(114, mine.school, { firstName: 'Subby' });
  otherSubjectTeacher = await signed(114, mine.school, { firstName: 'Otto' });
  stranger = await signed(114, mine.school, { firstName: 'Stranger' });
  parent = await signed(115, mine.school, { firstName: 'Parent' });
});
afterAll(() => env?.close());

/** A fresh class of 4 (the first child's parent: `parent`) with its subjects, a period and its timetable cell on `date`'s weekday. */
async function scene(date = schoolDays[0]!) {
  const c = await makeClass(mine.school, 4, { teacherId: classTeacher.id, parentOfFirst: parent.id });
  const subjectId = await addSubject(mine.school, c.id, subjectTeacher.id);
  await addSubject(mine.school, c.id, otherSubjectTeacher.id);
  const periodId = await addPeriod(mine.school, session.id);
  const breakId = await addPeriod(mine.school, session.id, true);
  await env.db.insert(timetableEntries).values({ schoolId: mine.school.id, sessionId: session.id, classId: c.id, day: isoWeekday(date), periodId, subjectId, teacherId: subjectTeacher.id });
  return { ...c, periodId, breakId };
}

let dayIndex = 0;
const nextDay = () => schoolDays[dayIndex++]!;

describe('attendance: every route answers 401, 400, 403 and 404 first', () => {
  it('save', async () => {
    const date = nextDay();
    const c = await scene(date);
    const body = { date, marks: marksOf(c.kids) };
    expect((await save(c.id, body, '')).statusCode).toBe(401);
    for (const bad of [{}, { date: 'today', marks: body.marks }, { date, marks: [] }, { date, marks: [{ studentId: c.kids[0]!.id, status: 'gone' }] }, { date, periodId: 'x', marks: body.marks }]) {
      const res = await save(c.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    expect((await call('POST', `/api/school/attendance/nope/${session.id}`, classTeacher.token, body)).statusCode).toBe(400);
    for (const role of [112, 115, 116] as const) expect((await save(c.id, body, mine.users[role].token)).statusCode).toBe(403);
    // Another school's class, a class unknown, a session that is not the class's: 404.
    const theirClass = await makeClass(theirs.school, 2);
    expect((await save(theirClass.id, { date, marks: marksOf(theirClass.kids) }, admin(), theirs.school.sessionId)).statusCode).toBe(404);
    expect((await save(randomUUID(), body, admin())).statusCode).toBe(404);
    expect((await save(c.id, body, admin(), otherSession)).statusCode).toBe(404);
    expect((await save(c.id, body, admin(), theirs.school.sessionId)).statusCode).toBe(404);
    // Periods: unknown 404, another session's 400, a break 400.
    expect((await save(c.id, { ...body, periodId: randomUUID() }, admin())).statusCode).toBe(404);
    const res = await save(c.id, { ...body, periodId: await addPeriod(mine.school, otherSession) }, admin());
    expect([res.statusCode, res.json().reason]).toEqual([400, 'not_a_period']);
    const brk = await save(c.id, { ...body, periodId: c.breakId }, admin());
    expect([brk.statusCode, brk.json().reason]).toEqual([400, 'period_is_break']);
    expect(await savedMarks(c.id)).toEqual([]);
    expect(await savedMarks(theirClass.id)).toEqual([]);
    expect(await logsOf(c.id)).toEqual([]);
  });

  it('the day and the period', async () => {
    const date = nextDay();
    const c = await scene(date);
    const day = `/api/school/attendance/${c.id}/${date}`;
    const period = `${day}/${c.periodId}`;
    for (const url of [day, period]) {
      expect((await call('GET', url)).statusCode).toBe(401);
      for (const role of [115, 116] as const) expect((await call('GET', url, mine.users[role].token)).statusCode).toBe(403);
      expect((await call('GET', url, stranger.token)).statusCode).toBe(403);
      expect((await call('GET', url, theirs.users[113].token)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/school/attendance/${c.id}/2026-13-01`, admin())).statusCode).toBe(400);
    expect((await call('GET', `/api/school/attendance/${c.id}/${date}/x`, admin())).statusCode).toBe(400);
    expect((await call('GET', `${day}/${randomUUID()}`, admin())).statusCode).toBe(404);
    expect((await call('GET', `${day}/${c.breakId}`, admin())).json().reason).toBe('period_is_break');
  });

  it('logs', async () => {
    const url = `/api/school/attendence/logs?sessionId=${session.id}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const bad of ['', '?sessionId=x', `?sessionId=${session.id}&type=weekly`, `?sessionId=${session.id}&pageSize=500`]) {
      expect((await call('GET', `/api/school/attendence/logs${bad}`, admin())).statusCode).toBe(400);
    }
    for (const role of [112, 114, 115, 116] as const) expect((await call('GET', url, mine.users[role].token)).statusCode).toBe(403);
    expect((await call('GET', `/api/school/attendence/logs?sessionId=${theirs.school.sessionId}`, admin())).statusCode).toBe(404);
    const theirClass = await makeClass(theirs.school, 1);
    expect((await call('GET', `${url}&assignClassId=${theirClass.id}`, admin())).statusCode).toBe(404);
  });
});

describe('attendance: who marks', () => {
  it('a teacher who does not teach the class: 403; a subject teacher daywise: 403 not_class_teacher; nothing saved', async () => {
    const date = nextDay();
    const c = await scene(date);
    const body = { date, marks: marksOf(c.kids, { 0: 'absent' }) };
    expect((await save(c.id, body, stranger.token)).statusCode).toBe(403);
    const res = await save(c.id, body, subjectTeacher.token);
    expect([res.statusCode, res.json().reason]).toEqual([403, 'not_class_teacher']);
    expect(await savedMarks(c.id)).toEqual([]);
    expect(await logsOf(c.id)).toEqual([]);
    expect(await parentNotes()).toEqual([]);
    // The day's list says so before the teacher starts.
    const view = (await call('GET', `/api/school/attendance/${c.id}/${date}`, subjectTeacher.token)).json().result;
    expect([view.canMark, view.dayKind]).toEqual([false, 'school']);
    expect((await call('GET', `/api/school/attendance/${c.id}/${date}`, classTeacher.token)).json().result.canMark).toBe(true);
  });

  it('periodwise: the period’s timetable teacher and the class teacher mark it; another subject teacher may not', async () => {
    const date = nextDay();
    const c = await scene(date);
    const body = { date, periodId: c.periodId, marks: marksOf(c.kids, { 1: 'late' }) };
    const refused = await save(c.id, body, otherSubjectTeacher.token);
    expect([refused.statusCode, refused.json().reason]).toEqual([403, 'not_period_teacher']);
    expect((await call('GET', `/api/school/attendance/${c.id}/${date}/${c.periodId}`, otherSubjectTeacher.token)).json().result.canMark).toBe(false);
    expect(await savedMarks(c.id)).toEqual([]);

    const res = await save(c.id, body, subjectTeacher.token);
    expect(res.statusCode).toBe(200);
    const day = res.json().result;
    expect(day).toMatchObject({ final: true, canMark: true, period: { periodId: c.periodId, isBreak: false }, markedBy: { userId: subjectTeacher.id } });
    expect(day.counts).toMatchObject({ present: 3, late: 1, marked: 4, percent: 100 });
    expect((await savedMarks(c.id)).every((m) => m.periodId === c.periodId)).toBe(true);
    expect((await save(c.id, { ...body, marks: marksOf(c.kids) }, classTeacher.token)).statusCode).toBe(200);
    const [first, second] = await logsOf(c.id);
    expect([first!.kind, first!.userId, second!.userId]).toEqual(['periodwise', subjectTeacher.id, classTeacher.id]);
  });

  it('113 marks any class (a correction, logged under its name)', async () => {
    const date = nextDay();
    const c = await scene(date);
    const res = await save(c.id, { date, marks: marksOf(c.kids) }, admin());
    expect(res.statusCode).toBe(200);
    expect(res.json().result.markedBy.userId).toBe(mine.users[113].id);
    expect((await logsOf(c.id))[0]!.userId).toBe(mine.users[113].id);
  });
});

describe('attendance: which days', () => {
  it('refuses a holiday, a weekly off, a future date and a date outside the session, saves nothing and lists no default marks', async () => {
    const c = await scene();
    const cases: Array<[string, string, string]> = [
      [holiday, 'attendance_holiday', 'holiday'],
      [sunday, 'attendance_weekly_off', 'weekly_off'],
      [isoWeekday(addDays(today, 1)) === 7 ? addDays(today, 2) : addDays(today, 1), 'attendance_future', 'future'],
      [addDays(session.startDate, -1), 'attendance_outside_session', 'outside_session'],
    ];
    for (const [date, reason, kind] of cases) {
      const res = await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent' }) });
      expect([date, res.statusCode, res.json().reason]).toEqual([date, 400, reason]);
      const view = (await call('GET', `/api/school/attendance/${c.id}/${date}`, classTeacher.token)).json().result;
      expect([view.canMark, view.dayKind, view.final]).toEqual([false, kind, false]);
      // A day that cannot be marked has no list to mark: no one shown present by default.
      expect([view.students, view.counts.marked]).toEqual([[], 0]);
      if (kind === 'holiday') expect(res.json().params).toEqual({ title: 'Founders Day' });
      if (kind === 'holiday') expect(view.holidayTitle).toBe('Founders Day');
    }
    expect(await savedMarks(c.id)).toEqual([]);
    expect(await logsOf(c.id)).toEqual([]);
    expect(await parentNotes()).toEqual([]);
  });

  it('marks today (school-local) when it is a school day', async () => {
    const c = await scene(today);
    const res = await save(c.id, { date: today, marks: marksOf(c.kids) });
    if (isoWeekday(today) === 7) expect(res.json().reason).toBe('attendance_weekly_off');
    else expect(res.statusCode).toBe(200);
  });
});

describe('attendance: saving a class', () => {
  it('refuses a list that does not name every student once', async () => {
    const date = nextDay();
    const c = await scene(date);
    const all = marksOf(c.kids);
    const cases: Array<[object[], { missing: number; extra: number }]> = [
      [all.slice(1), { missing: 1, extra: 0 }],
      [[...all, { studentId: randomUUID(), status: 'present' }], { missing: 0, extra: 1 }],
      [[...all.slice(1), all[0]!, all[0]!], { missing: 0, extra: 1 }],
      [[...all.slice(2), { studentId: mine.users[116].id, status: 'absent' }], { missing: 2, extra: 1 }],
    ];
    for (const [marks, params] of cases) {
      const res = await save(c.id, { date, marks });
      expect([res.statusCode, res.json().reason, res.json().params]).toEqual([400, 'attendance_roster', params]);
    }
    expect(await savedMarks(c.id)).toEqual([]);
  });

  it('opens with everyone present, saves atomically, replaces on a second save and logs only what changed', async () => {
    const date = nextDay();
    const c = await scene(date);
    const url = `/api/school/attendance/${c.id}/${date}`;
    const before = (await call('GET', url, classTeacher.token)).json().result;
    expect(before).toMatchObject({ final: false, canMark: true, dayKind: 'school', markedBy: null, markedAt: null, period: null });
    expect(before.students.map((s: { status: string }) => s.status)).toEqual(['present', 'present', 'present', 'present']);
    // Roll number order, the student without one last.
    expect(before.students.map((s: { rollNo: number | null }) => s.rollNo)).toEqual([1, 2, 3, null]);

    const first = await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent', 2: 'leave' }) });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ final: true, markedBy: { userId: classTeacher.id, fullName: classTeacher.name, loginId: classTeacher.loginId } });
    expect(first.json().result.counts).toEqual({ present: 2, absent: 1, late: 0, leave: 1, marked: 4, percent: 50 });
    const after = (await call('GET', url, classTeacher.token)).json().result;
    expect(after).toEqual(first.json().result);

    // Change one mark: the marks are replaced (no duplicates), one changed row in the log.
    const second = await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent', 2: 'present' }) });
    expect(second.statusCode).toBe(200);
    const marks = await savedMarks(c.id);
    expect(marks).toHaveLength(4);
    expect(marks.filter((m) => m.status !== 'present').map((m) => m.studentId)).toEqual([c.kids[0]!.id]);
    const logs = await logsOf(c.id);
    expect(logs.map((l) => (l.details as { action: string }).action)).toEqual(['marked', 'changed']);
    expect((logs[0]!.details as { changes: unknown[] }).changes).toHaveLength(4);
    expect((logs[1]!.details as { changes: unknown[] }).changes).toEqual([{ studentId: c.kids[2]!.id, fullName: `${c.kids[2]!.firstName} C${sections}`, from: 'leave', to: 'present' }]);

    // The same list again: nothing changed, nothing written.
    const third = await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent' }) });
    expect(third.statusCode).toBe(200);
    expect(third.json().result.markedBy.userId).toBe(classTeacher.id);
    expect(await logsOf(c.id)).toHaveLength(2);
  });

  it('the absence alert: one notification to the parent per child and day, not per save nor per period', async () => {
    const date = nextDay();
    const c = await scene(date);
    const before = (await parentNotes()).length;
    expect((await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent', 1: 'absent' }) })).statusCode).toBe(200);
    const notes = await parentNotes();
    expect(notes).toHaveLength(before + 1);
    const alert = notes.at(-1)!;
    // Stored as its kind and params (the date as ISO), written in each reader's language when shown.
    expect(alert).toMatchObject({ kind: 'absence', message: '', params: { date } });
    expect(alert.params.child).toContain(`${c.kids[0]!.firstName} C${sections}`);
    expect([alert.senderId, alert.senderName]).toEqual([classTeacher.id, classTeacher.name]);
    // The second child has no parent: no notification, but its alert is recorded.
    expect(await env.db.select().from(attendanceAlerts).where(eq(attendanceAlerts.date, date))).toHaveLength(2);

    // Present, then absent again the same day; a period of the same day: no new alert.
    expect((await save(c.id, { date, marks: marksOf(c.kids) })).statusCode).toBe(200);
    expect((await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent' }) })).statusCode).toBe(200);
    expect((await save(c.id, { date, periodId: c.periodId, marks: marksOf(c.kids, { 0: 'absent' }) }, subjectTeacher.token)).statusCode).toBe(200);
    expect(await parentNotes()).toHaveLength(before + 1);

    // Another day: a new alert.
    const other = nextDay();
    expect((await save(c.id, { date: other, marks: marksOf(c.kids, { 0: 'absent' }) })).statusCode).toBe(200);
    expect(await parentNotes()).toHaveLength(before + 2);
  });

  it('pushes the alert live to the parent’s open tab', async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = env.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    const socket = connect(`http://127.0.0.1:${addr.port}`, { path: '/socket.io', auth: { token: parent.token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(null));
        socket.once('connect_error', reject);
      });
      const received = new Promise<Notification>((resolve) => socket.once(REALTIME_EVENTS.notification, resolve));
      const date = nextDay();
      const c = await scene(date);
      expect((await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent' }) })).statusCode).toBe(200);
      const n = await received;
      expect(n).toMatchObject({ kind: 'absence', message: '', params: { date } });
      expect(n.params.child).toContain(c.kids[0]!.firstName);
      expect(n).toMatchObject({ senderId: classTeacher.id, read: false });
    } finally {
      socket.close();
    }
  });

  it('saves sent at once for one class and day (a double tap, two teachers) all succeed, one after another', async () => {
    const date = nextDay();
    const c = await makeClass(mine.school, 60, { teacherId: classTeacher.id, parentOfFirst: parent.id });
    const bodies = Array.from({ length: 6 }, (_, r) => ({ date, marks: marksOf(c.kids, { [r]: 'absent', [r + 10]: 'late' }) }));
    const answers = await Promise.all(bodies.map((body) => save(c.id, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 200));
    // One mark per student, as one of the saves left it; a log per save that changed something.
    const marks = await savedMarks(c.id);
    expect(marks).toHaveLength(60);
    const logs = await logsOf(c.id);
    expect(logs.map((l) => (l.details as { action: string }).action)).toEqual(['marked', ...logs.slice(1).map(() => 'changed')]);
  });

  it('a refused save (the roster) sends no alert and writes nothing', async () => {
    const date = nextDay();
    const c = await scene(date);
    const before = (await parentNotes()).length;
    const res = await save(c.id, { date, marks: [...marksOf(c.kids, { 0: 'absent' }), { studentId: randomUUID(), status: 'absent' }] });
    expect(res.statusCode).toBe(400);
    expect(await parentNotes()).toHaveLength(before);
    expect(await env.db.select().from(attendanceAlerts).where(and(eq(attendanceAlerts.studentId, c.kids[0]!.id)))).toEqual([]);
  });
});

describe('attendance logs', () => {
  it('newest first, by kind and class, paginated, with who, the class, the date and the period', async () => {
    const date = nextDay();
    const c = await scene(date);
    await save(c.id, { date, marks: marksOf(c.kids) });
    await save(c.id, { date, marks: marksOf(c.kids, { 3: 'absent' }) });
    await save(c.id, { date, periodId: c.periodId, marks: marksOf(c.kids) }, subjectTeacher.token);
    const get = (q: string) => call('GET', `/api/school/attendence/logs?sessionId=${session.id}&assignClassId=${c.id}${q}`, admin());

    const all = (await get('')).json().result;
    expect(all.total).toBe(3);
    expect(all.items.map((l: { type: string; details: { action: string } }) => [l.type, l.details.action])).toEqual([
      ['periodwise', 'marked'],
      ['daywise', 'changed'],
      ['daywise', 'marked'],
    ]);
    expect(all.items[0]).toMatchObject({ user: { userId: subjectTeacher.id }, date, class: { assignClassId: c.id, section: `M${sections}` } });
    expect(all.items[0].period.periodId).toBe(c.periodId);
    expect(all.items[1].details.changes).toEqual([{ studentId: c.kids[3]!.id, fullName: expect.any(String), from: 'present', to: 'absent' }]);

    expect((await get('&type=periodwise')).json().result.total).toBe(1);
    const daywise = (await get('&type=daywise&pageSize=1&page=2')).json().result;
    expect([daywise.total, daywise.items.length, daywise.items[0].details.action]).toEqual([2, 1, 'marked']);
    expect((await get('&page=9')).json().result).toMatchObject({ total: 3, items: [] });
    // The whole session's logs include this class's.
    expect((await call('GET', `/api/school/attendence/logs?sessionId=${session.id}`, admin())).json().result.total).toBeGreaterThanOrEqual(3);
  });
});

// ---- A constant number of statements whatever the class size -------------------------------------

/** The statements the app sends for a school while `work` runs. */
const statementsOf = async (schoolId: string, work: () => Promise<unknown>) => (await countStatements(env, schoolId, work)).statements;

describe('attendance: statements', () => {
  it('saves and reads a class of 60 in as many statements as a class of 3', async () => {
    const measure = async (size: number) => {
      const date = nextDay();
      const c = await makeClass(mine.school, size, { teacherId: classTeacher.id, parentOfFirst: parent.id });
      const url = `/api/school/attendance/${c.id}/${date}`;
      const out: Record<string, number> = {};
      out.read = await statementsOf(mine.school.id, async () => expect((await call('GET', url, classTeacher.token)).statusCode).toBe(200));
      out.first = await statementsOf(mine.school.id, async () => expect((await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent' }) })).statusCode).toBe(200));
      out.change = await statementsOf(mine.school.id, async () => expect((await save(c.id, { date, marks: marksOf(c.kids, { 0: 'absent', 1: 'late' }) })).statusCode).toBe(200));
      out.logs = await statementsOf(mine.school.id, async () => expect((await call('GET', `/api/school/attendence/logs?sessionId=${session.id}&assignClassId=${c.id}`, admin())).statusCode).toBe(200));
      return out;
    };
    const three = await measure(3);
    const sixty = await measure(60);
    expect(sixty).toEqual(three);
    // The day: class, rules, list. A first save with an alert: class, rules (no period: 2), the
    // class row locked, the locked list, the writes, the notification and its deliveries to
    // parents' phones (in the transaction; BEGIN/COMMIT not counted).
    expect(three).toEqual({ read: 3, first: 7, change: 5, logs: 1 });
  });
});
