import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { academicSessions, classStudents, classSubjects, classes, examMarks, examSubjectMax, exams, subjects, users } from '../src/db/schema.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * Marks entry: the class's sheet in one subject of an exam, read and saved whole (issue 11). Exams
 * are inserted directly (their routes are another part).
 */
let env: TestEnv;
type Signed = TestUser & { token: string };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface World {
  school: TestSchool;
  admin: Signed;
  principal: Signed;
  teacher: Signed;
  otherTeacher: Signed;
  parent: Signed;
  student: Signed;
  classId: string;
  otherClassId: string;
  subjectId: string;
  bigSubjectId: string;
  kids: string[];
  otherKid: string;
  examId: string;
  oldExamId: string;
}

async function signed(role: 112 | 113 | 114 | 115 | 116, school: TestSchool, over: { parentUserId?: string } = {}): Promise<Signed> {
  const u = await env.f.user(role, school, over);
  return { ...u, token: await env.f.token(u) };
}

let sections = 0;
/** A class of n students (bulk inserted), its rolls 1..n. */
async function makeClass(school: TestSchool, n: number, sessionId = school.sessionId) {
  const [c] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId, masterClass: '5', name: '5', section: `S${++sections}`, classLimit: 80 })
    .returning();
  const kids = await env.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        schoolId: school.id,
        roleId: 116,
        loginId: `${school.code}-M${sections}-${i}`,
        firstName: `Kid${String(i + 1).padStart(2, '0')}`,
        lastName: `C${sections}`,
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: users.id });
  await env.db.insert(classStudents).values(kids.map((k, i) => ({ schoolId: school.id, sessionId, classId: c!.id, studentId: k.id, rollNo: i + 1 })));
  return { id: c!.id, kids: kids.map((k) => k.id) };
}

async function makeExam(school: TestSchool, over: Partial<typeof exams.$inferInsert> = {}) {
  const [e] = await env.db
    .insert(exams)
    .values({ schoolId: school.id, sessionId: school.sessionId, name: `PT ${randomUUID().slice(0, 6)}`, weight: 10, maxMarks: 20, termStart: '2026-04-01', termEnd: '2026-07-31', ...over })
    .returning();
  return e!.id;
}

