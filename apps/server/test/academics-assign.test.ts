import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { academicSessions, classStudents, classSubjects, classes, subjects } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { countStatements as countStatementsOf } from './statements.js';

/**
 * The subjects and teachers of a class, class details, the teachers' view and the students' and
 * parents' view (academics, assign slice). Rows the enrolment and structure routes would make
 * (subjects, classes, students in classes) are inserted directly.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let teacher2: TestUser;
let offTeacher: TestUser;
let child: TestUser;
let theirTeacher: TestUser;
let theirSubject: string;
let theirClass: string;
let mySubjects: string[];
let inactiveSubject: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const admin = () => mine.users[113].token;

async function addSubjects(school: TestSchool, names: string[], status = true): Promise<string[]> {
  const rows = await env.db
    .insert(subjects)
    .values(names.map((name) => ({ schoolId: school.id, name, status })))
    .returning({ id: subjects.id });
  return rows.map((r) => r.id);
}

let sections = 0;
async function addClass(school: TestSchool, masterClass = '5', sessionId = school.sessionId): Promise<string> {
  const section = String.fromCharCode(65 + (sections++ % 26)) + String(Math.floor(sections / 26) || '');
  const [row] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId, masterClass, name: masterClass, section, classLimit: 40 })
    .returning({ id: classes.id });
  return row!.id;
}

async function enrol(school: TestSchool, classId: string, students: Array<{ id: string; rollNo?: number | null }>, sessionId = school.sessionId) {
  await env.db
    .insert(classStudents)
    .values(students.map((s) => ({ schoolId: school.id, sessionId, classId, studentId: s.id, rollNo: s.rollNo ?? null })));
}

/** What a class has, straight from the tables: subjects with teachers, class teacher. */
async function stateOf(classId: string) {
  const subjectRows = await env.db
    .select({ subjectId: classSubjects.subjectId, teacherId: classSubjects.teacherId })
    .from(classSubjects)
    .where(eq(classSubjects.classId, classId))
    .orderBy(classSubjects.subjectId);
  const [c] = await env.db.select({ classTeacherId: classes.classTeacherId }).from(classes).where(eq(classes.id, classId));
  return { subjects: subjectRows, classTeacherId: c?.classTeacherId ?? null };
}

const countStatements = <T>(schoolId: string, work: () => Promise<T>) => countStatementsOf(env, schoolId, work);

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  teacher2 = await env.f.user(114, mine.school, { firstName: 'Second' });
  offTeacher = await env.f.user(114, mine.school, { firstName: 'Gone', status: false });
  child = await env.f.user(116, mine.school, { firstName: 'Child', parentUserId: mine.users[115].id });
  theirTeacher = theirs.users[114];
  theirSubject = (await addSubjects(theirs.school, ['Their Maths']))[0]!;
  theirClass = await addClass(theirs.school);
  mySubjects = await addSubjects(mine.school, Array.from({ length: 32 }, (_, i) => `Subject ${String(i + 1).padStart(2, '0')}`));
  inactiveSubject = (await addSubjects(mine.school, ['Old Latin'], false))[0]!;
});
afterAll(() => env?.close());

