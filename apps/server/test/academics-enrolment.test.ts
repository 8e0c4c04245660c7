import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../src/db/client.js';
import { academicSessions, classStudents, classes, users } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool } from './helpers.js';

/**
 * Students into classes, roll numbers and promotion (issue 7): each route's 401/400/403/404 and
 * success, the class limit, one class per student per session, roll numbers unique within a class,
 * promotion all or none, and a constant number of statements whatever the number of students.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let admin: string;

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  admin = mine.users[113].token;
});
afterAll(() => env?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });

// ---- Fixtures: written as the platform (the structure routes are another slice) ---------------

let serial = 0;
async function makeClass(school: TestSchool, over: { sessionId?: string; masterClass?: string; section?: string; classLimit?: number } = {}) {
  const masterClass = over.masterClass ?? '5';
  const [c] = await env.db
    .insert(classes)
    .values({
      schoolId: school.id,
      sessionId: over.sessionId ?? school.sessionId,
      masterClass,
      name: masterClass,
      section: over.section ?? `S${++serial}`,
      classLimit: over.classLimit ?? 60,
    })
    .returning();
  return c!;
}

let sessionYear = 2030;
async function makeSession(school: TestSchool, startYear = ++sessionYear) {
  const [s] = await env.db
    .insert(academicSessions)
    .values({
      schoolId: school.id,
      label: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
      startDate: `${startYear}-04-01`,
      endDate: `${startYear + 1}-03-31`,
    })
    .returning();
  return s!;
}

/**
 * `n` students in one statement (no password hashing: they never sign in). Names are given in
 * reverse of admission, so "by name" and "by admission" give different orders.
 */
async function makeStudents(school: TestSchool, n: number, over: { status?: boolean; prefix?: string } = {}) {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const prefix = over.prefix ?? 'Kid';
  const rows = await env.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        schoolId: school.id,
        roleId: 116,
        loginId: `${school.code}-S${tag}${String(i).padStart(3, '0')}`,
        firstName: `${prefix}${String(n - i).padStart(3, '0')}`,
        lastName: tag,
        status: over.status ?? true,
        passwordHash: 'not-a-hash',
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
      })),
    )
    .returning({ id: users.id, firstName: users.firstName });
  return rows;
}

const placesOf = (classId: string) =>
  env.db
    .select({ studentId: classStudents.studentId, rollNo: classStudents.rollNo })
    .from(classStudents)
    .where(eq(classStudents.classId, classId))
    .orderBy(classStudents.rollNo);

const placesOfSchool = (schoolId: string) =>
  env.db
    .select()
    .from(classStudents)
    .where(eq(classStudents.schoolId, schoolId))
    .orderBy(classStudents.classId, classStudents.studentId);

const assign = (assignClassId: string, studentIds: string[], token = admin) =>
  call('POST', '/api/school/assignstudentclass', token, { assignClassId, studentIds });

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

// ---- Every route: no session, wrong role, bad input --------------------------------------------

const ROUTES: Array<{ method: Method; url: (id: string) => string; body?: object }> = [
  { method: 'POST', url: () => '/api/school/assignstudentclass', body: { assignClassId: randomUUID(), studentIds: [randomUUID()] } },
  { method: 'PATCH', url: (id) => `/api/school/assignstudentclass/${id}`, body: { assignClassId: randomUUID() } },
  { method: 'DELETE', url: (id) => `/api/school/assignstudentclass/${id}?sessionId=${randomUUID()}` },
  { method: 'GET', url: () => `/api/school/filterassignstudent/${randomUUID()}` },
  { method: 'POST', url: () => '/api/school/assignclass/rollno', body: { assignClassId: randomUUID(), order: 'name' } },
  { method: 'PUT', url: () => '/api/school/assignclass/rollno', body: { assignClassId: randomUUID(), rollNumbers: [{ userId: randomUUID(), rollNo: 1 }] } },
  { method: 'POST', url: () => '/api/school/promote', body: { fromAssignClassId: randomUUID(), toAssignClassId: randomUUID() } },
];

