import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { monthCounts, monthMarkAt } from '@shala/contract';
import { count, eq } from 'drizzle-orm';
import { attendanceMarks, classStudents, classes, holidays, periods, schools } from '../src/db/schema.js';
import { addDays, isoWeekday, localDate, monthDates } from '../src/modules/calendar/days.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { countStatements as countStatementsOf } from './statements.js';

/**
 * The month view, one date's detail and the dashboards' summary. Marks are inserted directly (the
 * marking routes are another slice); the figures are checked against them, with a holiday and the
 * Sundays of the month, periodwise cells and percentages, and the statements each read costs.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let otherTeacher: TestUser & { token: string };
let theirClass: string;

/** A past month of the factory's session (2026-04-01 … 2027-03-31): every day in it is already past. */
const MONTH = '2026-10';
const DATES = monthDates(MONTH);
const SUNDAYS = DATES.filter((d) => isoWeekday(d) === 7);
/** Two weekdays in the middle of the month: the holiday. */
const HOLIDAY = DATES.filter((d) => isoWeekday(d) === 3)[2]!;
/** The school days of the month that get marks in the tests. */
const SCHOOL_DAYS = DATES.filter((d) => isoWeekday(d) !== 7 && d !== HOLIDAY);

type Method = 'GET';
const call = (url: string, token?: string, method: Method = 'GET') => env.app.inject({ method, url, headers: token ? { token } : {} });
const monthUrl = (classId: string, month = MONTH, periodic?: boolean) =>
  `/api/school/month/attendance/${classId}/${month}${periodic === undefined ? '' : `?periodic=${periodic}`}`;
const detailUrl = (classId: string, date: string, month = date.slice(0, 7)) => `/api/school/attendence/class/${classId}/${month}/${date}`;

let sections = 0;
async function addClass(school: TestSchool, classTeacherId: string | null = null): Promise<string> {
  const [row] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: `S${sections++}`, classLimit: 80, classTeacherId })
    .returning({ id: classes.id });
  return row!.id;
}

async function addStudents(school: TestSchool, classId: string, n: number, parentUserId?: string): Promise<TestUser[]> {
  const list: TestUser[] = [];
  for (let i = 0; i < n; i++) list.push(await env.f.user(116, school, { firstName: `Kid${String(i).padStart(2, '0')}`, parentUserId }));
  await env.db.insert(classStudents).values(list.map((s, i) => ({ schoolId: school.id, sessionId: school.sessionId, classId, studentId: s.id, rollNo: i + 1 })));
  return list;
}

type Status = 'present' | 'absent' | 'late' | 'leave';
async function mark(school: TestSchool, classId: string, rows: Array<{ studentId: string; date: string; status: Status; periodId?: string }>) {
  if (!rows.length) return;
  await env.db
    .insert(attendanceMarks)
    .values(rows.map((r) => ({ schoolId: school.id, sessionId: school.sessionId, classId, studentId: r.studentId, date: r.date, status: r.status, periodId: r.periodId ?? null })));
}

const countStatements = <T>(schoolId: string, work: () => Promise<T>) => countStatementsOf(env, schoolId, work);
const markCount = async () => (await env.db.select({ n: count() }).from(attendanceMarks))[0]!.n;

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  const other = await env.f.user(114, mine.school, { firstName: 'Other' });
  otherTeacher = { ...other, token: await env.f.token(other) };
  theirClass = await addClass(theirs.school);
  await env.db.insert(holidays).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, title: 'Dussehra', startDate: HOLIDAY, endDate: HOLIDAY });
});
afterAll(() => env?.close());