describe('assignclass: the subjects and class teacher of a class', () => {
  it('answers 401, 400 and 403 before anything else', async () => {
    const classId = await addClass(mine.school);
    const body = { assignClassId: classId, subjectIds: [mySubjects[0]] };
    expect((await call('POST', '/api/school/assignclass', undefined, body)).statusCode).toBe(401);
    for (const bad of [{}, { assignClassId: classId }, { assignClassId: 'x', subjectIds: [] }, { assignClassId: classId, subjectIds: ['nope'] }, { assignClassId: classId, subjectIds: Array.from({ length: 41 }, randomUUID) }]) {
      const res = await call('POST', '/api/school/assignclass', admin(), bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    for (const role of [111, 114, 115, 116] as const) {
      expect((await call('POST', '/api/school/assignclass', mine.users[role].token, body)).statusCode).toBe(403);
    }
    expect(await stateOf(classId)).toEqual({ subjects: [], classTeacherId: null });
  });

  it('sets the subjects and the class teacher; the status moves Pending → Incomplete → Complete', async () => {
    const classId = await addClass(mine.school);
    const status = async () => (await call('GET', `/api/school/getassignclass/${classId}`, admin())).json().result.status;
    expect(await status()).toBe('pending');

    const res = await call('POST', '/api/school/assignclass', mine.users[112].token, {
      assignClassId: classId,
      subjectIds: [mySubjects[0], mySubjects[1], mySubjects[0]],
      classTeacherId: mine.users[114].id,
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().result;
    expect(detail).toMatchObject({ assignClassId: classId, status: 'incomplete', subjects: 2, teachers: 1, students: 0, classTeacher: { userId: mine.users[114].id, fullName: mine.users[114].name } });
    expect(detail.subjectList.map((s: { name: string; teacher: unknown }) => [s.name, s.teacher])).toEqual([
      ['Subject 01', null],
      ['Subject 02', null],
    ]);

    // Teachers for both subjects: still no student, still incomplete.
    const teach = await call('POST', '/api/school/assignteachersubject', admin(), {
      assignClassId: classId,
      assignments: [
        { subjectId: mySubjects[0], teacherId: mine.users[114].id },
        { subjectId: mySubjects[1], teacherId: teacher2.id },
      ],
    });
    expect(teach.json().result).toMatchObject({ status: 'incomplete', teachers: 2 });
    await enrol(mine.school, classId, [{ id: (await env.f.user(116, mine.school)).id, rollNo: 1 }]);
    expect(await status()).toBe('complete');

    // A new subject without a teacher makes it incomplete again; removing it, complete.
    const more = await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[0], mySubjects[1], mySubjects[2]] });
    expect(more.json().result).toMatchObject({ status: 'incomplete', subjects: 3 });
    const back = await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[0], mySubjects[1]] });
    expect(back.json().result).toMatchObject({ status: 'complete', subjects: 2, classTeacher: { userId: mine.users[114].id } });
  });

  it('replaces the set: a subject left out goes with its teacher; null clears the class teacher, no key keeps it', async () => {
    const classId = await addClass(mine.school);
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: mySubjects.slice(0, 3), classTeacherId: teacher2.id });
    await call('POST', '/api/school/assignteachersubject', admin(), {
      assignClassId: classId,
      assignments: mySubjects.slice(0, 3).map((subjectId) => ({ subjectId, teacherId: mine.users[114].id })),
    });
    const kept = await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[2], mySubjects[3]] });
    expect(kept.statusCode).toBe(200);
    const state = await stateOf(classId);
    expect(state.classTeacherId).toBe(teacher2.id);
    expect(new Map(state.subjects.map((s) => [s.subjectId, s.teacherId]))).toEqual(
      new Map([
        [mySubjects[2], mine.users[114].id],
        [mySubjects[3], null],
      ]),
    );
    const cleared = await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [], classTeacherId: null });
    expect(cleared.json().result).toMatchObject({ classTeacher: null, subjects: 0, teachers: 0, status: 'pending', subjectList: [] });
  });

  it("answers 404 for another school's class, subject or teacher, and saves nothing", async () => {
    const classId = await addClass(mine.school);
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[0]], classTeacherId: mine.users[114].id });
    const before = await stateOf(classId);
    const theirsBefore = await stateOf(theirClass);
    const cases = [
      { assignClassId: theirClass, subjectIds: [theirSubject] },
      { assignClassId: theirClass, subjectIds: [mySubjects[0]] },
      { assignClassId: randomUUID(), subjectIds: [mySubjects[0]] },
      { assignClassId: classId, subjectIds: [mySubjects[1], theirSubject] },
      { assignClassId: classId, subjectIds: [mySubjects[1], randomUUID()] },
      { assignClassId: classId, subjectIds: [mySubjects[1]], classTeacherId: theirTeacher.id },
      { assignClassId: classId, subjectIds: [mySubjects[1]], classTeacherId: randomUUID() },
    ];
    for (const body of cases) {
      const res = await call('POST', '/api/school/assignclass', admin(), body);
      expect({ body, status: res.statusCode, error: res.json().error }).toEqual({ body, status: 404, error: 'NOT_FOUND' });
    }
    // The other school's admin cannot touch this class either.
    expect((await call('POST', '/api/school/assignclass', theirs.users[113].token, { assignClassId: classId, subjectIds: [] })).statusCode).toBe(404);
    expect(await stateOf(classId)).toEqual(before);
    expect(await stateOf(theirClass)).toEqual(theirsBefore);
  });

  it('refuses an inactive subject (409) and a user who is not an active teacher (400), saving nothing', async () => {
    const classId = await addClass(mine.school);
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[0]] });
    const before = await stateOf(classId);
    const inactive = await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[1], inactiveSubject] });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ error: 'CONFLICT', reason: 'subject_inactive', params: { name: 'Old Latin' }, field: 'subjectIds.1' });
    for (const who of [mine.users[116].id, mine.users[113].id, offTeacher.id]) {
      const res = await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[1]], classTeacherId: who });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', reason: 'not_a_teacher', field: 'classTeacherId' });
    }
    expect(await stateOf(classId)).toEqual(before);
  });

  it('keeps what is already assigned when it has since become inactive', async () => {
    const classId = await addClass(mine.school);
    const [laterOff] = await addSubjects(mine.school, ['Later Off']);
    const leaver = await env.f.user(114, mine.school, { firstName: 'Leaver' });
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [laterOff!], classTeacherId: leaver.id });
    await env.db.update(subjects).set({ status: false }).where(eq(subjects.id, laterOff!));
    await env.app.inject({ method: 'PATCH', url: `/api/school/teacher/${leaver.id}/status`, headers: { token: admin() }, payload: { status: false } });
    const again = await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [laterOff!, mySubjects[0]], classTeacherId: leaver.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ subjects: 2, classTeacher: { userId: leaver.id } });
  });
});