describe('access', () => {
  it.each(ROUTES)('$method $url: 401 without a session, 403 for teachers, parents and students', async (r) => {
    const url = r.url(mine.users[116].id);
    expect((await call(r.method, url, null, r.body)).statusCode).toBe(401);
    for (const role of [114, 115, 116] as const) {
      const res = await call(r.method, url, mine.users[role].token, r.body);
      expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
    }
    // The platform owner is not a school's admin either.
    expect((await call(r.method, url, mine.users[111].token, r.body)).statusCode).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: Array<[Method, string, object | undefined, string]> = [
      ['POST', '/api/school/assignstudentclass', { assignClassId: 'x', studentIds: [randomUUID()] }, 'body.assignClassId'],
      ['POST', '/api/school/assignstudentclass', { assignClassId: randomUUID(), studentIds: [] }, 'body.studentIds'],
      ['POST', '/api/school/assignstudentclass', { assignClassId: randomUUID(), studentIds: Array.from({ length: 201 }, () => randomUUID()) }, 'body.studentIds'],
      ['PATCH', `/api/school/assignstudentclass/${randomUUID()}`, {}, 'body.assignClassId'],
      ['DELETE', `/api/school/assignstudentclass/${randomUUID()}`, undefined, 'querystring.sessionId'],
      ['GET', '/api/school/filterassignstudent/nope', undefined, 'params.sessionId'],
      ['GET', `/api/school/filterassignstudent/${randomUUID()}?search=%00`, undefined, 'querystring.search'],
      ['POST', '/api/school/assignclass/rollno', { assignClassId: randomUUID(), order: 'age' }, 'body.order'],
      ['PUT', '/api/school/assignclass/rollno', { assignClassId: randomUUID(), rollNumbers: [{ userId: randomUUID(), rollNo: 0 }] }, 'body.rollNumbers.0.rollNo'],
      ['PUT', '/api/school/assignclass/rollno', { assignClassId: randomUUID(), rollNumbers: [{ userId: randomUUID(), rollNo: 1000 }] }, 'body.rollNumbers.0.rollNo'],
      ['POST', '/api/school/promote', { fromAssignClassId: randomUUID() }, 'body.toAssignClassId'],
    ];
    for (const [method, url, body, path] of cases) {
      const res = await call(method, url, admin, body);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
  });
});

// ---- Putting students into a class -------------------------------------------------------------

describe('assign students (POST assignstudentclass)', () => {
  it('puts 60 students into a class in one request, numbered after the highest in name order', async () => {
    const cls = await makeClass(mine.school, { classLimit: 70 });
    const first = await makeStudents(mine.school, 3, { prefix: 'Zed' });
    const res1 = await assign(cls.id, ids(first));
    expect(res1.statusCode).toBe(200);
    expect(res1.json().result).toMatchObject({ assignClassId: cls.id, students: 3, classLimit: 70, section: cls.section });
    const more = await makeStudents(mine.school, 60);
    const res = await assign(cls.id, ids(more));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: '60 students assigned', result: { students: 63 } });
    const places = await placesOf(cls.id);
    expect(places.map((p) => p.rollNo)).toEqual(Array.from({ length: 63 }, (_, i) => i + 1));
    // The three first keep 1–3; the 60 new ones follow in name order (Kid001 … Kid060).
    const byId = new Map(places.map((p) => [p.studentId, p.rollNo]));
    const sorted = [...more].sort((a, b) => a.firstName.localeCompare(b.firstName));
    expect(sorted.map((s) => byId.get(s.id))).toEqual(Array.from({ length: 60 }, (_, i) => i + 4));
  });

  it("answers 404 for another school's class or student (one in a set of 60), and saves nothing", async () => {
    const cls = await makeClass(mine.school);
    const own = await makeStudents(mine.school, 59);
    const [foreign] = await makeStudents(theirs.school, 1);
    const before = await placesOfSchool(mine.school.id);
    const res = await assign(cls.id, [...ids(own), foreign!.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NOT_FOUND');
    // A teacher of the school is not a student either.
    expect((await assign(cls.id, [...ids(own), mine.users[114].id])).statusCode).toBe(404);
    // Another school's class, with my students.
    const theirClass = await makeClass(theirs.school);
    expect((await assign(theirClass.id, ids(own))).statusCode).toBe(404);
    // Their admin cannot put my students into their class, nor theirs into mine.
    expect((await assign(theirClass.id, ids(own), theirs.users[112].token)).statusCode).toBe(404);
    expect((await assign(cls.id, [foreign!.id], theirs.users[112].token)).statusCode).toBe(404);
    expect(await placesOfSchool(mine.school.id)).toEqual(before);
    expect(await placesOf(theirClass.id)).toEqual([]);
  });

  it('refuses inactive students with 400 not_a_student, saving nothing', async () => {
    const cls = await makeClass(mine.school);
    const active = await makeStudents(mine.school, 2);
    const [gone] = await makeStudents(mine.school, 1, { status: false });
    const res = await assign(cls.id, [...ids(active), gone!.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', reason: 'not_a_student' });
    expect(await placesOf(cls.id)).toEqual([]);
  });

  it('keeps one class per student per session: 409 student_in_class naming the student and its class, nothing saved', async () => {
    const a = await makeClass(mine.school, { masterClass: '3', section: 'QA' });
    const b = await makeClass(mine.school, { masterClass: '3', section: 'QB' });
    const kids = await makeStudents(mine.school, 4);
    expect((await assign(a.id, [kids[0]!.id])).statusCode).toBe(200);
    const res = await assign(b.id, ids(kids));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'CONFLICT',
      reason: 'student_in_class',
      params: { name: `${kids[0]!.firstName} ${(await nameOf(kids[0]!.id)).lastName}`, className: '3', section: 'QA' },
    });
    expect(await placesOf(b.id)).toEqual([]);
    // The same class again is no different.
    expect((await assign(a.id, [kids[0]!.id])).json().reason).toBe('student_in_class');
    // In another session the same student may have a class.
    const next = await makeSession(mine.school);
    const later = await makeClass(mine.school, { sessionId: next.id });
    expect((await assign(later.id, [kids[0]!.id])).statusCode).toBe(200);
  });

  it('holds the class limit: 409 class_full with the limit and free places, nothing saved', async () => {
    const cls = await makeClass(mine.school, { masterClass: '2', section: 'FL', classLimit: 5 });
    const kids = await makeStudents(mine.school, 7);
    expect((await assign(cls.id, ids(kids.slice(0, 3)))).statusCode).toBe(200);
    const res = await assign(cls.id, ids(kids.slice(3)));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'class_full', params: { limit: 5, free: 2, className: '2', section: 'FL' } });
    expect(await placesOf(cls.id)).toHaveLength(3);
    expect((await assign(cls.id, ids(kids.slice(3, 5)))).statusCode).toBe(200);
    expect(await placesOf(cls.id)).toHaveLength(5);
  });

  it('lets only one of two requests racing for the last place have it', async () => {
    const cls = await makeClass(mine.school, { classLimit: 3 });
    const kids = await makeStudents(mine.school, 4);
    expect((await assign(cls.id, ids(kids.slice(0, 2)))).statusCode).toBe(200);
    const [one, two] = await Promise.all([assign(cls.id, [kids[2]!.id]), assign(cls.id, [kids[3]!.id])]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect([one, two].find((r) => r.statusCode === 409)!.json()).toMatchObject({ reason: 'class_full', params: { free: 0 } });
    expect(await placesOf(cls.id)).toHaveLength(3);
  });
});