describe('month/attendance: a class month', () => {
  it('answers 401, 400, 403 and 404 before anything else, and reads nothing it should not', async () => {
    const classId = await addClass(mine.school, mine.users[114].id);
    expect((await call(monthUrl(classId))).statusCode).toBe(401);
    for (const bad of [monthUrl('nope'), monthUrl(classId, '2026-13'), monthUrl(classId, '26-10'), `${monthUrl(classId)}?periodic=maybe`]) {
      const res = await call(bad, mine.users[113].token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    for (const role of [111, 115, 116] as const) expect((await call(monthUrl(classId), mine.users[role].token)).statusCode).toBe(403);
    // A teacher of the school who does not teach the class: 403; another school's class: 404.
    expect((await call(monthUrl(classId), otherTeacher.token)).statusCode).toBe(403);
    expect((await call(monthUrl(theirClass), mine.users[113].token)).statusCode).toBe(404);
    expect((await call(monthUrl(randomUUID()), mine.users[113].token)).statusCode).toBe(404);
    expect((await call(monthUrl(classId), theirs.users[114].token)).statusCode).toBe(404);
  });

  it('gives students × days daywise: statuses, the holiday and Sundays, counts, percentages and daily totals', async () => {
    const classId = await addClass(mine.school, mine.users[114].id);
    const [a, b] = await addStudents(mine.school, classId, 3);
    // a: present every school day but one late; b: absent on the first two, leave on the third, else present; c: nothing marked.
    await mark(mine.school, classId, [
      ...SCHOOL_DAYS.map((date, i) => ({ studentId: a!.id, date, status: (i === 0 ? 'late' : 'present') as Status })),
      ...SCHOOL_DAYS.map((date, i) => ({ studentId: b!.id, date, status: (i < 2 ? 'absent' : i === 2 ? 'leave' : 'present') as Status })),
    ]);
    // A mark of another month and a periodwise mark are not in the daywise month.
    const [p1] = await env.db.insert(periods).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, name: `P-${classId.slice(0, 4)}`, startMinute: 480, endMinute: 520 }).returning();
    await mark(mine.school, classId, [
      { studentId: a!.id, date: '2026-09-30', status: 'absent' },
      { studentId: a!.id, date: SCHOOL_DAYS[0]!, status: 'absent', periodId: p1!.id },
    ]);

    for (const token of [mine.users[113].token, mine.users[112].token, mine.users[114].token]) {
      const res = await call(monthUrl(classId), token);
      expect(res.statusCode, res.body).toBe(200);
    }
    const view = (await call(monthUrl(classId), mine.users[114].token)).json().result;
    expect(view.month).toBe(MONTH);
    expect(view.periodic).toBe(false);
    expect(view.days.map((d: { date: string }) => d.date)).toEqual(DATES);
    const kinds = Object.fromEntries(view.days.map((d: { date: string; kind: string; holidayTitle: string | null }) => [d.date, [d.kind, d.holidayTitle]]));
    for (const s of SUNDAYS) expect(kinds[s]).toEqual(['weekly_off', null]);
    expect(kinds[HOLIDAY]).toEqual(['holiday', 'Dussehra']);
    expect(kinds[SCHOOL_DAYS[0]!]).toEqual(['school', null]);

    expect(view.students.map((s: { rollNo: number; fullName: string }) => [s.rollNo, s.fullName])).toEqual([
      [1, 'Kid00 Test'],
      [2, 'Kid01 Test'],
      [3, 'Kid02 Test'],
    ]);
    const [sa, sb, sc] = view.students;
    const n = SCHOOL_DAYS.length;
    const at = (date: string) => DATES.indexOf(date);
    // Compact: a letter a day, nothing counted on the wire.
    expect(sa.marks).toHaveLength(DATES.length);
    expect(sa.marks[at(SCHOOL_DAYS[0]!)]).toBe('L');
    expect(monthMarkAt(sa.marks, at(SCHOOL_DAYS[1]!))).toBe('present');
    expect(monthMarkAt(sa.marks, at(HOLIDAY))).toBeNull();
    expect(sa.marks[at(SUNDAYS[0]!)]).toBe('-');
    expect(sa.periods).toEqual([]);
    expect(Object.keys(sa).sort()).toEqual(['fullName', 'loginId', 'marks', 'periods', 'rollNo', 'studentId']);
    expect(view.totals).toBeUndefined();
    expect(monthMarkAt(sb.marks, at(SCHOOL_DAYS[0]!))).toBe('absent');
    expect(monthMarkAt(sb.marks, at(SCHOOL_DAYS[2]!))).toBe('leave');
    expect(sc.marks).toBe('-'.repeat(DATES.length));

    // What the client counts, with the contract's rule.
    const counted = monthCounts(view);
    expect(counted.students[0]).toEqual({ present: n - 1, absent: 0, late: 1, leave: 0, marked: n, percent: 100 });
    expect(counted.students[1]).toEqual({ present: n - 3, absent: 2, late: 0, leave: 1, marked: n, percent: Math.round(((n - 3) * 1000) / n) / 10 });
    expect(counted.students[2]).toEqual({ present: 0, absent: 0, late: 0, leave: 0, marked: 0, percent: null });
    expect(counted.totals).toHaveLength(DATES.length);
    expect(counted.totals[at(SCHOOL_DAYS[0]!)]).toEqual({ present: 0, absent: 1, late: 1, leave: 0, marked: 2, percent: 50 });
    expect(counted.totals[at(SCHOOL_DAYS[2]!)]).toEqual({ present: 1, absent: 0, late: 0, leave: 1, marked: 2, percent: 50 });
    expect(counted.totals[at(HOLIDAY)]).toEqual({ present: 0, absent: 0, late: 0, leave: 0, marked: 0, percent: null });
  });

  it('gives periodwise cells: the periods attended and marked each day', async () => {
    const classId = await addClass(mine.school, null);
    // The teacher teaches no subject nor is class teacher: 403; admins read it.
    expect((await call(monthUrl(classId, MONTH, true), mine.users[114].token)).statusCode).toBe(403);
    const [a, b] = await addStudents(mine.school, classId, 2);
    const ps = await env.db
      .insert(periods)
      .values([0, 1, 2].map((i) => ({ schoolId: mine.school.id, sessionId: mine.school.sessionId, name: `Q${i}-${classId.slice(0, 4)}`, startMinute: 600 + i * 60, endMinute: 650 + i * 60 })))
      .returning();
    const [d1, d2] = SCHOOL_DAYS;
    await mark(mine.school, classId, [
      { studentId: a!.id, date: d1!, periodId: ps[0]!.id, status: 'present' },
      { studentId: a!.id, date: d1!, periodId: ps[1]!.id, status: 'late' },
      { studentId: a!.id, date: d1!, periodId: ps[2]!.id, status: 'absent' },
      { studentId: b!.id, date: d1!, periodId: ps[0]!.id, status: 'leave' },
      { studentId: a!.id, date: d2!, periodId: ps[0]!.id, status: 'present' },
      // A daywise mark is not a period.
      { studentId: b!.id, date: d2!, status: 'absent' },
    ]);
    const res = await call(monthUrl(classId, MONTH, true), mine.users[113].token);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().result;
    expect(view.periodic).toBe(true);
    const at = (date: string) => DATES.indexOf(date);
    const [sa, sb] = view.students;
    expect(sa.marks).toBe('');
    expect(sa.periods).toHaveLength(DATES.length);
    // A day's periods by status: present, absent, late, leave.
    expect(sa.periods[at(d1!)]).toEqual([1, 1, 1, 0]);
    expect(sa.periods[at(d2!)]).toEqual([1, 0, 0, 0]);
    expect(sa.periods[at(HOLIDAY)]).toBeNull();
    expect(sb.periods[at(d1!)]).toEqual([0, 0, 0, 1]);
    expect(sb.periods[at(d2!)]).toBeNull();
    const counted = monthCounts(view);
    expect(counted.students[0]).toEqual({ present: 2, absent: 1, late: 1, leave: 0, marked: 4, percent: 75 });
    expect(counted.students[1]).toMatchObject({ leave: 1, marked: 1, percent: 0 });
    expect(counted.totals[at(d1!)]).toEqual({ present: 1, absent: 1, late: 1, leave: 1, marked: 4, percent: 50 });
  });

  it('marks days outside the session and days still to come', async () => {
    const classId = await addClass(mine.school, mine.users[114].id);
    const before = (await call(monthUrl(classId, '2026-03'), mine.users[113].token)).json().result;
    expect(new Set(before.days.map((d: { kind: string }) => d.kind))).toEqual(new Set(['outside_session']));
    const [school] = await env.db.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, mine.school.id));
    const today = localDate(school!.tz);
    const tomorrow = addDays(today, 1);
    const view = (await call(monthUrl(classId, tomorrow.slice(0, 7)), mine.users[113].token)).json().result;
    const day = view.days.find((d: { date: string }) => d.date === tomorrow);
    if (tomorrow <= '2027-03-31' && isoWeekday(tomorrow) !== 7) expect(day.kind).toBe('future');
  });

  it('costs a constant number of statements whatever the class size', async () => {
    const small = await addClass(mine.school, mine.users[114].id);
    const big = await addClass(mine.school, mine.users[114].id);
    const [s] = await addStudents(mine.school, small, 1);
    const many = await addStudents(mine.school, big, 40);
    await mark(mine.school, small, SCHOOL_DAYS.map((date) => ({ studentId: s!.id, date, status: 'present' as Status })));
    await mark(mine.school, big, many.flatMap((st) => SCHOOL_DAYS.map((date) => ({ studentId: st.id, date, status: 'present' as Status }))));
    const cost = async (classId: string, periodic: boolean) =>
      (await countStatements(mine.school.id, async () => {
        const res = await call(monthUrl(classId, MONTH, periodic), mine.users[114].token);
        expect(res.statusCode).toBe(200);
        return res.json().result;
      })).statements;
    const smallCost = await cost(small, false);
    expect(await cost(big, false)).toBe(smallCost);
    expect(await cost(big, true)).toBe(smallCost);
    // The class and its access, the day rules, the students with their marks (plus the session lookup).
    expect(smallCost).toBeLessThanOrEqual(4);
    const view = (await call(monthUrl(big), mine.users[114].token)).json().result;
    expect(view.students).toHaveLength(40);
    expect(monthCounts(view).totals[DATES.indexOf(SCHOOL_DAYS[0]!)]).toMatchObject({ present: 40, marked: 40, percent: 100 });
  });
});