describe('assignteachersubject: the teacher of each subject, in one request', () => {
  it('answers 401, 400 and 403', async () => {
    const classId = await addClass(mine.school);
    const body = { assignClassId: classId, assignments: [{ subjectId: mySubjects[0], teacherId: null }] };
    expect((await call('POST', '/api/school/assignteachersubject', undefined, body)).statusCode).toBe(401);
    for (const bad of [
      {},
      { assignClassId: classId, assignments: [] },
      { assignClassId: classId, assignments: [{ subjectId: mySubjects[0] }] },
      { assignClassId: classId, assignments: [{ subjectId: 'x', teacherId: null }] },
      { assignClassId: classId, assignments: Array.from({ length: 41 }, () => ({ subjectId: randomUUID(), teacherId: null })) },
    ]) {
      expect((await call('POST', '/api/school/assignteachersubject', admin(), bad)).statusCode).toBe(400);
    }
    for (const role of [111, 114, 115, 116] as const) {
      expect((await call('POST', '/api/school/assignteachersubject', mine.users[role].token, body)).statusCode).toBe(403);
    }
    expect(await stateOf(classId)).toEqual({ subjects: [], classTeacherId: null });
  });

  it('sets, changes and clears teachers; adds a subject not yet in the class; a subject named twice keeps its last teacher', async () => {
    const classId = await addClass(mine.school);
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[0], mySubjects[1]] });
    const res = await call('POST', '/api/school/assignteachersubject', mine.users[112].token, {
      assignClassId: classId,
      assignments: [
        { subjectId: mySubjects[0], teacherId: mine.users[114].id },
        { subjectId: mySubjects[2], teacherId: teacher2.id },
        { subjectId: mySubjects[0], teacherId: teacher2.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Saved');
    const list = res.json().result.subjectList.map((s: { name: string; teacher: { userId: string } | null }) => [s.name, s.teacher?.userId ?? null]);
    expect(list).toEqual([
      ['Subject 01', teacher2.id],
      ['Subject 02', null],
      ['Subject 03', teacher2.id],
    ]);
    const cleared = await call('POST', '/api/school/assignteachersubject', admin(), { assignClassId: classId, assignments: [{ subjectId: mySubjects[0], teacherId: null }] });
    expect(cleared.json().result).toMatchObject({ subjects: 3, teachers: 1 });
    // The teacher list of the class says the same.
    const subjectsRes = await call('GET', `/api/school/getclassteachersubjects/${classId}`, admin());
    expect(subjectsRes.json().result.map((s: { teacher: { userId: string } | null }) => s.teacher?.userId ?? null)).toEqual([null, null, teacher2.id]);
  });

  it("answers 404 for another school's class, subject or teacher (one among many), saving nothing", async () => {
    const classId = await addClass(mine.school);
    await call('POST', '/api/school/assignteachersubject', admin(), { assignClassId: classId, assignments: [{ subjectId: mySubjects[0], teacherId: mine.users[114].id }] });
    const before = await stateOf(classId);
    const theirsBefore = await stateOf(theirClass);
    const many = (last: { subjectId: string; teacherId: string | null }) => [
      ...mySubjects.slice(0, 20).map((subjectId) => ({ subjectId, teacherId: teacher2.id })),
      last,
    ];
    const cases = [
      { assignClassId: theirClass, assignments: [{ subjectId: theirSubject, teacherId: theirTeacher.id }] },
      { assignClassId: theirClass, assignments: [{ subjectId: mySubjects[0], teacherId: null }] },
      { assignClassId: classId, assignments: many({ subjectId: theirSubject, teacherId: null }) },
      { assignClassId: classId, assignments: many({ subjectId: mySubjects[25]!, teacherId: theirTeacher.id }) },
      { assignClassId: classId, assignments: many({ subjectId: mySubjects[25]!, teacherId: randomUUID() }) },
    ];
    for (const body of cases) {
      const res = await call('POST', '/api/school/assignteachersubject', admin(), body);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 404, error: 'NOT_FOUND' });
    }
    expect(await stateOf(classId)).toEqual(before);
    expect(await stateOf(theirClass)).toEqual(theirsBefore);
  });

  it('refuses a new inactive subject (409) and a user who is not an active teacher (400), naming the row', async () => {
    const classId = await addClass(mine.school);
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[0]] });
    const before = await stateOf(classId);
    const inactive = await call('POST', '/api/school/assignteachersubject', admin(), {
      assignClassId: classId,
      assignments: [
        { subjectId: mySubjects[0], teacherId: mine.users[114].id },
        { subjectId: inactiveSubject, teacherId: null },
      ],
    });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ reason: 'subject_inactive', params: { name: 'Old Latin' }, field: 'assignments.1.subjectId' });
    for (const who of [mine.users[115].id, mine.users[112].id, offTeacher.id]) {
      const res = await call('POST', '/api/school/assignteachersubject', admin(), {
        assignClassId: classId,
        assignments: [
          { subjectId: mySubjects[1], teacherId: teacher2.id },
          { subjectId: mySubjects[0], teacherId: who },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', reason: 'not_a_teacher', field: 'assignments.1.teacherId' });
    }
    expect(await stateOf(classId)).toEqual(before);
  });

  it('saves a 30-subject table in one request, with as many statements as a 3-subject table', async () => {
    const small = await addClass(mine.school);
    const big = await addClass(mine.school);
    const table = (n: number, flip = 0) => mySubjects.slice(0, n).map((subjectId, i) => ({ subjectId, teacherId: (i + flip) % 2 ? teacher2.id : mine.users[114].id }));
    const save = (assignClassId: string, n: number, flip = 0) =>
      countStatements(mine.school.id, () => call('POST', '/api/school/assignteachersubject', admin(), { assignClassId, assignments: table(n, flip) }));
    const three = await save(small, 3);
    const thirty = await save(big, 30);
    expect(three.result.statusCode).toBe(200);
    expect(thirty.result.statusCode).toBe(200);
    expect(thirty.result.json().result).toMatchObject({ subjects: 30, teachers: 2 });
    expect((await stateOf(big)).subjects.filter((s) => s.teacherId)).toHaveLength(30);
    expect(three.statements).toBeGreaterThan(0);
    expect(thirty.statements).toBe(three.statements);
    // Changing every teacher (updates, not inserts) costs the same.
    const again = await save(big, 30, 1);
    expect(again.result.json().result.subjectList[0].teacher.userId).toBe(teacher2.id);
    expect(again.statements).toBe(three.statements);
  });
});