async function nameOf(id: string) {
  const [u] = await env.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return u!;
}

// ---- Students not yet in a class ---------------------------------------------------------------

describe('students not in a class (GET filterassignstudent/:sessionId)', () => {
  it('lists active students in no class of the session, newest first, with search and pages', async () => {
    const school = await env.f.school();
    const principal = await env.f.user(113, school);
    const token = await env.f.token(principal);
    const kids = await makeStudents(school, 5, { prefix: 'Pick' });
    await makeStudents(school, 1, { status: false, prefix: 'Gone' });
    const cls = await makeClass(school);
    expect((await assign(cls.id, [kids[0]!.id], token)).statusCode).toBe(200);
    const url = `/api/school/filterassignstudent/${school.sessionId}`;
    const page = (await call('GET', `${url}?pageSize=3`, token)).json().result;
    expect(page.total).toBe(4);
    expect(page.items.map((s: { userId: string }) => s.userId)).toEqual([kids[4]!.id, kids[3]!.id, kids[2]!.id]);
    expect(page.items[0]).toMatchObject({ roleId: 116, status: true, schoolId: school.id });
    const second = (await call('GET', `${url}?pageSize=3&page=2`, token)).json().result;
    expect(second).toMatchObject({ total: 4, page: 2 });
    expect(second.items.map((s: { userId: string }) => s.userId)).toEqual([kids[1]!.id]);
    const beyond = (await call('GET', `${url}?pageSize=3&page=9`, token)).json().result;
    expect(beyond).toMatchObject({ items: [], total: 4 });
    const search = (await call('GET', `${url}?search=${encodeURIComponent(kids[2]!.firstName)}`, token)).json().result;
    expect(search.items.map((s: { userId: string }) => s.userId)).toEqual([kids[2]!.id]);
    // Another session: everyone active is free there.
    const next = await makeSession(school);
    expect((await call('GET', `/api/school/filterassignstudent/${next.id}`, token)).json().result.total).toBe(5);
  });

  it("answers 404 for another school's session", async () => {
    const res = await call('GET', `/api/school/filterassignstudent/${theirs.school.sessionId}`, admin);
    expect(res.statusCode).toBe(404);
  });
});

