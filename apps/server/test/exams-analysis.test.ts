import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, classStudents, classSubjects, classes, examMarks, examSubjectMax, exams, subjects } from '../src/db/schema.js';
import { countStatements } from './statements.js';
import { publishAll } from './exams-scheme-fixture.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * Exams analysis (issue 11): an exam in a class subject by subject, and a student's progress across
 * its session's exams. Marks are written straight into the database (the marks routes are another
 * part's); the figures are checked on a small class whose answers are worked out by hand.
 */

let env: TestEnv;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Signed = TestUser & { token: string };

async function signed(role: 111 | 112 | 113 | 114 | 115 | 116, school: TestSchool | null, over: { parentUserId?: string; firstName?: string } = {}): Promise<Signed> {
  const u = await env.f.user(role, school, over);
  return { ...u, token: await env.f.token(u) };
}

interface World {
  school: TestSchool;
  admin: Signed;
  principal: Signed;
  teacher: Signed;
  otherTeacher: Signed;
  parent: Signed;
  otherParent: Signed;
  students: Signed[];
  otherStudent: Signed;
  classId: string;
  otherClassId: string;
  maths: string;
  science: string;
  pt1: string;
  hy: string;
  oldExam: string;
  oldSessionId: string;
}

/**
 * A school with class 5 A (five students; the teacher teaches Maths there, Science has no teacher)
 * and class 6 A (one student, otherTeacher its class teacher); two exams of the current session
 * (Periodic Test 1 published, 20 marks, Science 40; Half-Yearly a draft of 80) and one of last
 * session.
 */
async function world(): Promise<World> {
  const school = await env.f.school();
  const admin = await signed(112, school);
  const principal = await signed(113, school);
  const teacher = await signed(114, school);
  const otherTeacher = await signed(114, school);
  const parent = await signed(115, school);
  const otherParent = await signed(115, school);
  const students: Signed[] = [];
  for (const [i, name] of ['Asha', 'Bala', 'Chandu', 'Divya', 'Esha'].entries()) {
    students.push(await signed(116, school, { firstName: name, parentUserId: i === 0 ? parent.id : undefined }));
  }
  const otherStudent = await signed(116, school, { firstName: 'Farid', parentUserId: otherParent.id });
  const [old] = await env.db
    .insert(academicSessions)
    .values({ schoolId: school.id, label: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31' })
    .returning();
  const [c1, c2] = await env.db
    .insert(classes)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A' },
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '6', name: '6', section: 'A', classTeacherId: otherTeacher.id },
    ])
    .returning();
  const tag = randomUUID().slice(0, 4);
  const [m, s] = await env.db
    .insert(subjects)
    .values([
      { schoolId: school.id, name: `Maths ${tag}` },
      { schoolId: school.id, name: `Science ${tag}` },
    ])
    .returning();
  await env.db.insert(classSubjects).values([
    { schoolId: school.id, classId: c1!.id, subjectId: m!.id, teacherId: teacher.id },
    { schoolId: school.id, classId: c1!.id, subjectId: s!.id, teacherId: null },
    { schoolId: school.id, classId: c2!.id, subjectId: m!.id, teacherId: null },
  ]);
  await env.db.insert(classStudents).values([
    ...students.map((st, i) => ({ schoolId: school.id, sessionId: school.sessionId, classId: c1!.id, studentId: st.id, rollNo: i + 1 })),
    { schoolId: school.id, sessionId: school.sessionId, classId: c2!.id, studentId: otherStudent.id, rollNo: 1 },
  ]);
  const [pt1, hy, oldExam] = await env.db
    .insert(exams)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, name: 'Periodic Test 1', weight: 10, maxMarks: 20, termStart: '2026-04-01', termEnd: '2026-06-30', status: 'published', lockedAt: new Date(), publishedAt: new Date() },
      { schoolId: school.id, sessionId: school.sessionId, name: 'Half-Yearly', weight: 40, maxMarks: 80, termStart: '2026-07-01', termEnd: '2026-09-30' },
      { schoolId: school.id, sessionId: old!.id, name: 'Annual', weight: 40, maxMarks: 80, termStart: '2026-01-01', termEnd: '2026-03-31' },
    ])
    .returning();
  await env.db.insert(examSubjectMax).values({ schoolId: school.id, examId: pt1!.id, subjectId: s!.id, maxMarks: 40 });
  await publishAll(env, school.id, school.sessionId, pt1!.id);
  return {
    school,
    admin,
    principal,
    teacher,
    otherTeacher,
    parent,
    otherParent,
    students,
    otherStudent,
    classId: c1!.id,
    otherClassId: c2!.id,
    maths: m!.id,
    science: s!.id,
    pt1: pt1!.id,
    hy: hy!.id,
    oldExam: oldExam!.id,
    oldSessionId: old!.id,
  };
}

