import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendanceMarks, classStudents, classes, examNotes, examSchemes, exams, users } from '../src/db/schema.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { countStatements } from './statements.js';

/** Co-scholastic grades, remarks and the term's attendance of a class for an exam (issue 11). */
let env: TestEnv;
type Signed = TestUser & { token: string };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface World {
  school: TestSchool;
  admin: Signed;
  principal: Signed;
  classTeacher: Signed;
  teacher: Signed;
  parent: Signed;
  classId: string;
  otherClassId: string;
  kids: string[];
  otherKid: string;
  examId: string;
}

async function signed(role: 112 | 113 | 114 | 115 | 116, school: TestSchool): Promise<Signed> {
  const u = await env.f.user(role, school);
  return { ...u, token: await env.f.token(u) };
}

let sections = 0;
async function makeClass(school: TestSchool, n: number, classTeacherId: string | null) {
  const [c] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId: school.sessionId, masterClass: '6', name: '6', section: `N${++sections}`, classLimit: 80, classTeacherId })
    .returning();
  const kids = await env.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ schoolId: school.id, roleId: 116, loginId: `${school.code}-N${sections}-${i}`, firstName: `Kid${i + 1}`, lastName: 'N', passwordHash: 'x' })))
    .returning({ id: users.id });
  await env.db.insert(classStudents).values(kids.map((k, i) => ({ schoolId: school.id, sessionId: school.sessionId, classId: c!.id, studentId: k.id, rollNo: i + 1 })));
  return { id: c!.id, kids: kids.map((k) => k.id) };
}

async function makeExam(school: TestSchool, over: Partial<typeof exams.$inferInsert> = {}) {
  const [e] = await env.db
    .insert(exams)
    .values({ schoolId: school.id, sessionId: school.sessionId, name: `HY ${randomUUID().slice(0, 6)}`, weight: 40, maxMarks: 80, termStart: '2026-04-01', termEnd: '2026-04-30', ...over })
    .returning();
  return e!.id;
}

async function world(): Promise<World> {
  const school = await env.f.school();
  const admin = await signed(112, school);
  const principal = await signed(113, school);
  const classTeacher = await signed(114, school);
  const teacher = await signed(114, school);
  const parent = await signed(115, school);
  const c = await makeClass(school, 3, classTeacher.id);
  const c2 = await makeClass(school, 1, teacher.id);
  const examId = await makeExam(school);
  return { school, admin, principal, classTeacher, teacher, parent, classId: c.id, otherClassId: c2.id, kids: c.kids, otherKid: c2.kids[0]!, examId };
}

const url = (examId: string, classId: string) => `/api/school/exam/${examId}/notes/${classId}`;
const get = (w: World, token: string, o: { examId?: string; classId?: string } = {}) =>
  env.app.inject({ method: 'GET', url: url(o.examId ?? w.examId, o.classId ?? w.classId), headers: auth(token) });
const put = (w: World, token: string | null, payload: unknown, o: { examId?: string; classId?: string } = {}) =>
  env.app.inject({ method: 'PUT', url: url(o.examId ?? w.examId, o.classId ?? w.classId), headers: token ? auth(token) : {}, payload: payload as object });
const notesOf = async (examId: string) =>
  (await env.db.select({ studentId: examNotes.studentId, co: examNotes.coGrades, remark: examNotes.remark }).from(examNotes).where(eq(examNotes.examId, examId))).sort((a, b) =>
    a.studentId.localeCompare(b.studentId),
  );

let w: World;
let other: World;
beforeAll(async () => {
  env = await setupApp();
  w = await world();
  other = await world();
});
afterAll(() => env?.close());