async function world(): Promise<World> {
  const school = await env.f.school();
  const admin = await signed(112, school);
  const principal = await signed(113, school);
  const teacher = await signed(114, school);
  const otherTeacher = await signed(114, school);
  const parent = await signed(115, school);
  const student = await signed(116, school, { parentUserId: parent.id });
  const c = await makeClass(school, 3);
  const c2 = await makeClass(school, 1);
  await env.db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId: c.id, studentId: student.id, rollNo: 4 });
  const [s1, s2] = await env.db
    .insert(subjects)
    .values([
      { schoolId: school.id, name: `Maths ${randomUUID().slice(0, 4)}` },
      { schoolId: school.id, name: `Science ${randomUUID().slice(0, 4)}` },
    ])
    .returning();
  await env.db.insert(classSubjects).values([
    { schoolId: school.id, classId: c.id, subjectId: s1!.id, teacherId: teacher.id },
    { schoolId: school.id, classId: c.id, subjectId: s2!.id, teacherId: otherTeacher.id },
    { schoolId: school.id, classId: c2.id, subjectId: s1!.id, teacherId: otherTeacher.id },
  ]);
  const examId = await makeExam(school);
  await env.db.insert(examSubjectMax).values({ schoolId: school.id, examId, subjectId: s2!.id, maxMarks: 50 });
  const [old] = await env.db
    .insert(academicSessions)
    .values({ schoolId: school.id, label: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31', isCurrent: false })
    .returning();
  const oldExamId = await makeExam(school, { sessionId: old!.id, termStart: '2025-04-01', termEnd: '2025-07-31' });
  return {
    school,
    admin,
    principal,
    teacher,
    otherTeacher,
    parent,
    student,
    classId: c.id,
    otherClassId: c2.id,
    subjectId: s1!.id,
    bigSubjectId: s2!.id,
    kids: [...c.kids, student.id],
    otherKid: c2.kids[0]!,
    examId,
    oldExamId,
  };
}

const url = (examId: string, classId: string, subjectId: string) => `/api/school/exam/${examId}/marks/${classId}/${subjectId}`;
const get = (w: World, token: string, o: { examId?: string; classId?: string; subjectId?: string } = {}) =>
  env.app.inject({ method: 'GET', url: url(o.examId ?? w.examId, o.classId ?? w.classId, o.subjectId ?? w.subjectId), headers: auth(token) });
const put = (w: World, token: string | null, payload: unknown, o: { examId?: string; classId?: string; subjectId?: string } = {}) =>
  env.app.inject({ method: 'PUT', url: url(o.examId ?? w.examId, o.classId ?? w.classId, o.subjectId ?? w.subjectId), headers: token ? auth(token) : {}, payload: payload as object });

const marked = (marks: number) => ({ status: 'marked' as const, marks });
const marksOf = async (examId: string, subjectId?: string) =>
  (
    await env.db
      .select({ studentId: examMarks.studentId, status: examMarks.status, marks: examMarks.marks, subjectId: examMarks.subjectId })
      .from(examMarks)
      .where(and(eq(examMarks.examId, examId), subjectId ? eq(examMarks.subjectId, subjectId) : undefined))
  ).sort((a, b) => a.studentId.localeCompare(b.studentId));

let w: World;
let other: World;
beforeAll(async () => {
  env = await setupApp();
  w = await world();
  other = await world();
});
afterAll(() => env?.close());

describe('exam marks: read the sheet', () => {
  it('answers the class by roll number with the subject maximum (401 without a session)', async () => {
    expect((await env.app.inject({ method: 'GET', url: url(w.examId, w.classId, w.subjectId) })).statusCode).toBe(401);
    const res = await get(w, w.teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json().result;
    expect(sheet.maxMarks).toBe(20);
    expect(sheet.status).toBe('draft');
    expect(sheet.students.map((s: { rollNo: number }) => s.rollNo)).toEqual([1, 2, 3, 4]);
    expect(sheet.students.every((s: { mark: unknown }) => s.mark === null)).toBe(true);
    const big = await get(w, w.otherTeacher.token, { subjectId: w.bigSubjectId });
    expect(big.json().result.maxMarks).toBe(50);
    // Admins and the principal read any subject.
    expect((await get(w, w.admin.token, { subjectId: w.bigSubjectId })).statusCode).toBe(200);
    expect((await get(w, w.principal.token)).statusCode).toBe(200);
  });

  it('refuses others: 403 wrong role or subject, 404 another school, subject not in class, exam of another session', async () => {
    expect((await get(w, w.parent.token)).statusCode).toBe(403);
    expect((await get(w, w.student.token)).statusCode).toBe(403);
    const notMine = await get(w, w.teacher.token, { subjectId: w.bigSubjectId });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().reason).toBe('not_teaching');
    expect((await get(w, w.teacher.token, { classId: w.otherClassId })).statusCode).toBe(403);
    expect((await get(w, w.principal.token, { classId: other.classId, subjectId: other.subjectId, examId: other.examId })).statusCode).toBe(404);
    expect((await get(w, w.principal.token, { examId: other.examId })).statusCode).toBe(404);
    const notTaught = await get(w, w.principal.token, { classId: w.otherClassId, subjectId: w.bigSubjectId });
    expect(notTaught.statusCode).toBe(404);
    expect(notTaught.json().reason).toBe('exam_subject_not_in_class');
    expect((await get(w, w.principal.token, { examId: w.oldExamId })).statusCode).toBe(404);
    expect((await get(w, w.principal.token, { examId: 'not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('exam marks: save the sheet', () => {
  it('saves marked, absent and exempt in one request; null clears; the max itself, 0 and 17.5 are fine', async () => {
    const [a, b, c, d] = w.kids as [string, string, string, string];
    const res = await put(w, w.teacher.token, {
      marks: [
        { studentId: a, mark: marked(20) },
        { studentId: b, mark: marked(0) },
        { studentId: c, mark: marked(17.5) },
        { studentId: d, mark: { status: 'absent' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result.students;
    expect(rows.map((r: { mark: unknown }) => r.mark)).toEqual([marked(20), marked(0), marked(17.5), { status: 'absent' }]);
    const [row] = await env.db.select().from(examMarks).where(and(eq(examMarks.examId, w.examId), eq(examMarks.studentId, a)));
    expect(row!.updatedBy).toBe(w.teacher.id);

    const again = await put(w, w.principal.token, { marks: [{ studentId: a, mark: null }, { studentId: b, mark: { status: 'exempt' } }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.students.map((r: { mark: unknown }) => r.mark)).toEqual([null, { status: 'exempt' }, marked(17.5), { status: 'absent' }]);
    expect((await marksOf(w.examId, w.subjectId)).length).toBe(3);
  });

  it('refuses a mark above the maximum on its field, and saves nothing', async () => {
    const before = await marksOf(w.examId);
    const res = await put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(5) }, { studentId: w.kids[1], mark: marked(20.5) }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'mark_above_max', params: { max: 20 }, field: 'marks.1.mark.marks' });
    expect(await marksOf(w.examId)).toEqual(before);
    // Above 20 is fine where the subject's maximum is 50.
    const big = await put(w, w.otherTeacher.token, { marks: [{ studentId: w.kids[0], mark: marked(45) }] }, { subjectId: w.bigSubjectId });
    expect(big.statusCode, big.body).toBe(200);
  });

  it('refuses bad input (400), other roles (403), other teachers (403), strangers (404): nothing saved', async () => {
    const before = await marksOf(w.examId);
    const one = { marks: [{ studentId: w.kids[0], mark: marked(3) }] };
    expect((await put(w, null, one)).statusCode).toBe(401);
    expect((await put(w, w.teacher.token, { marks: [] })).statusCode).toBe(400);
    expect((await put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(3.25) }] })).statusCode).toBe(400);
    expect((await put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(-1) }] })).statusCode).toBe(400);
    expect((await put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: { status: 'late' } }] })).statusCode).toBe(400);
    expect((await put(w, w.teacher.token, { marks: [one.marks[0], one.marks[0]] })).statusCode).toBe(400);
    expect((await put(w, w.admin.token, one)).statusCode).toBe(403);
    expect((await put(w, w.parent.token, one)).statusCode).toBe(403);
    const notMine = await put(w, w.teacher.token, one, { subjectId: w.bigSubjectId });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().reason).toBe('not_teaching');
    // A student of another class (or school) among the marks: 404, the others not saved either.
    const stranger = await put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(3) }, { studentId: w.otherKid, mark: marked(3) }] });
    expect(stranger.statusCode).toBe(404);
    expect((await put(w, w.teacher.token, { marks: [{ studentId: other.kids[0], mark: marked(3) }] })).statusCode).toBe(404);
    expect((await put(w, w.principal.token, one, { examId: other.examId })).statusCode).toBe(404);
    expect((await put(w, w.principal.token, one, { examId: w.oldExamId })).statusCode).toBe(404);
    expect((await put(other, w.principal.token, { marks: [{ studentId: other.kids[0], mark: marked(3) }] })).statusCode).toBe(404);
    expect(await marksOf(w.examId)).toEqual(before);
    expect(await marksOf(other.examId)).toEqual([]);
  });

  it('refuses a locked or published exam (409 exam_locked), unchanged', async () => {
    for (const status of ['locked', 'published'] as const) {
      const examId = await makeExam(w.school, { status, lockedAt: new Date(), publishedAt: status === 'published' ? new Date() : null });
      const res = await put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(3) }] }, { examId });
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toBe('exam_locked');
      expect(await marksOf(examId)).toEqual([]);
      const sheet = await get(w, w.teacher.token, { examId });
      expect(sheet.json().result.status).toBe(status);
    }
  });
});

