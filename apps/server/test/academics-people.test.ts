import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, attendanceMarks, classStudents, classSubjects, classes, feeInstalments, feeRecords, notices, subjects, users as usersTable } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * The people screens, academic-aware: the students list with each student's class, section and
 * roll number in a session (and one class's students), the student's details with its class, the
 * student form without the adult-only fields, and the dashboard's classes of a session and
 * subjects. Class places are written straight into class_students (the assign API is elsewhere).
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
/** mine: 5-A and 5-B in the current session, 4-A in last year's session. */
let fiveA: string;
let fiveB: string;
let lastYear: string;
let fourALastYear: string;
let theirClass: string;
/** Students of mine, by first name. */
const kids: Record<string, TestUser> = {};

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });

async function addClass(school: TestSchool, sessionId: string, masterClass: string, section: string): Promise<string> {
  const [c] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId, masterClass, name: masterClass, section, classLimit: 40 })
    .returning({ id: classes.id });
  return c!.id;
}

async function place(school: TestSchool, sessionId: string, classId: string, student: TestUser, rollNo: number | null) {
  await env.db.insert(classStudents).values({ schoolId: school.id, sessionId, classId, studentId: student.id, rollNo });
}

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  const s = mine.school;
  const [last] = await env.db
    .insert(academicSessions)
    .values({ schoolId: s.id, label: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31' })
    .returning({ id: academicSessions.id });
  lastYear = last!.id;
  fiveA = await addClass(s, s.sessionId, '5', 'A');
  fiveB = await addClass(s, s.sessionId, '5', 'B');
  fourALastYear = await addClass(s, lastYear, '4', 'A');
  theirClass = await addClass(theirs.school, theirs.school.sessionId, '5', 'A');
  for (const name of ['Zoya', 'Aarav', 'Meera', 'Kabir', 'Ishaan', 'Diya']) kids[name] = await env.f.user(116, s, { firstName: name });
  // 5-A: Zoya 1, Aarav 2, Meera without a roll number yet; 5-B: Kabir 1; Ishaan last year only; Diya nowhere.
  await place(s, s.sessionId, fiveA, kids.Zoya!, 1);
  await place(s, s.sessionId, fiveA, kids.Aarav!, 2);
  await place(s, s.sessionId, fiveA, kids.Meera!, null);
  await place(s, s.sessionId, fiveB, kids.Kabir!, 1);
  await place(s, lastYear, fourALastYear, kids.Ishaan!, 7);
  await place(s, lastYear, fourALastYear, kids.Zoya!, 3);
});
afterAll(() => env?.close());