type Mark = { status: 'marked'; marks: number } | { status: 'absent' } | { status: 'exempt' };
async function mark(w: World, examId: string, subjectId: string, student: { id: string }, value: Mark, classId = w.classId) {
  await env.db.insert(examMarks).values({
    schoolId: w.school.id,
    sessionId: w.school.sessionId,
    examId,
    classId,
    subjectId,
    studentId: student.id,
    status: value.status,
    marks: value.status === 'marked' ? value.marks : null,
  });
}

/**
 * PT1 Maths (20): Asha 18 (90%, A2), Bala 20 (100%, A1), Chandu absent (0, E), Divya 6 (30%, E),
 * Esha exempt. PT1 Science (40): Asha 30 (75%, B1). Half-Yearly Maths (80): Asha 40 (50%, C2).
 */
async function marks(w: World) {
  const [asha, bala, chandu, divya, esha] = w.students as [Signed, Signed, Signed, Signed, Signed];
  await mark(w, w.pt1, w.maths, asha, { status: 'marked', marks: 18 });
  await mark(w, w.pt1, w.maths, bala, { status: 'marked', marks: 20 });
  await mark(w, w.pt1, w.maths, chandu, { status: 'absent' });
  await mark(w, w.pt1, w.maths, divya, { status: 'marked', marks: 6 });
  await mark(w, w.pt1, w.maths, esha, { status: 'exempt' });
  await mark(w, w.pt1, w.science, asha, { status: 'marked', marks: 30 });
  await mark(w, w.hy, w.maths, asha, { status: 'marked', marks: 40 });
}

let w: World;
let other: World;
let owner: Signed;
beforeAll(async () => {
  env = await setupApp();
  w = await world();
  other = await world();
  owner = await signed(111, null);
  await marks(w);
  await marks(other);
});
afterAll(() => env?.close());

const analysisUrl = (examId: string, classId: string) => `/api/school/exam/analysis/${examId}/${classId}`;
const getAnalysis = (token: string | null, examId: string, classId: string) =>
  env.app.inject({ method: 'GET', url: analysisUrl(examId, classId), headers: token ? auth(token) : {} });
const progressUrl = (studentId: string, sessionId?: string) => `/api/school/exam/progress/${studentId}${sessionId ? `?sessionId=${sessionId}` : ''}`;
const getProgress = (token: string | null, studentId: string, sessionId?: string) =>
  env.app.inject({ method: 'GET', url: progressUrl(studentId, sessionId), headers: token ? auth(token) : {} });