// ---- Move and take out -------------------------------------------------------------------------

describe('move (PATCH) and take out (DELETE assignstudentclass/:userId)', () => {
  it('moves a student to another section of the session; it takes the next roll number there', async () => {
    const a = await makeClass(mine.school, { masterClass: '4' });
    const b = await makeClass(mine.school, { masterClass: '4' });
    const kids = await makeStudents(mine.school, 4);
    await assign(a.id, ids(kids.slice(0, 2)));
    await assign(b.id, ids(kids.slice(2)));
    const res = await call('PATCH', `/api/school/assignstudentclass/${kids[0]!.id}`, admin, { assignClassId: b.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ assignClassId: b.id, students: 3 });
    expect((await placesOf(b.id)).find((p) => p.studentId === kids[0]!.id)?.rollNo).toBe(3);
    expect(await placesOf(a.id)).toHaveLength(1);
    // Already there.
    const same = await call('PATCH', `/api/school/assignstudentclass/${kids[0]!.id}`, admin, { assignClassId: b.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().reason).toBe('same_class');
  });

  it('refuses a full target (409), a class of a session the student has no class in (400), and another school (404)', async () => {
    const a = await makeClass(mine.school);
    const full = await makeClass(mine.school, { classLimit: 1 });
    const kids = await makeStudents(mine.school, 2);
    await assign(a.id, [kids[0]!.id]);
    await assign(full.id, [kids[1]!.id]);
    const before = await placesOfSchool(mine.school.id);
    const move = (userId: string, assignClassId: string, token = admin) => call('PATCH', `/api/school/assignstudentclass/${userId}`, token, { assignClassId });
    const res = await move(kids[0]!.id, full.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'class_full', params: { limit: 1, free: 0 } });
    const later = await makeClass(mine.school, { sessionId: (await makeSession(mine.school)).id });
    const other = await move(kids[0]!.id, later.id);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ reason: 'not_in_class', params: { name: expect.stringContaining(kids[0]!.firstName) } });
    const [foreign] = await makeStudents(theirs.school, 1);
    expect((await move(foreign!.id, a.id)).statusCode).toBe(404);
    expect((await move(kids[0]!.id, (await makeClass(theirs.school)).id)).statusCode).toBe(404);
    expect((await move(kids[0]!.id, full.id, theirs.users[113].token)).statusCode).toBe(404);
    expect((await move(mine.users[114].id, full.id)).statusCode).toBe(404);
    expect(await placesOfSchool(mine.school.id)).toEqual(before);
  });

  it('takes a student out of its class of the session; another school or no class: 404', async () => {
    const cls = await makeClass(mine.school);
    const [kid] = await makeStudents(mine.school, 1);
    await assign(cls.id, [kid!.id]);
    const url = `/api/school/assignstudentclass/${kid!.id}?sessionId=${mine.school.sessionId}`;
    expect((await call('DELETE', url, theirs.users[113].token)).statusCode).toBe(404);
    expect(await placesOf(cls.id)).toHaveLength(1);
    const res = await call('DELETE', url, admin);
    expect(res.statusCode).toBe(200);
    expect(await placesOf(cls.id)).toEqual([]);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
  });
});

// ---- Roll numbers ------------------------------------------------------------------------------