interface Row {
  userId: string;
  firstName: string;
  placement?: { assignClassId: string; masterClass: string; className: string; section: string; rollNo: number | null } | null;
}
const list = async (query: string, token = mine.users[113].token) => {
  const res = await call('GET', `/api/school/student?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { items: Row[]; total: number; page: number };
};
const byName = (items: Row[]) => Object.fromEntries(items.map((r) => [r.firstName, r.placement]));

describe('GET /api/school/student with a session', () => {
  it('gives each student its class, section and roll number in that session, null when in no class', async () => {
    const page = await list(`sessionId=${mine.school.sessionId}&pageSize=100`);
    // The factory's student, and the six.
    expect(page.total).toBe(7);
    const placed = byName(page.items);
    expect(placed.Zoya).toEqual({ assignClassId: fiveA, masterClass: '5', className: '5', section: 'A', rollNo: 1 });
    expect(placed.Meera).toEqual({ assignClassId: fiveA, masterClass: '5', className: '5', section: 'A', rollNo: null });
    expect(placed.Kabir).toMatchObject({ assignClassId: fiveB, section: 'B', rollNo: 1 });
    expect(placed.Ishaan).toBeNull();
    expect(placed.Diya).toBeNull();
    // Still newest first, as without a session.
    expect(page.items.map((r) => r.firstName).slice(0, 2)).toEqual(['Diya', 'Ishaan']);

    const last = byName((await list(`sessionId=${lastYear}&pageSize=100`)).items);
    expect(last.Ishaan).toMatchObject({ assignClassId: fourALastYear, masterClass: '4', section: 'A', rollNo: 7 });
    expect(last.Zoya).toMatchObject({ assignClassId: fourALastYear, rollNo: 3 });
    expect(last.Kabir).toBeNull();
  });

  it('has no placement without a session, and keeps the counters total, search and paging', async () => {
    const plain = await list('pageSize=100');
    expect(plain.items.every((r) => !('placement' in r))).toBe(true);
    const p2 = await list(`sessionId=${mine.school.sessionId}&pageSize=3&page=2`);
    expect(p2.total).toBe(7);
    expect(p2.items).toHaveLength(3);
    const far = await list(`sessionId=${mine.school.sessionId}&pageSize=3&page=9`);
    expect(far).toMatchObject({ items: [], total: 7 });
    const search = await list(`sessionId=${mine.school.sessionId}&search=kab`);
    expect(search.total).toBe(1);
    expect(search.items[0]!.placement).toMatchObject({ section: 'B' });
  });

  it('answers 404 for a session of another school or none, and 400 for a bad id', async () => {
    for (const sessionId of [theirs.school.sessionId, randomUUID()]) {
      const res = await call('GET', `/api/school/student?sessionId=${sessionId}`, mine.users[113].token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('NOT_FOUND');
      // A page past the end asks the same question in its second statement.
      expect((await call('GET', `/api/school/student?sessionId=${sessionId}&page=50`, mine.users[113].token)).statusCode).toBe(404);
    }
    for (const q of ['sessionId=5', 'assignClassId=x', `sessionId=${mine.school.sessionId}%00`]) {
      const res = await call('GET', `/api/school/student?${q}`, mine.users[112].token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /api/school/student with a class', () => {
  it("lists only the class's students, by roll number then name (no number last), with the class's total", async () => {
    const page = await list(`sessionId=${mine.school.sessionId}&assignClassId=${fiveA}`);
    expect(page.items.map((r) => [r.firstName, r.placement?.rollNo])).toEqual([
      ['Zoya', 1],
      ['Aarav', 2],
      ['Meera', null],
    ]);
    expect(page.total).toBe(3);
    // The session may be left out: the class's own session.
    const alone = await list(`assignClassId=${fiveB}`, mine.users[112].token);
    expect(alone.items.map((r) => r.firstName)).toEqual(['Kabir']);
    expect(alone.total).toBe(1);
    // Filters and pages inside the class.
    const paged = await list(`assignClassId=${fiveA}&pageSize=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2 });
    expect(paged.items.map((r) => r.firstName)).toEqual(['Meera']);
    expect((await list(`assignClassId=${fiveA}&pageSize=2&page=7`)).total).toBe(3);
    expect((await list(`assignClassId=${fiveA}&search=aar`)).items.map((r) => r.firstName)).toEqual(['Aarav']);
    expect((await list(`assignClassId=${fiveA}&status=inactive`)).total).toBe(0);
  });

  it('answers an empty class with an empty page, and 404 for a class of another school, of another session, or none', async () => {
    const empty = await addClass(mine.school, mine.school.sessionId, '5', 'C');
    expect(await list(`sessionId=${mine.school.sessionId}&assignClassId=${empty}`)).toMatchObject({ items: [], total: 0 });
    for (const q of [
      `assignClassId=${theirClass}`,
      `sessionId=${mine.school.sessionId}&assignClassId=${theirClass}`,
      `sessionId=${mine.school.sessionId}&assignClassId=${fourALastYear}`,
      `sessionId=${theirs.school.sessionId}&assignClassId=${theirClass}`,
      `assignClassId=${randomUUID()}`,
    ]) {
      const res = await call('GET', `/api/school/student?${q}`, mine.users[113].token);
      expect(res.statusCode, q).toBe(404);
    }
    // The other school sees its own class (and nothing of mine).
    const theirsList = await list(`assignClassId=${theirClass}`, theirs.users[113].token);
    expect(theirsList).toMatchObject({ items: [], total: 0 });
    expect((await call('GET', `/api/school/student?assignClassId=${fiveA}`, theirs.users[113].token)).statusCode).toBe(404);
  });

  it('is closed without a session (401) and to teachers, parents, students and the platform owner (403)', async () => {
    const url = `/api/school/student?sessionId=${mine.school.sessionId}&assignClassId=${fiveA}`;
    expect((await call('GET', url, null)).statusCode).toBe(401);
    for (const role of [111, 114, 115, 116] as const) expect((await call('GET', url, mine.users[role].token)).statusCode).toBe(403);
  });
});