describe('GET /api/school/exam/analysis/:examId/:assignClassId', () => {
  it('answers per subject: counted, average, highest, lowest, distribution and the students below the pass mark', async () => {
    const res = await getAnalysis(w.principal.token, w.pt1, w.classId);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().result;
    expect(a).toMatchObject({ examId: w.pt1, examName: 'Periodic Test 1', assignClassId: w.classId, className: '5', section: 'A', passPercent: 33, students: 5 });
    expect(a.subjects.map((s: { subjectId: string }) => s.subjectId)).toEqual([w.maths, w.science]);
    const [maths, science] = a.subjects;
    // 18, 20, 0 (absent), 6; Esha exempt and left out.
    expect(maths).toMatchObject({ maxMarks: 20, counted: 4, average: 11, highest: 20, lowest: 0, averagePercent: 55 });
    expect(maths.distribution).toEqual([
      { grade: 'A1', count: 1 },
      { grade: 'A2', count: 1 },
      { grade: 'B1', count: 0 },
      { grade: 'B2', count: 0 },
      { grade: 'C1', count: 0 },
      { grade: 'C2', count: 0 },
      { grade: 'D', count: 0 },
      { grade: 'E', count: 2 },
    ]);
    expect(maths.below).toEqual([
      { studentId: w.students[2]!.id, fullName: 'Chandu Test', rollNo: 3, percent: 0 },
      { studentId: w.students[3]!.id, fullName: 'Divya Test', rollNo: 4, percent: 30 },
    ]);
    // Science is out of 40 in this exam; only Asha has a mark.
    expect(science).toMatchObject({ maxMarks: 40, counted: 1, average: 30, highest: 30, lowest: 30, averagePercent: 75, below: [] });
    expect(science.distribution.find((d: { grade: string }) => d.grade === 'B1').count).toBe(1);
    expect(science.distribution.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(1);
  });

  it('answers nulls and zero counts for an exam without marks, every band still listed', async () => {
    const res = await getAnalysis(w.admin.token, w.hy, w.otherClassId);
    expect(res.statusCode, res.body).toBe(200);
    const [maths] = res.json().result.subjects;
    expect(maths).toMatchObject({ counted: 0, average: null, highest: null, lowest: null, averagePercent: null, below: [] });
    expect(maths.distribution).toHaveLength(8);
    expect(maths.distribution.every((d: { count: number }) => d.count === 0)).toBe(true);
  });

  it('uses the session’s saved scale and pass mark', async () => {
    const mine = await world();
    await marks(mine);
    const { examSchemes } = await import('../src/db/schema.js');
    await env.db.insert(examSchemes).values({
      schoolId: mine.school.id,
      sessionId: mine.school.sessionId,
      passPercent: 50,
      showRank: false,
      grades: [
        { grade: 'P', min: 50 },
        { grade: 'F', min: 0 },
      ],
      coAreas: [],
    });
    const res = await getAnalysis(mine.principal.token, mine.pt1, mine.classId);
    expect(res.statusCode, res.body).toBe(200);
    const [maths] = res.json().result.subjects;
    expect(maths.distribution).toEqual([
      { grade: 'P', count: 2 },
      { grade: 'F', count: 2 },
    ]);
    expect(res.json().result.passPercent).toBe(50);
    expect(maths.below.map((b: { percent: number }) => b.percent)).toEqual([0, 30]);
  });

  it('lets the class’s teachers see it, and no other teacher (404)', async () => {
    expect((await getAnalysis(w.teacher.token, w.pt1, w.classId)).statusCode).toBe(200);
    // The class teacher of 6 A teaches no subject there and still sees it.
    expect((await getAnalysis(w.otherTeacher.token, w.pt1, w.otherClassId)).statusCode).toBe(200);
    const res = await getAnalysis(w.otherTeacher.token, w.pt1, w.classId);
    expect(res.statusCode).toBe(404);
    expect((await getAnalysis(w.teacher.token, w.pt1, w.otherClassId)).statusCode).toBe(404);
  });

  it('answers 401 without a session, 400 for a bad id, 403 for students, parents and the owner', async () => {
    expect((await getAnalysis(null, w.pt1, w.classId)).statusCode).toBe(401);
    const bad = await getAnalysis(w.principal.token, 'nope', w.classId);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_ERROR', issues: [{ path: 'params.examId' }] });
    for (const u of [w.parent, w.students[0]!, owner]) expect((await getAnalysis(u.token, w.pt1, w.classId)).statusCode).toBe(403);
  });

  it('answers 404 for another school’s exam or class, and for an exam of another session', async () => {
    expect((await getAnalysis(w.principal.token, other.pt1, w.classId)).statusCode).toBe(404);
    expect((await getAnalysis(w.principal.token, w.pt1, other.classId)).statusCode).toBe(404);
    expect((await getAnalysis(w.principal.token, w.oldExam, w.classId)).statusCode).toBe(404);
    expect((await getAnalysis(w.principal.token, randomUUID(), w.classId)).statusCode).toBe(404);
  });

  it('costs the same statements for a class of one and a class of five', async () => {
    const read = (classId: string) => countStatements(env, w.school.id, () => getAnalysis(w.principal.token, w.pt1, classId));
    const one = await read(w.otherClassId);
    const five = await read(w.classId);
    expect(one.result.statusCode).toBe(200);
    expect(five.result.statusCode).toBe(200);
    expect(one.statements).toBeGreaterThan(0);
    expect(five.statements).toBe(one.statements);
  });
});

describe('GET /api/school/exam/progress/:studentId', () => {
  it('answers staff every exam of the session: the exam’s percentage across subjects and each subject’s', async () => {
    const res = await getProgress(w.principal.token, w.students[0]!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      studentId: w.students[0]!.id,
      fullName: 'Asha Test',
      exams: [
        // (18 + 30) / (20 + 40) = 80% (B1); 40 / 80 = 50% (C2).
        { examId: w.pt1, name: 'Periodic Test 1', percent: 80, grade: 'B1' },
        { examId: w.hy, name: 'Half-Yearly', percent: 50, grade: 'C2' },
      ],
      subjects: [
        { subjectId: w.maths, name: expect.stringMatching(/^Maths/), masterCode: null, percents: [90, 50] },
        { subjectId: w.science, name: expect.stringMatching(/^Science/), masterCode: null, percents: [75, null] },
      ],
    });
  });

  it('answers a parent and the student itself the published exams only', async () => {
    for (const u of [w.parent, w.students[0]!]) {
      const res = await getProgress(u.token, w.students[0]!.id);
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().result;
      expect(p.exams).toEqual([{ examId: w.pt1, name: 'Periodic Test 1', percent: 80, grade: 'B1' }]);
      expect(p.subjects.map((s: { percents: unknown[] }) => s.percents)).toEqual([[90], [75]]);
    }
  });

  it('answers null where a student has no marks (exempt, absent counts 0)', async () => {
    const esha = await getProgress(w.principal.token, w.students[4]!.id);
    expect(esha.json().result.exams.map((e: { percent: number | null }) => e.percent)).toEqual([null, null]);
    const chandu = await getProgress(w.principal.token, w.students[2]!.id);
    expect(chandu.json().result.exams[0]).toMatchObject({ percent: 0, grade: 'E' });
    expect(chandu.json().result.subjects[0].percents).toEqual([0, null]);
  });

  it('answers 404 to a parent for another child, to a student for a classmate, to a teacher of another class', async () => {
    expect((await getProgress(w.parent.token, w.students[1]!.id)).statusCode).toBe(404);
    expect((await getProgress(w.otherParent.token, w.students[0]!.id)).statusCode).toBe(404);
    expect((await getProgress(w.otherParent.token, w.otherStudent.id)).statusCode).toBe(200);
    expect((await getProgress(w.students[0]!.token, w.students[1]!.id)).statusCode).toBe(404);
    expect((await getProgress(w.otherTeacher.token, w.students[0]!.id)).statusCode).toBe(404);
    expect((await getProgress(w.otherTeacher.token, w.otherStudent.id)).statusCode).toBe(200);
    expect((await getProgress(w.teacher.token, w.students[0]!.id)).statusCode).toBe(200);
  });

  it('takes ?sessionId: 404 for a session the student has no class in, or another school’s', async () => {
    expect((await getProgress(w.principal.token, w.students[0]!.id, w.school.sessionId)).statusCode).toBe(200);
    expect((await getProgress(w.principal.token, w.students[0]!.id, w.oldSessionId)).statusCode).toBe(404);
    expect((await getProgress(w.principal.token, w.students[0]!.id, other.school.sessionId)).statusCode).toBe(404);
  });

  it('answers 401 without a session, 400 for bad ids, 403 for the platform owner, 404 for another school’s student', async () => {
    expect((await getProgress(null, w.students[0]!.id)).statusCode).toBe(401);
    expect((await getProgress(w.principal.token, 'nope')).statusCode).toBe(400);
    expect((await getProgress(w.principal.token, w.students[0]!.id, 'nope')).statusCode).toBe(400);
    expect((await getProgress(owner.token, w.students[0]!.id)).statusCode).toBe(403);
    expect((await getProgress(w.principal.token, other.students[0]!.id)).statusCode).toBe(404);
    expect((await getProgress(w.principal.token, randomUUID())).statusCode).toBe(404);
  });

  it('costs the same statements whatever the class’s size', async () => {
    const read = (studentId: string) => countStatements(env, w.school.id, () => getProgress(w.principal.token, studentId));
    const alone = await read(w.otherStudent.id);
    const inFive = await read(w.students[0]!.id);
    expect(alone.result.statusCode).toBe(200);
    expect(inFive.statements).toBe(alone.statements);
  });
});