describe('getassignclass and getclassteachersubjects: class details', () => {
  let classId: string;
  let untaught: string;
  beforeAll(async () => {
    classId = await addClass(mine.school, '7');
    untaught = await addClass(mine.school, '8');
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[0], mySubjects[1]], classTeacherId: teacher2.id });
    await call('POST', '/api/school/assignteachersubject', admin(), { assignClassId: classId, assignments: [{ subjectId: mySubjects[1], teacherId: mine.users[114].id }] });
    const kids = [];
    for (const name of ['Zoya', 'Arjun', 'Meera']) kids.push(await env.f.user(116, mine.school, { firstName: name }));
    await enrol(mine.school, classId, [
      { id: kids[0]!.id, rollNo: 2 },
      { id: kids[1]!.id, rollNo: null },
      { id: kids[2]!.id, rollNo: 1 },
    ]);
  });

  it('shows admins the class: subjects with teachers, class teacher, students by roll number', async () => {
    const res = await call('GET', `/api/school/getassignclass/${classId}`, mine.users[112].token);
    expect(res.statusCode).toBe(200);
    const d = res.json().result;
    expect(d).toMatchObject({ masterClass: '7', students: 3, subjects: 2, teachers: 2, status: 'incomplete', classTeacher: { userId: teacher2.id }, sessionYear: '2026-27' });
    expect(d.studentList.map((s: { fullName: string; rollNo: number | null }) => [s.fullName, s.rollNo])).toEqual([
      ['Meera Test', 1],
      ['Zoya Test', 2],
      ['Arjun Test', null],
    ]);
  });

  it('shows a teacher the classes it teaches or is class teacher of, and 404 for the others', async () => {
    expect((await call('GET', `/api/school/getassignclass/${classId}`, mine.users[114].token)).statusCode).toBe(200);
    expect((await call('GET', `/api/school/getassignclass/${classId}`, await env.f.token(teacher2))).statusCode).toBe(200);
    expect((await call('GET', `/api/school/getclassteachersubjects/${classId}`, mine.users[114].token)).json().result).toHaveLength(2);
    for (const url of [`/api/school/getassignclass/${untaught}`, `/api/school/getclassteachersubjects/${untaught}`]) {
      const res = await call('GET', url, mine.users[114].token);
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers 401, 400, 403 and 404 for another school', async () => {
    for (const base of ['/api/school/getassignclass', '/api/school/getclassteachersubjects']) {
      expect((await call('GET', `${base}/${classId}`)).statusCode).toBe(401);
      expect((await call('GET', `${base}/not-a-uuid`, admin())).statusCode).toBe(400);
      for (const role of [111, 115, 116] as const) expect((await call('GET', `${base}/${classId}`, mine.users[role].token)).statusCode).toBe(403);
      expect((await call('GET', `${base}/${theirClass}`, admin())).statusCode).toBe(404);
      expect((await call('GET', `${base}/${classId}`, theirs.users[113].token)).statusCode).toBe(404);
      expect((await call('GET', `${base}/${classId}`, theirs.users[114].token)).statusCode).toBe(404);
      expect((await call('GET', `${base}/${randomUUID()}`, admin())).statusCode).toBe(404);
    }
  });

  it('reads a class of 60 students in as many statements as a class of 3', async () => {
    const crowded = await addClass(mine.school, '9');
    const kids: Array<{ id: string; rollNo: number }> = [];
    for (let i = 0; i < 60; i++) kids.push({ id: (await env.f.user(116, mine.school, { firstName: `Kid${i}` })).id, rollNo: i + 1 });
    await enrol(mine.school, crowded, kids);
    const read = (id: string) => countStatements(mine.school.id, () => call('GET', `/api/school/getassignclass/${id}`, admin()));
    const few = await read(classId);
    const many = await read(crowded);
    expect(many.result.json().result.studentList).toHaveLength(60);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
  });
});