describe('GET /api/school/student/:userId with a session', () => {
  it('carries the class, section and roll number of that session; null when in no class; none without a session', async () => {
    const url = (id: string, q = '') => `/api/school/student/${id}${q}`;
    const token = mine.users[113].token;
    const zoya = (await call('GET', url(kids.Zoya!.id, `?sessionId=${mine.school.sessionId}`), token)).json().result;
    expect(zoya.placement).toEqual({ assignClassId: fiveA, masterClass: '5', className: '5', section: 'A', rollNo: 1 });
    expect((await call('GET', url(kids.Zoya!.id, `?sessionId=${lastYear}`), token)).json().result.placement).toMatchObject({ rollNo: 3, masterClass: '4' });
    expect((await call('GET', url(kids.Diya!.id, `?sessionId=${mine.school.sessionId}`), token)).json().result.placement).toBeNull();
    expect((await call('GET', url(kids.Zoya!.id), token)).json().result).not.toHaveProperty('placement');

    expect((await call('GET', url(kids.Zoya!.id, `?sessionId=${theirs.school.sessionId}`), token)).statusCode).toBe(404);
    expect((await call('GET', url(theirs.users[116].id, `?sessionId=${mine.school.sessionId}`), token)).statusCode).toBe(404);
    expect((await call('GET', url(kids.Zoya!.id, '?sessionId=nope'), token)).statusCode).toBe(400);
    expect((await call('GET', url(kids.Zoya!.id, `?sessionId=${mine.school.sessionId}`), null)).statusCode).toBe(401);
    expect((await call('GET', url(kids.Zoya!.id, `?sessionId=${mine.school.sessionId}`), mine.users[114].token)).statusCode).toBe(403);
  });
});

describe('the student form has no adult-only fields', () => {
  it('refuses marital status, qualification and subjects for a student with a 400 naming the field, and saves nothing', async () => {
    const token = mine.users[112].token;
    const before = (await list('pageSize=1', token)).total;
    for (const field of ['maritalStatus', 'qualification', 'subjects'] as const) {
      const value = field === 'maritalStatus' ? 'single' : 'B.Ed';
      const res = await call('POST', '/api/school/student', token, { firstName: 'Child', [field]: value });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().issues)).toContain(field);
      const edit = await call('PATCH', `/api/school/student/${kids.Diya!.id}`, token, { firstName: 'Changed', [field]: value });
      expect(edit.statusCode).toBe(400);
    }
    expect((await list('pageSize=1', token)).total).toBe(before);
    const [diya] = await env.db.select().from(usersTable).where(eq(usersTable.id, kids.Diya!.id));
    expect(diya).toMatchObject({ firstName: 'Diya', maritalStatus: null, qualification: null, subjects: null });
    // Every other personal field is still a student's; a teacher keeps the adult ones.
    const ok = await call('POST', '/api/school/student', token, { firstName: 'Child', bloodGroup: 'O+', category: 'obc', motherName: 'Sita', religion: 'Hindu' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.person).toMatchObject({ bloodGroup: 'O+', category: 'obc', motherName: 'Sita', maritalStatus: null });
    const teacher = await call('POST', '/api/school/teacher', token, { firstName: 'Adult', maritalStatus: 'married', qualification: 'B.Ed', subjects: 'Maths' });
    expect(teacher.json().result.person).toMatchObject({ maritalStatus: 'married', qualification: 'B.Ed', subjects: 'Maths' });
  });
});