describe('exam marks: statements', () => {
  it('reads and saves a class of 60 in as many statements as a class of 3', async () => {
    const measure = async (size: number) => {
      const c = await makeClass(w.school, size);
      await env.db.insert(classSubjects).values({ schoolId: w.school.id, classId: c.id, subjectId: w.subjectId, teacherId: w.teacher.id });
      const o = { classId: c.id };
      const read = await countStatements(env, w.school.id, async () => expect((await get(w, w.teacher.token, o)).statusCode).toBe(200));
      const body = { marks: c.kids.map((id, i) => ({ studentId: id, mark: i === 0 ? null : i % 5 === 0 ? { status: 'absent' } : marked(i % 20) })) };
      const save = await countStatements(env, w.school.id, async () => {
        const res = await put(w, w.teacher.token, body, o);
        expect(res.statusCode, res.body).toBe(200);
      });
      return { read: read.statements, save: save.statements };
    };
    const small = await measure(3);
    const large = await measure(60);
    expect(large).toEqual(small);
    expect(small.save).toBeLessThanOrEqual(12);
  });
});

describe('exam marks: concurrency', () => {
  it('two saves at once both land, the later one wins per student', async () => {
    const [a, b, c] = w.kids as [string, string, string];
    const examId = await makeExam(w.school);
    const [r1, r2] = await Promise.all([
      put(w, w.teacher.token, { marks: [{ studentId: a, mark: marked(1) }, { studentId: b, mark: marked(1) }] }, { examId }),
      put(w, w.principal.token, { marks: [{ studentId: b, mark: marked(2) }, { studentId: c, mark: marked(2) }] }, { examId }),
    ]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.statusCode, r2.body).toBe(200);
    const rows = await marksOf(examId);
    expect(rows.length).toBe(3);
    expect(rows.find((r) => r.studentId === a)!.marks).toBe(1);
    expect(rows.find((r) => r.studentId === c)!.marks).toBe(2);
    expect([1, 2]).toContain(rows.find((r) => r.studentId === b)!.marks);
  });

  it('a save racing a lock either lands before it or is refused after it', async () => {
    const examId = await makeExam(w.school);
    const lock = env.database.transaction(w.school.id, async (tx) => {
      // What the lock route does: update the exam row (the saves hold it FOR SHARE).
      await tx.update(exams).set({ status: 'locked', lockedAt: new Date() }).where(eq(exams.id, examId));
    });
    const save = put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(4) }] }, { examId });
    const [, res] = await Promise.all([lock, save]);
    const rows = await marksOf(examId);
    if (res.statusCode === 200) expect(rows.length).toBe(1);
    else {
      expect(res.statusCode).toBe(409);
      expect(rows).toEqual([]);
    }
    // A save that starts while a lock is under way waits for it, then reads the lock: refused.
    const held = await makeExam(w.school);
    let waiting: ReturnType<typeof put> | undefined;
    await env.database.transaction(w.school.id, async (tx) => {
      await tx.update(exams).set({ status: 'locked', lockedAt: new Date() }).where(eq(exams.id, held));
      waiting = put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(6) }] }, { examId: held });
      await new Promise((r) => setTimeout(r, 100));
    });
    const refused = await waiting!;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await marksOf(held)).toEqual([]);
    // After the lock, always refused.
    const late = await put(w, w.teacher.token, { marks: [{ studentId: w.kids[0], mark: marked(5) }] }, { examId });
    expect(late.statusCode).toBe(409);
    expect((await marksOf(examId)).every((r) => r.marks !== 5)).toBe(true);
  });
});