describe('assignclassteachersubject: a teacher’s classes in a session', () => {
  let ct: string;
  let taught: string;
  beforeAll(async () => {
    ct = await addClass(mine.school, '3');
    taught = await addClass(mine.school, '2');
    await addClass(mine.school, '4'); // not its class
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: ct, subjectIds: [mySubjects[4]], classTeacherId: offTeacher.id });
  });

  it('shows a teacher its own classes with its subjects, class teacher badge and number of students', async () => {
    const t = await env.f.user(114, mine.school, { firstName: 'Fresh' });
    const token = await env.f.token(t);
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: ct, subjectIds: [mySubjects[4]], classTeacherId: t.id });
    await call('POST', '/api/school/assignteachersubject', admin(), {
      assignClassId: taught,
      assignments: [
        { subjectId: mySubjects[6], teacherId: t.id },
        { subjectId: mySubjects[5], teacherId: t.id },
        { subjectId: mySubjects[7], teacherId: teacher2.id },
      ],
    });
    await enrol(mine.school, taught, [{ id: (await env.f.user(116, mine.school)).id }, { id: (await env.f.user(116, mine.school)).id }]);
    const res = await call('GET', `/api/school/assignclassteachersubject?sessionId=${mine.school.sessionId}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      { assignClassId: taught, masterClass: '2', className: '2', section: expect.any(String), isClassTeacher: false, students: 2, subjects: [
        { subjectId: mySubjects[5], name: 'Subject 06', masterCode: null },
        { subjectId: mySubjects[6], name: 'Subject 07', masterCode: null },
      ] },
      { assignClassId: ct, masterClass: '3', className: '3', section: expect.any(String), isClassTeacher: true, students: 0, subjects: [] },
    ]);
    // Its own id is fine; another teacher's answers 404.
    expect((await call('GET', `/api/school/assignclassteachersubject?sessionId=${mine.school.sessionId}&teacherId=${t.id}`, token)).statusCode).toBe(200);
    expect((await call('GET', `/api/school/assignclassteachersubject?sessionId=${mine.school.sessionId}&teacherId=${teacher2.id}`, token)).statusCode).toBe(404);
    // Admins name the teacher.
    const seen = await call('GET', `/api/school/assignclassteachersubject?sessionId=${mine.school.sessionId}&teacherId=${t.id}`, mine.users[112].token);
    expect(seen.json().result).toEqual(res.json().result);
  });

  it('is empty for a teacher with no class, and for another session of the school', async () => {
    const t = await env.f.user(114, mine.school, { firstName: 'Idle' });
    const [next] = await env.db
      .insert(academicSessions)
      .values({ schoolId: mine.school.id, label: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31' })
      .returning({ id: academicSessions.id });
    expect((await call('GET', `/api/school/assignclassteachersubject?sessionId=${mine.school.sessionId}`, await env.f.token(t))).json().result).toEqual([]);
    expect((await call('GET', `/api/school/assignclassteachersubject?sessionId=${next!.id}&teacherId=${teacher2.id}`, admin())).json().result).toEqual([]);
  });

  it('answers 401, 400, 403 and 404 (another school’s teacher or session, a non-teacher)', async () => {
    const q = `sessionId=${mine.school.sessionId}&teacherId=${teacher2.id}`;
    expect((await call('GET', `/api/school/assignclassteachersubject?${q}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/school/assignclassteachersubject`, admin())).statusCode).toBe(400);
    expect((await call('GET', `/api/school/assignclassteachersubject?sessionId=x`, admin())).statusCode).toBe(400);
    const noTeacher = await call('GET', `/api/school/assignclassteachersubject?sessionId=${mine.school.sessionId}`, admin());
    expect(noTeacher.statusCode).toBe(400);
    expect(noTeacher.json().field).toBe('teacherId');
    for (const role of [111, 115, 116] as const) expect((await call('GET', `/api/school/assignclassteachersubject?${q}`, mine.users[role].token)).statusCode).toBe(403);
    for (const query of [
      `sessionId=${mine.school.sessionId}&teacherId=${theirTeacher.id}`,
      `sessionId=${mine.school.sessionId}&teacherId=${mine.users[116].id}`,
      `sessionId=${theirs.school.sessionId}&teacherId=${teacher2.id}`,
      `sessionId=${randomUUID()}&teacherId=${teacher2.id}`,
    ]) {
      expect((await call('GET', `/api/school/assignclassteachersubject?${query}`, admin())).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/school/assignclassteachersubject?sessionId=${theirs.school.sessionId}`, mine.users[114].token)).statusCode).toBe(404);
    expect((await call('GET', `/api/school/assignclassteachersubject?sessionId=${mine.school.sessionId}`, theirs.users[114].token)).statusCode).toBe(404);
  });
});