describe('GET /api/dashboard: classes of a session, subjects', () => {
  it('counts the classes of the session named, else the current one, and the active subjects', async () => {
    await env.db.insert(subjects).values([
      { schoolId: mine.school.id, name: 'Mathematics', masterCode: 'MATH' },
      { schoolId: mine.school.id, name: 'Hindi', masterCode: 'HIN' },
      { schoolId: mine.school.id, name: 'Old Craft', status: false },
      { schoolId: theirs.school.id, name: 'Mathematics', masterCode: 'MATH' },
    ]);
    const counts = async (role: 112 | 113 | 114 | 115 | 116, q = '') => {
      const res = await call('GET', `/api/dashboard${q}`, mine.users[role].token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.counts;
    };
    const current = await counts(113);
    expect(current).toMatchObject({ subjects: 2 });
    const nowClasses = current.classes as number;
    expect(nowClasses).toBeGreaterThanOrEqual(2); // 5-A, 5-B (and 5-C when the class test ran first)
    expect(await counts(113, `?sessionId=${mine.school.sessionId}`)).toMatchObject({ classes: nowClasses, subjects: 2 });
    expect(await counts(112, `?sessionId=${lastYear}`)).toMatchObject({ classes: 1, subjects: 2 });
    const teacher = await counts(114, `?sessionId=${lastYear}`);
    expect(Object.keys(teacher).sort()).toEqual(['classes', 'students']); // its own, no school-wide cards
    expect(teacher).toEqual({ classes: 0, students: 0 });
    expect(await counts(116, `?sessionId=${lastYear}`)).toMatchObject({ classes: 1 });
    // A parent's count has no session: the session is not asked about.
    expect(await counts(115, `?sessionId=${theirs.school.sessionId}`)).toEqual({ students: 0 });
    expect((await call('GET', '/api/dashboard', theirs.users[113].token)).json().result.counts).toMatchObject({ classes: 1, subjects: 1 });

    expect((await call('GET', `/api/dashboard?sessionId=${theirs.school.sessionId}`, mine.users[113].token)).statusCode).toBe(404);
    expect((await call('GET', `/api/dashboard?sessionId=${randomUUID()}`, mine.users[112].token)).statusCode).toBe(404);
    expect((await call('GET', '/api/dashboard?sessionId=2025', mine.users[113].token)).statusCode).toBe(400);
    expect((await call('GET', `/api/dashboard?sessionId=${lastYear}`, null)).statusCode).toBe(401);
  });
});

describe('dashboards of a teacher and a parent: their own, not the school', () => {
  it("counts a teacher's classes (class teacher or subject teacher) and their students", async () => {
    const s = mine.school;
    const teacher = mine.users[114];
    const six = await addClass(s, s.sessionId, '6', 'T');
    await env.db.update(classes).set({ classTeacherId: teacher.id }).where(eq(classes.id, six));
    const seven = await addClass(s, s.sessionId, '7', 'T');
    const [subject] = await env.db.insert(subjects).values({ schoolId: s.id, name: 'Science T' }).returning({ id: subjects.id });
    await env.db.insert(classSubjects).values({ schoolId: s.id, classId: seven, subjectId: subject!.id, teacherId: teacher.id });
    for (const [classId, n] of [[six, 2], [seven, 1]] as const) {
      for (let i = 0; i < n; i++) await place(s, s.sessionId, classId, await env.f.user(116, s), null);
    }
    const res = await call('GET', '/api/dashboard', teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    // 5-A, 5-B and their four students are the school's, not this teacher's.
    expect(res.json().result.counts).toEqual({ classes: 2, students: 3 });
  });

  it("gives a parent each own child's class, today's mark, next fee and the latest notice; never another's child", async () => {
    const s = mine.school;
    const parent = mine.users[115];
    const asha = await env.f.user(116, s, { firstName: 'Asha', parentUserId: parent.id });
    const bina = await env.f.user(116, s, { firstName: 'Bina', parentUserId: parent.id });
    // Another parent's child in the same school, and one of another school's parent.
    const other = await env.f.user(115, s);
    await env.f.user(116, s, { firstName: 'Chetan', parentUserId: other.id });
    await env.f.user(116, theirs.school, { firstName: 'Dev', parentUserId: theirs.users[115].id });
    await place(s, s.sessionId, fiveA, asha, 4);
    const first = await call('GET', '/api/dashboard/children', parent.token);
    expect(first.statusCode, first.body).toBe(200);
    const today = first.json().result.date as string;
    await env.db.insert(attendanceMarks).values({ schoolId: s.id, sessionId: s.sessionId, classId: fiveA, studentId: asha.id, date: today, status: 'late' });
    const [record] = await env.db
      .insert(feeRecords)
      .values({ schoolId: s.id, sessionId: s.sessionId, classId: fiveA, studentId: asha.id, classFee: 300000, total: 300000 })
      .returning({ id: feeRecords.id });
    await env.db.insert(feeInstalments).values([
      { schoolId: s.id, sessionId: s.sessionId, feeRecordId: record!.id, seq: 1, dueDate: '2026-04-10', amount: 100000, paid: true },
      { schoolId: s.id, sessionId: s.sessionId, feeRecordId: record!.id, seq: 2, dueDate: '2026-07-10', amount: 120000 },
      { schoolId: s.id, sessionId: s.sessionId, feeRecordId: record!.id, seq: 3, dueDate: '2026-10-10', amount: 80000 },
    ]);
    await env.db.insert(notices).values([
      { schoolId: s.id, title: 'Sports day', description: 'x', date: '2026-05-01', roles: [115], createdBy: mine.users[113].id },
      { schoolId: s.id, title: 'Staff meeting', description: 'x', date: '2026-06-01', roles: [114], createdBy: mine.users[113].id },
    ]);
    const res = await call('GET', '/api/dashboard/children', parent.token);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result.children).toEqual([
      { studentId: asha.id, fullName: 'Asha Test', className: '5', section: 'A', today: 'late', nextFee: { amount: 120000, dueDate: '2026-07-10' } },
      { studentId: bina.id, fullName: 'Bina Test', className: null, section: null, today: null, nextFee: null },
    ]);
    expect(result.latestNotice).toMatchObject({ title: 'Sports day', date: '2026-05-01' });
    // Only parents ask it.
    expect((await call('GET', '/api/dashboard/children', mine.users[114].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/children', theirs.users[115].token)).json().result.children.map((c: { fullName: string }) => c.fullName)).toEqual(['Dev Test']);
  });
});