describe('attendence/class: one date of a class', () => {
  it('answers 401, 400, 403 and 404', async () => {
    const classId = await addClass(mine.school, mine.users[114].id);
    const date = SCHOOL_DAYS[0]!;
    expect((await call(detailUrl(classId, date))).statusCode).toBe(401);
    for (const bad of [detailUrl(classId, '2026-10-32'), detailUrl('x', date), detailUrl(classId, date, '2026-11')]) {
      expect((await call(bad, mine.users[113].token)).statusCode, bad).toBe(400);
    }
    for (const role of [111, 115, 116] as const) expect((await call(detailUrl(classId, date), mine.users[role].token)).statusCode).toBe(403);
    expect((await call(detailUrl(classId, date), otherTeacher.token)).statusCode).toBe(403);
    expect((await call(detailUrl(theirClass, date), mine.users[113].token)).statusCode).toBe(404);
  });

  it('gives each student the day mark and the mark of every teaching period', async () => {
    const classId = await addClass(mine.school, mine.users[114].id);
    const [a, b] = await addStudents(mine.school, classId, 2);
    const suffix = classId.slice(0, 4);
    const ps = await env.db
      .insert(periods)
      .values([
        { schoolId: mine.school.id, sessionId: mine.school.sessionId, name: `Second-${suffix}`, startMinute: 900, endMinute: 940 },
        { schoolId: mine.school.id, sessionId: mine.school.sessionId, name: `First-${suffix}`, startMinute: 850, endMinute: 890 },
        { schoolId: mine.school.id, sessionId: mine.school.sessionId, name: `Lunch-${suffix}`, startMinute: 1000, endMinute: 1030, isBreak: true },
      ])
      .returning();
    const date = SCHOOL_DAYS[3]!;
    const before = await markCount();
    await mark(mine.school, classId, [
      { studentId: a!.id, date, status: 'absent' },
      { studentId: a!.id, date, status: 'absent', periodId: ps[1]!.id },
      { studentId: b!.id, date, status: 'late', periodId: ps[0]!.id },
      { studentId: b!.id, date: SCHOOL_DAYS[4]!, status: 'absent' },
    ]);
    const res = await call(`${detailUrl(classId, date)}?periodic=true`, mine.users[114].token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().result;
    expect(detail).toMatchObject({ date, dayKind: 'school', class: { assignClassId: classId } });
    const names = detail.periods.map((p: { name: string }) => p.name).filter((n: string) => n.endsWith(suffix));
    expect(names).toEqual([`First-${suffix}`, `Second-${suffix}`]);
    const col = (name: string) => detail.periods.findIndex((p: { name: string }) => p.name === name);
    const [da, db] = detail.students;
    expect(da.day).toBe('absent');
    expect(da.periods[col(`First-${suffix}`)]).toBe('absent');
    expect(da.periods[col(`Second-${suffix}`)]).toBeNull();
    expect(db.day).toBeNull();
    expect(db.periods[col(`Second-${suffix}`)]).toBe('late');
    expect(detail.periods[0]).toMatchObject({ startTime: expect.stringMatching(/^\d\d:\d\d$/) });
    // The holiday reads as one; reading changed nothing.
    expect((await call(detailUrl(classId, HOLIDAY), mine.users[113].token)).json().result.dayKind).toBe('holiday');
    expect(await markCount()).toBe(before + 4);
  });
});

describe('attendance/summary: today for each dashboard', () => {
  let today: string;
  let classId: string;
  let kids: TestUser[];
  let parentKids: TestUser[];
  let otherClass: string;
  beforeAll(async () => {
    const [school] = await env.db.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, mine.school.id));
    today = localDate(school!.tz);
    classId = await addClass(mine.school, mine.users[114].id);
    kids = await addStudents(mine.school, classId, 4);
    otherClass = await addClass(mine.school, null);
    parentKids = await addStudents(mine.school, otherClass, 2, mine.users[115].id);
  });

  it('answers 401, 400, 403 and 404', async () => {
    expect((await call('/api/school/attendance/summary')).statusCode).toBe(401);
    expect((await call('/api/school/attendance/summary?sessionId=nope', mine.users[113].token)).statusCode).toBe(400);
    expect((await call('/api/school/attendance/summary', mine.users[111].token)).statusCode).toBe(403);
    expect((await call(`/api/school/attendance/summary?sessionId=${theirs.school.sessionId}`, mine.users[113].token)).statusCode).toBe(404);
  });

  it("gives admins the whole school today, teachers their classes, parents and students the month", async () => {
    const first = (await call('/api/school/attendance/summary', mine.users[113].token)).json().result;
    expect(first.date).toBe(today);
    const before = first.school;
    await mark(mine.school, classId, [
      { studentId: kids[0]!.id, date: today, status: 'present' },
      { studentId: kids[1]!.id, date: today, status: 'absent' },
      { studentId: kids[2]!.id, date: today, status: 'late' },
      { studentId: kids[3]!.id, date: today, status: 'leave' },
    ]);
    const monthStart = `${today.slice(0, 7)}-01`;
    const earlier = monthStart < today ? monthStart : null;
    await mark(mine.school, otherClass, [
      { studentId: parentKids[0]!.id, date: today, status: 'absent' },
      ...(earlier ? [{ studentId: parentKids[0]!.id, date: earlier, status: 'present' as Status }] : []),
      { studentId: parentKids[1]!.id, date: '2026-04-01', status: 'absent' },
    ]);
    for (const role of [112, 113] as const) {
      const res = await call(`/api/school/attendance/summary?sessionId=${mine.school.sessionId}`, mine.users[role].token);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().result;
      expect(s.date).toBe(today);
      expect(s.classes).toEqual([]);
      expect(s.children).toEqual([]);
      expect(s.school.classes).toBe(before.classes);
      expect(s.school.students).toBe(before.students);
      expect(s.school.classesMarked).toBe(before.classesMarked + 2);
      expect(s.school).toMatchObject({ present: before.present + 1, absent: before.absent + 2, late: before.late + 1, leave: before.leave + 1, marked: before.marked + 5 });
    }

    const teacher = (await call('/api/school/attendance/summary', mine.users[114].token)).json().result;
    expect(teacher.school).toBeNull();
    const mineToday = teacher.classes.find((c: { assignClassId: string }) => c.assignClassId === classId);
    expect(mineToday).toMatchObject({ students: 4, final: true, counts: { present: 1, absent: 1, late: 1, leave: 1, marked: 4, percent: 50 } });
    expect(teacher.classes.filter((c: { final: boolean }) => !c.final).length).toBeGreaterThan(0);
    expect((await call('/api/school/attendance/summary', otherTeacher.token)).json().result.classes).toEqual([]);

    const parent = (await call('/api/school/attendance/summary', mine.users[115].token)).json().result;
    expect(parent.children.map((c: { studentId: string }) => c.studentId).sort()).toEqual(parentKids.map((k) => k.id).sort());
    const first0 = parent.children.find((c: { studentId: string }) => c.studentId === parentKids[0]!.id);
    expect(first0.month).toBe(today.slice(0, 7));
    expect(first0.counts).toEqual(
      earlier ? { present: 1, absent: 1, late: 0, leave: 0, marked: 2, percent: 50 } : { present: 0, absent: 1, late: 0, leave: 0, marked: 1, percent: 0 },
    );
    const first1 = parent.children.find((c: { studentId: string }) => c.studentId === parentKids[1]!.id);
    if (today.slice(0, 7) !== '2026-04') expect(first1.counts.marked).toBe(0);

    const student = await env.f.user(116, mine.school, { firstName: 'Self' });
    await env.db.insert(classStudents).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, classId, studentId: student.id });
    await mark(mine.school, classId, [{ studentId: student.id, date: today, status: 'late' }]);
    const own = (await call('/api/school/attendance/summary', await env.f.token(student))).json().result;
    expect(own.children).toEqual([{ studentId: student.id, fullName: 'Self Test', month: today.slice(0, 7), counts: { present: 0, absent: 0, late: 1, leave: 0, marked: 1, percent: 100 } }]);
  });

  it('costs a constant number of statements', async () => {
    const { statements } = await countStatements(mine.school.id, () => call('/api/school/attendance/summary', mine.users[113].token));
    expect(statements).toBeLessThanOrEqual(3);
  });
});
