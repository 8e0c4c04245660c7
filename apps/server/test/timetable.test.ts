import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PERIODS_MAX } from '@shala/contract';
import { academicSessions, classStudents, classSubjects, classes, periods, subjects, timetableEntries } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * Periods of a session and timetables of classes: each route's 401/400/403/404/success, the
 * database's rules as 409s (overlap, name, in use, teacher busy), visibility by role, and that a
 * refused save leaves the old grid as it was. Subjects, classes and enrolments are inserted directly.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let teacher2: TestUser;
let offTeacher: TestUser;
let child: TestUser & { token: string };
let otherStudent: TestUser & { token: string };
let maths: string;
let hindi: string;
let english: string;
let science: string;
let classA: string;
let classB: string;
let theirClass: string;
let p1: string;
let p2: string;
let lunch: string;
let nextSession: string;
let nextPeriod: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) => env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const admin = () => mine.users[113].token;
const teacher = () => mine.users[114];

async function addSubjects(school: TestSchool, names: string[]): Promise<string[]> {
  const rows = await env.db
    .insert(subjects)
    .values(names.map((name) => ({ schoolId: school.id, name })))
    .returning({ id: subjects.id });
  return rows.map((r) => r.id);
}

async function addClass(school: TestSchool, section: string, sessionId = school.sessionId): Promise<string> {
  const [row] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId, masterClass: '5', name: '5', section, classLimit: 40 })
    .returning({ id: classes.id });
  return row!.id;
}

async function teach(school: TestSchool, classId: string, list: Array<[string, string | null]>) {
  await env.db.insert(classSubjects).values(list.map(([subjectId, teacherId]) => ({ schoolId: school.id, classId, subjectId, teacherId })));
}

async function cellsOf(classId: string) {
  return env.db
    .select({ day: timetableEntries.day, periodId: timetableEntries.periodId, subjectId: timetableEntries.subjectId, teacherId: timetableEntries.teacherId })
    .from(timetableEntries)
    .where(eq(timetableEntries.classId, classId))
    .orderBy(timetableEntries.day, timetableEntries.periodId);
}

async function addPeriod(body: object, sessionId = mine.school.sessionId, token = admin()) {
  return call('POST', `/api/school/period/${sessionId}`, token, body);
}

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  teacher2 = await env.f.user(114, mine.school, { firstName: 'Second' });
  offTeacher = await env.f.user(114, mine.school, { firstName: 'Gone', status: false });
  const c = await env.f.user(116, mine.school, { firstName: 'Child', parentUserId: mine.users[115].id });
  child = { ...c, token: await env.f.token(c) };
  const o = await env.f.user(116, mine.school, { firstName: 'Other' });
  otherStudent = { ...o, token: await env.f.token(o) };
  [maths, hindi, english, science] = (await addSubjects(mine.school, ['Maths', 'Hindi', 'English', 'Science'])) as [string, string, string, string];
  classA = await addClass(mine.school, 'A');
  classB = await addClass(mine.school, 'B');
  theirClass = await addClass(theirs.school, 'A');
  await teach(mine.school, classA, [
    [maths!, teacher().id],
    [hindi!, teacher2.id],
    [english!, null],
  ]);
  await teach(mine.school, classB, [[maths!, teacher().id]]);
  await env.db.insert(classStudents).values([
    { schoolId: mine.school.id, sessionId: mine.school.sessionId, classId: classA, studentId: child.id },
    { schoolId: mine.school.id, sessionId: mine.school.sessionId, classId: classB, studentId: otherStudent.id },
  ]);
  const [next] = await env.db
    .insert(academicSessions)
    .values({ schoolId: mine.school.id, label: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31', isCurrent: false })
    .returning({ id: academicSessions.id });
  nextSession = next!.id;
  const [np] = await env.db
    .insert(periods)
    .values({ schoolId: mine.school.id, sessionId: nextSession, name: 'First', startMinute: 540, endMinute: 580 })
    .returning({ id: periods.id });
  nextPeriod = np!.id;
});
afterAll(() => env?.close());