describe('roll numbers (assignclass/rollno)', () => {
  async function classOf(n: number) {
    const cls = await makeClass(mine.school);
    const kids = await makeStudents(mine.school, n);
    await assign(cls.id, ids(kids));
    return { cls, kids };
  }

  it('numbers a class 1 … n by name or by admission date', async () => {
    const { cls, kids } = await classOf(5);
    const byName = await call('POST', '/api/school/assignclass/rollno', admin, { assignClassId: cls.id, order: 'name' });
    expect(byName.statusCode).toBe(200);
    const list = byName.json().result.studentList as Array<{ userId: string; rollNo: number; fullName: string }>;
    expect(list.map((s) => s.rollNo)).toEqual([1, 2, 3, 4, 5]);
    expect(list.map((s) => s.fullName)).toEqual([...list.map((s) => s.fullName)].sort());
    const byAdmission = await call('POST', '/api/school/assignclass/rollno', admin, { assignClassId: cls.id, order: 'admission' });
    // Admitted in the order made; named in reverse.
    expect((byAdmission.json().result.studentList as Array<{ userId: string }>).map((s) => s.userId)).toEqual(ids(kids));
    expect(byAdmission.json().result.students).toBe(5);
  });

  it('sets numbers by hand in one PUT, a swap of two numbers included', async () => {
    const { cls } = await classOf(3);
    const [a, b, c] = await placesOf(cls.id);
    const res = await call('PUT', '/api/school/assignclass/rollno', admin, {
      assignClassId: cls.id,
      rollNumbers: [
        { userId: a!.studentId, rollNo: b!.rollNo },
        { userId: b!.studentId, rollNo: a!.rollNo },
        { userId: c!.studentId, rollNo: 30 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = new Map((await placesOf(cls.id)).map((p) => [p.studentId, p.rollNo]));
    expect([after.get(a!.studentId), after.get(b!.studentId), after.get(c!.studentId)]).toEqual([b!.rollNo, a!.rollNo, 30]);
    expect(res.json().result.studentList.map((s: { rollNo: number }) => s.rollNo)).toEqual([1, 2, 30]);
  });

  it('refuses a number given twice or held by another student (409 roll_taken), a student not in the class (400), another school (404); nothing saved', async () => {
    const { cls } = await classOf(3);
    const [a, b] = await placesOf(cls.id);
    const before = await placesOf(cls.id);
    const put = (rollNumbers: Array<{ userId: string; rollNo: number }>, token = admin, assignClassId = cls.id) =>
      call('PUT', '/api/school/assignclass/rollno', token, { assignClassId, rollNumbers });
    const twice = await put([
      { userId: a!.studentId, rollNo: 7 },
      { userId: b!.studentId, rollNo: 7 },
    ]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ reason: 'roll_taken', params: { rollNo: 7 } });
    const held = await put([{ userId: a!.studentId, rollNo: 3 }]);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ reason: 'roll_taken', params: { rollNo: 3 } });
    const [outsider] = await makeStudents(mine.school, 1);
    const stranger = await put([
      { userId: a!.studentId, rollNo: 9 },
      { userId: outsider!.id, rollNo: 10 },
    ]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ reason: 'not_in_class', params: { name: expect.stringContaining(outsider!.firstName) } });
    const [foreign] = await makeStudents(theirs.school, 1);
    expect((await put([{ userId: foreign!.id, rollNo: 11 }])).statusCode).toBe(404);
    expect((await put([{ userId: a!.studentId, rollNo: 12 }], theirs.users[113].token)).statusCode).toBe(404);
    expect((await put([{ userId: a!.studentId, rollNo: 12 }], admin, (await makeClass(theirs.school)).id)).statusCode).toBe(404);
    const twiceListed = await put([
      { userId: a!.studentId, rollNo: 12 },
      { userId: a!.studentId, rollNo: 13 },
    ]);
    expect(twiceListed.statusCode).toBe(400);
    expect(await placesOf(cls.id)).toEqual(before);
    const auto = await call('POST', '/api/school/assignclass/rollno', theirs.users[113].token, { assignClassId: cls.id, order: 'name' });
    expect(auto.statusCode).toBe(404);
  });
});

// ---- Promotion ---------------------------------------------------------------------------------