describe('exam notes: read', () => {
  it('answers each student with grades, remark and the term’s daywise attendance', async () => {
    const [a, b] = w.kids as [string, string];
    const day = (date: string, studentId: string, status: string, periodId: string | null = null) => ({
      schoolId: w.school.id,
      sessionId: w.school.sessionId,
      classId: w.classId,
      studentId,
      date,
      periodId,
      status,
    });
    await env.db.insert(attendanceMarks).values([
      day('2026-04-06', a, 'present'),
      day('2026-04-07', a, 'late'),
      day('2026-04-08', a, 'absent'),
      day('2026-04-09', a, 'leave'),
      day('2026-05-04', a, 'absent'), // after the term
      day('2026-04-06', b, 'absent'),
    ]);
    expect((await env.app.inject({ method: 'GET', url: url(w.examId, w.classId) })).statusCode).toBe(401);
    const res = await get(w, w.classTeacher.token);
    expect(res.statusCode, res.body).toBe(200);
    const notes = res.json().result;
    expect(notes.coAreas).toEqual(['work', 'art', 'health', 'discipline']);
    expect(notes.students.map((s: { rollNo: number }) => s.rollNo)).toEqual([1, 2, 3]);
    expect(notes.students[0].attendance).toEqual({ attended: 2, marked: 4, percent: 50 });
    expect(notes.students[1].attendance).toEqual({ attended: 0, marked: 1, percent: 0 });
    expect(notes.students[2].attendance).toEqual({ attended: 0, marked: 0, percent: null });
    expect(notes.students[0]).toMatchObject({ co: {}, remark: null });
    expect((await get(w, w.admin.token)).statusCode).toBe(200);
    expect((await get(w, w.principal.token)).statusCode).toBe(200);
  });

  it('refuses others: 403 another teacher or role, 404 another school’s class or exam, 400 bad ids', async () => {
    const res = await get(w, w.teacher.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('exam_not_class_teacher');
    expect((await get(w, w.parent.token)).statusCode).toBe(403);
    expect((await get(w, w.principal.token, { classId: other.classId })).statusCode).toBe(404);
    expect((await get(w, w.principal.token, { examId: other.examId })).statusCode).toBe(404);
    expect((await get(w, w.principal.token, { examId: 'x' })).statusCode).toBe(400);
  });
});

describe('exam notes: save', () => {
  it('saves grades and remarks in one request; a second save replaces them', async () => {
    const [a, b] = w.kids as [string, string];
    const res = await put(w, w.classTeacher.token, {
      notes: [
        { studentId: a, co: { work: 'A', art: 'B' }, remark: 'Works hard.' },
        { studentId: b, co: { discipline: 'C' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result.students;
    expect(rows[0]).toMatchObject({ co: { work: 'A', art: 'B' }, remark: 'Works hard.' });
    expect(rows[1]).toMatchObject({ co: { discipline: 'C' }, remark: null });
    const again = await put(w, w.principal.token, { notes: [{ studentId: a, co: { health: 'B' }, remark: '' }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.students[0]).toMatchObject({ co: { health: 'B' }, remark: null });
    expect((await notesOf(w.examId)).length).toBe(2);
  });

  it('refuses an area outside the scheme, bad grades, others, strangers and a locked exam: unchanged', async () => {
    const before = await notesOf(w.examId);
    const one = { notes: [{ studentId: w.kids[0], co: { work: 'B' }, remark: 'x' }] };
    expect((await put(w, null, one)).statusCode).toBe(401);
    expect((await put(w, w.classTeacher.token, { notes: [{ studentId: w.kids[0], co: { work: 'D' } }] })).statusCode).toBe(400);
    expect((await put(w, w.classTeacher.token, { notes: [{ studentId: w.kids[0], co: { music: 'A' } }] })).statusCode).toBe(400);
    expect((await put(w, w.classTeacher.token, { notes: [{ studentId: w.kids[0], remark: 'x'.repeat(501) }] })).statusCode).toBe(400);
    const t = await put(w, w.teacher.token, one);
    expect(t.statusCode).toBe(403);
    expect(t.json().reason).toBe('exam_not_class_teacher');
    expect((await put(w, w.admin.token, one)).statusCode).toBe(403);
    expect((await put(w, w.classTeacher.token, { notes: [{ studentId: w.otherKid, co: {} }] })).statusCode).toBe(404);
    expect((await put(w, w.principal.token, one, { examId: other.examId })).statusCode).toBe(404);
    expect((await put(w, w.principal.token, one, { classId: other.classId })).statusCode).toBe(404);

    // The scheme grades only work and art: health is refused on its field.
    await env.db.insert(examSchemes).values({ schoolId: w.school.id, sessionId: w.school.sessionId, passPercent: 33, grades: [], coAreas: ['work', 'art'] });
    const out = await put(w, w.classTeacher.token, { notes: [{ studentId: w.kids[0], co: { work: 'A' } }, { studentId: w.kids[1], co: { health: 'A' } }] });
    expect(out.statusCode).toBe(400);
    expect(out.json().field).toBe('notes.1.co.health');
    expect((await get(w, w.classTeacher.token)).json().result.coAreas).toEqual(['work', 'art']);

    const locked = await makeExam(w.school, { status: 'locked', lockedAt: new Date() });
    const l = await put(w, w.classTeacher.token, one, { examId: locked });
    expect(l.statusCode).toBe(409);
    expect(l.json().reason).toBe('exam_locked');
    expect(await notesOf(locked)).toEqual([]);
    expect(await notesOf(w.examId)).toEqual(before);
    await env.db.delete(examSchemes).where(eq(examSchemes.schoolId, w.school.id));
  });

  it('reads and saves a class of 60 in as many statements as a class of 3', async () => {
    const measure = async (n: number) => {
      const c = await makeClass(w.school, n, w.classTeacher.id);
      const read = await countStatements(env, w.school.id, async () => expect((await get(w, w.classTeacher.token, { classId: c.id })).statusCode).toBe(200));
      const body = { notes: c.kids.map((id) => ({ studentId: id, co: { work: 'A' }, remark: 'Good.' })) };
      const save = await countStatements(env, w.school.id, async () => {
        const res = await put(w, w.classTeacher.token, body, { classId: c.id });
        expect(res.statusCode, res.body).toBe(200);
      });
      return { read: read.statements, save: save.statements };
    };
    expect(await measure(60)).toEqual(await measure(3));
  });
});