describe('studentclass: a student’s class, for itself, its parent and admins', () => {
  let classId: string;
  beforeAll(async () => {
    classId = await addClass(mine.school, '6');
    await call('POST', '/api/school/assignclass', admin(), { assignClassId: classId, subjectIds: [mySubjects[8], mySubjects[9]], classTeacherId: teacher2.id });
    await call('POST', '/api/school/assignteachersubject', admin(), { assignClassId: classId, assignments: [{ subjectId: mySubjects[8], teacherId: mine.users[114].id }] });
    await enrol(mine.school, classId, [{ id: child.id, rollNo: 7 }]);
  });
  const url = (userId: string, sessionId = mine.school.sessionId) => `/api/school/studentclass/${userId}?sessionId=${sessionId}`;

  it('shows the class, roll number, class teacher and subjects with teachers to the student, its parent and admins', async () => {
    const childToken = await env.f.token(child);
    for (const token of [childToken, mine.users[115].token, mine.users[113].token, mine.users[112].token]) {
      const res = await call('GET', url(child.id), token);
      expect(res.statusCode).toBe(200);
      const v = res.json().result;
      expect(v).toMatchObject({
        student: { userId: child.id, fullName: 'Child Test', loginId: child.loginId },
        sessionId: mine.school.sessionId,
        rollNo: 7,
        class: { assignClassId: classId, masterClass: '6', classTeacher: { userId: teacher2.id }, students: 1 },
      });
      expect(v.subjects.map((s: { name: string; teacher: { fullName: string } | null }) => [s.name, s.teacher?.fullName ?? null])).toEqual([
        ['Subject 09', mine.users[114].name],
        ['Subject 10', null],
      ]);
    }
  });

  it('answers class null for a student not yet in a class', async () => {
    const res = await call('GET', url(mine.users[116].id), mine.users[116].token);
    expect(res.json().result).toMatchObject({ class: null, rollNo: null, subjects: [], student: { userId: mine.users[116].id } });
  });

  it("answers 404 for another family's child, another student, another school's student or session", async () => {
    const childToken = await env.f.token(child);
    const cases: Array<[string, string]> = [
      [mine.users[115].token, url(mine.users[116].id)], // not its child
      [childToken, url(mine.users[116].id)], // another student
      [mine.users[116].token, url(child.id)],
      [admin(), url(theirs.users[116].id)], // another school's student
      [theirs.users[115].token, url(child.id)],
      [admin(), url(mine.users[114].id)], // not a student
      [admin(), url(randomUUID())],
      [admin(), url(child.id, theirs.school.sessionId)], // another school's session
      [childToken, url(child.id, randomUUID())],
    ];
    for (const [token, u] of cases) expect({ u, status: (await call('GET', u, token)).statusCode }).toEqual({ u, status: 404 });
  });

  it('answers 401, 400 and 403', async () => {
    expect((await call('GET', url(child.id))).statusCode).toBe(401);
    expect((await call('GET', `/api/school/studentclass/${child.id}`, admin())).statusCode).toBe(400);
    expect((await call('GET', `/api/school/studentclass/x?sessionId=${mine.school.sessionId}`, admin())).statusCode).toBe(400);
    for (const role of [111, 114] as const) expect((await call('GET', url(child.id), mine.users[role].token)).statusCode).toBe(403);
  });
});

it('leaves the other school untouched by every refused request', async () => {
  const rows = await env.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(classSubjects)
    .where(and(eq(classSubjects.schoolId, theirs.school.id), inArray(classSubjects.classId, [theirClass])));
  expect(rows[0]!.n).toBe(0);
});