describe('promotion (POST promote)', () => {
  async function yearEnd(n: number, over: { targetLimit?: number } = {}) {
    const from = await makeClass(mine.school, { masterClass: '6', section: `P${++serial}` });
    const nextSession = await makeSession(mine.school);
    const to = await makeClass(mine.school, { sessionId: nextSession.id, masterClass: '7', section: from.section, classLimit: over.targetLimit ?? 60 });
    const kids = await makeStudents(mine.school, n);
    await assign(from.id, ids(kids));
    return { from, to, kids, nextSession };
  }
  const promote = (body: object, token = admin) => call('POST', '/api/school/promote', token, body);

  it('promotes all but the held-back in one step, numbering the target by name; the source keeps its students', async () => {
    const { from, to, kids } = await yearEnd(6);
    const heldBackIds = [kids[1]!.id, kids[4]!.id];
    const res = await promote({ fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.dryRun).toBe(false);
    expect(result.target).toMatchObject({ assignClassId: to.id, students: 4, masterClass: '7' });
    expect(result.promoted.map((s: { rollNo: number }) => s.rollNo)).toEqual([1, 2, 3, 4]);
    expect(result.promoted.map((s: { fullName: string }) => s.fullName)).toEqual([...result.promoted.map((s: { fullName: string }) => s.fullName)].sort());
    expect(new Set(result.heldBack.map((s: { userId: string }) => s.userId))).toEqual(new Set(heldBackIds));
    expect(await placesOf(from.id)).toHaveLength(6);
    expect(new Set((await placesOf(to.id)).map((p) => p.studentId))).toEqual(new Set(ids(kids).filter((id) => !heldBackIds.includes(id))));
  });

  it('previews with dryRun: the same answer, nothing saved', async () => {
    const { from, to, kids } = await yearEnd(4);
    const body = { fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds: [kids[0]!.id] };
    const preview = await promote({ ...body, dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(await placesOf(to.id)).toEqual([]);
    const real = await promote(body);
    const { dryRun: _a, ...previewed } = preview.json().result;
    const { dryRun: _b, ...done } = real.json().result;
    expect(preview.json().result.dryRun).toBe(true);
    expect({ ...done, target: { ...done.target, createdAt: 'x' } }).toEqual({ ...previewed, target: { ...previewed.target, createdAt: 'x' } });
    expect(await placesOf(to.id)).toHaveLength(3);
  });

  it('is all or none: one student already in a class of the next session makes it 409 and saves nothing (preview too)', async () => {
    const { from, to, kids, nextSession } = await yearEnd(5);
    const elsewhere = await makeClass(mine.school, { sessionId: nextSession.id, masterClass: '7', section: `E${++serial}` });
    await assign(elsewhere.id, [kids[3]!.id]);
    const before = await placesOfSchool(mine.school.id);
    for (const dryRun of [true, false]) {
      const res = await promote({ fromAssignClassId: from.id, toAssignClassId: to.id, dryRun });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ reason: 'student_in_class', params: { className: '7', section: elsewhere.section } });
    }
    expect(await placesOfSchool(mine.school.id)).toEqual(before);
    // Held back, it goes through.
    expect((await promote({ fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds: [kids[3]!.id] })).statusCode).toBe(200);
  });

  it('holds the target class limit (409 class_full, nothing saved)', async () => {
    const { from, to, kids } = await yearEnd(4, { targetLimit: 3 });
    const res = await promote({ fromAssignClassId: from.id, toAssignClassId: to.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'class_full', params: { limit: 3, free: 3 } });
    expect(await placesOf(to.id)).toEqual([]);
    expect((await promote({ fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds: [kids[0]!.id] })).statusCode).toBe(200);
  });

  it('refuses a target not in a later session (400 session_order) and held-back ids not in the class (400 not_in_class)', async () => {
    const { from, to, kids } = await yearEnd(2);
    const same = await makeClass(mine.school, { masterClass: '7' });
    for (const [a, b] of [
      [from.id, same.id],
      [to.id, from.id],
      [from.id, from.id],
    ] as const) {
      const res = await promote({ fromAssignClassId: a, toAssignClassId: b });
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe('session_order');
    }
    const [outsider] = await makeStudents(mine.school, 1);
    const res = await promote({ fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds: [kids[0]!.id, outsider!.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'not_in_class', params: { name: expect.stringContaining(outsider!.firstName) } });
    expect(await placesOf(to.id)).toEqual([]);
  });

  it("answers 404 for another school's class or held-back student, and saves nothing", async () => {
    const { from, to } = await yearEnd(2);
    const theirClass = await makeClass(theirs.school, { sessionId: (await makeSession(theirs.school, 2090)).id });
    expect((await promote({ fromAssignClassId: from.id, toAssignClassId: theirClass.id })).statusCode).toBe(404);
    expect((await promote({ fromAssignClassId: from.id, toAssignClassId: to.id }, theirs.users[113].token)).statusCode).toBe(404);
    const [foreign] = await makeStudents(theirs.school, 1);
    expect((await promote({ fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds: [foreign!.id] })).statusCode).toBe(404);
    expect(await placesOf(to.id)).toEqual([]);
    expect(await placesOf(theirClass.id)).toEqual([]);
  });

  it('refuses to promote an inactive student who is not held back (400 not_a_student)', async () => {
    const { from, to, kids } = await yearEnd(3);
    await env.db.update(users).set({ status: false }).where(eq(users.id, kids[2]!.id));
    const res = await promote({ fromAssignClassId: from.id, toAssignClassId: to.id });
    expect(res.json().reason).toBe('not_a_student');
    expect(await placesOf(to.id)).toEqual([]);
    expect((await promote({ fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds: [kids[2]!.id] })).statusCode).toBe(200);
  });
});

// ---- A constant number of statements whatever the count ----------------------------------------

/**
 * Counts the statements each write transaction runs: every statement of a Drizzle handle is a
 * query its session prepares (prepareQuery) and then executes, and the transaction's handle is
 * made for that transaction.
 */
type Prepared = { execute: (...a: unknown[]) => unknown };
function countStatements(database: Database) {
  const original = database.transaction.bind(database);
  let n = 0;
  database.transaction = (scope, fn) =>
    original(scope, (tx: Tx) => {
      const session = (tx as unknown as { session: { prepareQuery: (...a: unknown[]) => Prepared } }).session;
      const prepare = session.prepareQuery.bind(session);
      session.prepareQuery = (...a: unknown[]) => {
        const query = prepare(...a);
        const execute = query.execute.bind(query);
        query.execute = (...b: unknown[]) => {
          n++;
          return execute(...b);
        };
        return query;
      };
      return fn(tx);
    });
  return {
    async count(work: () => Promise<unknown>) {
      n = 0;
      await work();
      return n;
    },
    restore: () => {
      database.transaction = original;
    },
  };
}

describe('a constant number of statements', () => {
  it('for 5 and for 60 students: assign, roll numbers, promotion', async () => {
    const counter = countStatements(env.database);
    try {
      const measure = async (n: number) => {
        const from = await makeClass(mine.school, { masterClass: '8' });
        const kids = await makeStudents(mine.school, n);
        const to = await makeClass(mine.school, { sessionId: (await makeSession(mine.school)).id, masterClass: '9' });
        const out: Record<string, number> = {};
        out.assign = await counter.count(async () => expect((await assign(from.id, ids(kids))).statusCode).toBe(200));
        out.auto = await counter.count(async () =>
          expect((await call('POST', '/api/school/assignclass/rollno', admin, { assignClassId: from.id, order: 'admission' })).statusCode).toBe(200),
        );
        const places = await placesOf(from.id);
        out.manual = await counter.count(async () =>
          expect(
            (
              await call('PUT', '/api/school/assignclass/rollno', admin, {
                assignClassId: from.id,
                rollNumbers: places.map((p, i) => ({ userId: p.studentId, rollNo: places.length - i })),
              })
            ).statusCode,
          ).toBe(200),
        );
        out.promote = await counter.count(async () =>
          expect((await call('POST', '/api/school/promote', admin, { fromAssignClassId: from.id, toAssignClassId: to.id, heldBackIds: [kids[0]!.id] })).statusCode).toBe(200),
        );
        return out;
      };
      const five = await measure(5);
      const sixty = await measure(60);
      expect(sixty).toEqual(five);
      // And small: a handful each.
      for (const n of Object.values(five)) expect(n).toBeLessThanOrEqual(8);
      console.info(`statements per request (5 and 60 students): ${JSON.stringify(five)}`);
    } finally {
      counter.restore();
    }
  });
});