describe('periods of a session', () => {
  it('adds periods and lists them by start time, breaks marked', async () => {
    const second = await addPeriod({ name: 'Period 2', startTime: '09:40', endTime: '10:20' });
    expect(second.statusCode).toBe(200);
    const first = await addPeriod({ name: 'Period 1', startTime: '09:00', endTime: '09:40' });
    const brk = await addPeriod({ name: 'Lunch', startTime: '10:20', endTime: '10:50', isBreak: true });
    expect(brk.json().result).toMatchObject({ name: 'Lunch', startTime: '10:20', endTime: '10:50', isBreak: true, sessionId: mine.school.sessionId });
    p1 = first.json().result.periodId;
    p2 = second.json().result.periodId;
    lunch = brk.json().result.periodId;
    const list = await call('GET', `/api/school/period/${mine.school.sessionId}`, child.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().result.map((p: { name: string }) => p.name)).toEqual(['Period 1', 'Period 2', 'Lunch']);
    // Stored as minutes after midnight.
    const [row] = await env.db.select().from(periods).where(eq(periods.id, p1));
    expect([row!.startMinute, row!.endMinute]).toEqual([540, 580]);
  });

  it('answers 401, 400, 403 and 404', async () => {
    const url = `/api/school/period/${mine.school.sessionId}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/api/school/period/not-a-uuid', admin())).statusCode).toBe(400);
    expect((await call('GET', `/api/school/period/${theirs.school.sessionId}`, admin())).statusCode).toBe(404);
    expect((await call('GET', `/api/school/period/${randomUUID()}`, admin())).statusCode).toBe(404);
    expect((await addPeriod({ name: 'X', startTime: '13:00', endTime: '13:40' }, mine.school.sessionId, '')).statusCode).toBe(401);
    expect((await addPeriod({ name: 'X', startTime: '13:00', endTime: '13:40' }, mine.school.sessionId, teacher().token)).statusCode).toBe(403);
    expect((await addPeriod({ name: 'X', startTime: '13:00', endTime: '13:40' }, mine.school.sessionId, mine.users[112].token)).statusCode).toBe(403);
    const badTime = await addPeriod({ name: 'X', startTime: '9:00', endTime: '13:40' });
    expect(badTime.statusCode).toBe(400);
    const backwards = await addPeriod({ name: 'X', startTime: '14:00', endTime: '13:40' });
    expect(backwards.statusCode).toBe(400);
    expect((await addPeriod({ name: 'X', startTime: '13:00', endTime: '13:40' }, theirs.school.sessionId)).statusCode).toBe(404);
    expect((await call('PATCH', `${url}/${p1}`, teacher().token, { name: 'Y' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/school/period/${theirs.school.sessionId}/${p1}`, admin(), { name: 'Y' })).statusCode).toBe(404);
    expect((await call('PATCH', `${url}/${randomUUID()}`, admin(), { name: 'Y' })).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${p1}`)).statusCode).toBe(401);
    expect((await call('DELETE', `${url}/${p1}`, teacher().token)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${randomUUID()}`, admin())).statusCode).toBe(404);
    const list = await call('GET', url, admin());
    expect(list.json().result).toHaveLength(3);
  });

  it('refuses an overlap naming the other period, and a name taken in any case', async () => {
    const overlap = await addPeriod({ name: 'Early', startTime: '08:50', endTime: '09:10' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ reason: 'period_overlap', params: { name: 'Period 1' }, field: 'startTime' });
    const taken = await addPeriod({ name: 'period 1', startTime: '12:00', endTime: '12:40' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'period_name_taken', field: 'name' });
    // An edit that moves a period over another.
    const moved = await call('PATCH', `/api/school/period/${mine.school.sessionId}/${p2}`, admin(), { startTime: '09:20' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ reason: 'period_overlap', params: { name: 'Period 1' } });
    // A period touching another's end is fine (a period is [start, end)).
    const list = await call('GET', `/api/school/period/${mine.school.sessionId}`, admin());
    expect(list.json().result.find((p: { periodId: string }) => p.periodId === p2).startTime).toBe('09:40');
  });

  it('edits a period and keeps the order by start time', async () => {
    const added = await addPeriod({ name: 'Period 9', startTime: '15:00', endTime: '15:40' });
    const id = added.json().result.periodId;
    const edited = await call('PATCH', `/api/school/period/${mine.school.sessionId}/${id}`, admin(), { name: 'Zero', startTime: '07:00', endTime: '07:40' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({ name: 'Zero', startTime: '07:00', endTime: '07:40', isBreak: false });
    const end = await call('PATCH', `/api/school/period/${mine.school.sessionId}/${id}`, admin(), { endTime: '06:00' });
    expect(end.statusCode).toBe(400);
    const list = await call('GET', `/api/school/period/${mine.school.sessionId}`, admin());
    expect(list.json().result[0].name).toBe('Zero');
    const removed = await call('DELETE', `/api/school/period/${mine.school.sessionId}/${id}`, admin());
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/school/period/${mine.school.sessionId}`, admin())).json().result).toHaveLength(3);
  });

  it(`allows at most ${PERIODS_MAX} periods in a session`, async () => {
    const [s] = await env.db
      .insert(academicSessions)
      .values({ schoolId: mine.school.id, label: '2030-31', startDate: '2030-04-01', endDate: '2031-03-31', isCurrent: false })
      .returning({ id: academicSessions.id });
    await env.db.insert(periods).values(
      Array.from({ length: PERIODS_MAX }, (_, i) => ({ schoolId: mine.school.id, sessionId: s!.id, name: `P${i}`, startMinute: 400 + i * 30, endMinute: 420 + i * 30 })),
    );
    const more = await addPeriod({ name: 'One more', startTime: '22:00', endTime: '22:30' }, s!.id);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ reason: 'periods_max', params: { max: PERIODS_MAX } });
  });
});

const cell = (day: number, periodId: string, subjectId: string, teacherId?: string | null) => ({ day, periodId, subjectId, ...(teacherId !== undefined ? { teacherId } : {}) });
const save = (classId: string, cells: object[], token = admin()) => call('POST', `/api/school/timetable/${classId}`, token, { cells });

describe('saving a timetable', () => {
  it('answers 401, 400, 403 and 404', async () => {
    expect((await save(classA, [], '')).statusCode).toBe(401);
    expect((await save(classA, [{ day: 9, periodId: p1, subjectId: maths }])).statusCode).toBe(400);
    expect((await call('POST', `/api/school/timetable/${classA}`, admin(), { cells: 'no' })).statusCode).toBe(400);
    expect((await save(classA, [], teacher().token)).statusCode).toBe(403);
    expect((await save(classA, [], mine.users[112].token)).statusCode).toBe(403);
    expect((await save(theirClass, [])).statusCode).toBe(404);
    expect((await save(randomUUID(), [])).statusCode).toBe(404);
    expect(await cellsOf(classA)).toEqual([]);
  });

  it("saves a grid, each cell's teacher the subject's teacher unless one is named", async () => {
    const res = await save(classA, [cell(1, p1, maths!), cell(1, p2, hindi!), cell(2, p1, english!), cell(2, p2, maths!, teacher2.id)]);
    expect(res.statusCode).toBe(200);
    const view = res.json().result;
    expect(view.class).toMatchObject({ assignClassId: classA, className: '5', section: 'A', sessionId: mine.school.sessionId });
    expect(view.cells).toHaveLength(4);
    const at = (day: number, periodId: string) => view.cells.find((c: { day: number; periodId: string }) => c.day === day && c.periodId === periodId);
    expect(at(1, p1)).toMatchObject({ subject: { subjectId: maths, name: 'Maths' }, teacher: { userId: teacher().id } });
    expect(at(1, p2).teacher.userId).toBe(teacher2.id);
    expect(at(2, p1).teacher).toBeNull();
    expect(at(2, p2).teacher.userId).toBe(teacher2.id);
    expect(view.days.map((d: { day: number }) => d.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(view.periods.map((p: { name: string }) => p.name)).toEqual(['Period 1', 'Period 2', 'Lunch']);
  });

  it('refuses a break, a period of another session, a subject not of the class, a duplicate cell, an inactive teacher, a Sunday: nothing saved', async () => {
    const before = await cellsOf(classA);
    const cases: Array<[object[], number, string | undefined, string]> = [
      [[cell(1, p1, maths!), cell(3, lunch, maths!)], 400, 'period_is_break', 'cells.1.periodId'],
      [[cell(1, nextPeriod, maths!)], 400, 'not_a_period', 'cells.0.periodId'],
      [[cell(1, randomUUID(), maths!)], 400, 'not_a_period', 'cells.0.periodId'],
      [[cell(1, p1, science!)], 400, 'subject_not_in_class', 'cells.0.subjectId'],
      [[cell(1, p1, maths!), cell(1, p1, hindi!)], 400, 'duplicate_cell', 'cells.1'],
      [[cell(1, p1, maths!, offTeacher.id)], 400, 'not_a_teacher', 'cells.0.teacherId'],
      [[cell(1, p1, maths!, child.id)], 400, 'not_a_teacher', 'cells.0.teacherId'],
      [[cell(7, p1, maths!)], 400, 'not_school_day', 'cells.0.day'],
    ];
    for (const [cells, status, reason, field] of cases) {
      const res = await save(classA, cells);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
      expect(res.json().reason).toBe(reason);
      expect(res.json().field).toBe(field);
    }
    expect((await save(classA, [cell(1, p1, maths!, theirs.users[114].id)])).statusCode).toBe(404);
    expect((await save(classA, [cell(1, p1, randomUUID())])).statusCode).toBe(404);
    expect(await cellsOf(classA)).toEqual(before);
  });

  it('refuses a teacher already in another class at that day and period, naming the class; the old grid stays', async () => {
    const before = await cellsOf(classB);
    expect((await save(classB, [cell(3, p1, maths!)])).statusCode).toBe(200);
    const kept = await cellsOf(classB);
    expect(kept).not.toEqual(before);
    // Class A's Maths teacher (the same teacher) on Monday, period 1: class A already has it.
    const res = await save(classB, [cell(3, p1, maths!), cell(1, p1, maths!)]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'teacher_busy',
      field: 'cells.1',
      params: { name: teacher().name, className: '5', section: 'A', period: 'Period 1', day: 1 },
    });
    expect(await cellsOf(classB)).toEqual(kept);
  });

  it('the database refuses the clash too (the unique index is the guarantee)', async () => {
    const [a] = await env.db.select().from(timetableEntries).where(eq(timetableEntries.classId, classA)).limit(1);
    await expect(
      env.db.insert(timetableEntries).values({ ...a!, classId: classB, subjectId: maths!, teacherId: a!.teacherId ?? teacher().id, createdAt: undefined }),
    ).rejects.toThrow();
  });

  it('shows editors the busy slots of the class teachers, and replaces the whole grid', async () => {
    const view = (await call('GET', `/api/school/timetable/${classB}`, admin())).json().result;
    expect(view.busy).toEqual(
      expect.arrayContaining([expect.objectContaining({ teacherId: teacher().id, day: 1, periodId: p1, class: expect.objectContaining({ assignClassId: classA, section: 'A' }) })]),
    );
    expect(view.busy.every((b: { class: { assignClassId: string } }) => b.class.assignClassId !== classB)).toBe(true);
    const replaced = await save(classB, [cell(4, p2, maths!)]);
    expect(replaced.statusCode).toBe(200);
    expect(await cellsOf(classB)).toEqual([{ day: 4, periodId: p2, subjectId: maths, teacherId: teacher().id }]);
    const cleared = await save(classB, []);
    expect(cleared.json().result.cells).toEqual([]);
    expect(await cellsOf(classB)).toEqual([]);
  });

  it('refuses to remove a period a timetable uses', async () => {
    const res = await call('DELETE', `/api/school/period/${mine.school.sessionId}/${p1}`, admin());
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('period_in_use');
    expect((await call('GET', `/api/school/period/${mine.school.sessionId}`, admin())).json().result).toHaveLength(3);
  });
});

describe('reading a timetable', () => {
  const get = (classId: string, token?: string) => call('GET', `/api/school/timetable/${classId}`, token);

  it('answers 401, 400 and 404 (another school, an unknown class)', async () => {
    expect((await get(classA)).statusCode).toBe(401);
    expect((await get('nope', admin())).statusCode).toBe(400);
    expect((await get(theirClass, admin())).statusCode).toBe(404);
    expect((await get(randomUUID(), admin())).statusCode).toBe(404);
    expect((await get(classA, theirs.users[113].token)).statusCode).toBe(404);
  });

  it('admins and teachers read any class of the school; only editors get the busy slots', async () => {
    for (const token of [admin(), mine.users[112].token]) {
      const res = await get(classA, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.cells).toHaveLength(4);
    }
    const asTeacher = await get(classA, await env.f.token(teacher2));
    expect(asTeacher.statusCode).toBe(200);
    expect(asTeacher.json().result.busy).toEqual([]);
  });

  it("a parent reads only its children's classes, a student only its own", async () => {
    const parent = mine.users[115].token;
    expect((await get(classA, parent)).statusCode).toBe(200);
    expect((await get(classB, parent)).statusCode).toBe(404);
    const own = await get(classA, child.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().result.busy).toEqual([]);
    expect(own.json().result.cells).toHaveLength(4);
    expect((await get(classB, child.token)).statusCode).toBe(404);
    expect((await get(classA, otherStudent.token)).statusCode).toBe(404);
    expect((await get(classB, otherStudent.token)).statusCode).toBe(200);
  });
});

describe("a teacher's week", () => {
  const week = (query: string, token?: string) => call('GET', `/api/school/timetable/teacher?${query}`, token);

  it('answers 401, 400, 403 and 404', async () => {
    const q = `sessionId=${mine.school.sessionId}`;
    expect((await week(q)).statusCode).toBe(401);
    expect((await week('sessionId=nope', teacher().token)).statusCode).toBe(400);
    expect((await week(q, admin())).statusCode).toBe(400);
    expect((await week(q, mine.users[115].token)).statusCode).toBe(403);
    expect((await week(q, child.token)).statusCode).toBe(403);
    expect((await week(`${q}&teacherId=${teacher2.id}`, teacher().token)).statusCode).toBe(404);
    expect((await week(`${q}&teacherId=${theirs.users[114].id}`, admin())).statusCode).toBe(404);
    expect((await week(`sessionId=${theirs.school.sessionId}`, teacher().token)).statusCode).toBe(404);
  });

  it('a teacher sees its own week across its classes; admins name a teacher', async () => {
    expect((await save(classB, [cell(5, p2, maths!)])).statusCode).toBe(200);
    const own = await week(`sessionId=${mine.school.sessionId}`, teacher().token);
    expect(own.statusCode).toBe(200);
    const result = own.json().result;
    expect(result.teacher.userId).toBe(teacher().id);
    expect(result.periods).toHaveLength(3);
    expect(result.days).toHaveLength(6);
    expect(
      result.cells.map((c: { day: number; class: { section: string }; subject: { name: string } }) => `${c.day}${c.class.section}${c.subject.name}`).sort(),
    ).toEqual(['1AMaths', '5BMaths']);
    const named = await week(`sessionId=${mine.school.sessionId}&teacherId=${teacher2.id}`, admin());
    expect(named.statusCode).toBe(200);
    expect(named.json().result.cells).toHaveLength(2);
  });
});
