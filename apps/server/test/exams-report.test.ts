import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishAll } from './exams-scheme-fixture.js';
import { and, count, eq } from 'drizzle-orm';
import {
  attendanceMarks,
  classStudents,
  classSubjects,
  classes,
  examMarks,
  examNotes,
  examSchemes,
  exams,
  notifications,
  reportCardBatches,
  subjects,
  users,
} from '../src/db/schema.js';
import { runReportBatches } from '../src/modules/exams/report-batch.js';
import { CBSE_GRADES, formatDateFor } from '@shala/contract';
import { localDate } from '../src/modules/calendar/days.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { pdfContent } from './pdf-text.js';
import { countStatements } from './statements.js';

let env: TestEnv;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Signed = TestUser & { token: string };

interface World {
  school: TestSchool;
  admin: Signed;
  principal: Signed;
  teacher: Signed;
  stranger: Signed;
  parent: Signed;
  otherParent: Signed;
  student: Signed;
  classmate: Signed;
  otherStudent: Signed;
  classId: string;
  otherClassId: string;
  maths: string;
  art: string;
  published: string;
  draft: string;
}

async function signed(role: 112 | 113 | 114 | 115 | 116, school: TestSchool, over: { parentUserId?: string; firstName?: string } = {}): Promise<Signed> {
  const u = await env.f.user(role, school, over);
  return { ...u, token: await env.f.token(u) };
}

/**
 * A school with a class of two students (the teacher teaches Maths there), another class, a
 * scheme showing ranks, a published exam and a draft one with marks, notes and attendance.
 */
async function world(opts: { publish?: boolean } = {}): Promise<World> {
  const school = await env.f.school();
  const admin = await signed(112, school);
  const principal = await signed(113, school);
  const teacher = await signed(114, school);
  const stranger = await signed(114, school);
  const parent = await signed(115, school, { firstName: 'Sunita' });
  const otherParent = await signed(115, school);
  const student = await signed(116, school, { parentUserId: parent.id, firstName: 'Aarav' });
  const classmate = await signed(116, school, { firstName: 'Bela' });
  const otherStudent = await signed(116, school, { parentUserId: otherParent.id });
  await env.db.update(users).set({ dateOfBirth: '2015-06-12' }).where(eq(users.id, student.id));
  const [c1, c2] = await env.db
    .insert(classes)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A', classTeacherId: teacher.id },
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '6', name: '6', section: 'A', classTeacherId: stranger.id },
    ])
    .returning();
  const [s1, s2] = await env.db
    .insert(subjects)
    .values([
      { schoolId: school.id, name: 'Mathematics' },
      { schoolId: school.id, name: 'Art and Craft' },
    ])
    .returning();
  await env.db.insert(classSubjects).values([
    { schoolId: school.id, classId: c1!.id, subjectId: s1!.id, teacherId: teacher.id },
    { schoolId: school.id, classId: c1!.id, subjectId: s2!.id, teacherId: null },
    { schoolId: school.id, classId: c2!.id, subjectId: s1!.id, teacherId: stranger.id },
  ]);
  await env.db.insert(classStudents).values([
    { schoolId: school.id, sessionId: school.sessionId, classId: c1!.id, studentId: student.id, rollNo: 1 },
    { schoolId: school.id, sessionId: school.sessionId, classId: c1!.id, studentId: classmate.id, rollNo: 2 },
    { schoolId: school.id, sessionId: school.sessionId, classId: c2!.id, studentId: otherStudent.id, rollNo: 1 },
  ]);
  await env.db
    .insert(examSchemes)
    .values({ schoolId: school.id, sessionId: school.sessionId, passPercent: 33, showRank: true, grades: CBSE_GRADES, coAreas: ['work', 'art', 'health', 'discipline'] });
  const now = new Date();
  const publish = opts.publish ?? true;
  const [e1, e2] = await env.db
    .insert(exams)
    .values([
      {
        schoolId: school.id,
        sessionId: school.sessionId,
        name: 'Periodic Test 1',
        weight: 50,
        maxMarks: 50,
        termStart: '2026-04-01',
        termEnd: '2026-07-31',
        status: publish ? 'published' : 'locked',
        lockedAt: now,
        publishedAt: publish ? now : null,
      },
      { schoolId: school.id, sessionId: school.sessionId, name: 'Half-Yearly', weight: 50, maxMarks: 100, termStart: '2026-08-01', termEnd: '2026-10-31' },
    ])
    .returning();
  if (publish) await publishAll(env, school.id, school.sessionId, e1!.id);
  const mark = (examId: string, studentId: string, subjectId: string, m: number | 'absent') => ({
    schoolId: school.id,
    sessionId: school.sessionId,
    examId,
    classId: c1!.id,
    subjectId,
    studentId,
    status: m === 'absent' ? 'absent' : 'marked',
    marks: m === 'absent' ? null : m,
  });
  await env.db.insert(examMarks).values([
    mark(e1!.id, student.id, s1!.id, 45),
    mark(e1!.id, student.id, s2!.id, 40),
    mark(e1!.id, classmate.id, s1!.id, 10),
    mark(e1!.id, classmate.id, s2!.id, 'absent'),
    mark(e2!.id, student.id, s1!.id, 90),
    mark(e2!.id, classmate.id, s1!.id, 95),
  ]);
  await env.db.insert(examNotes).values({
    schoolId: school.id,
    sessionId: school.sessionId,
    examId: e1!.id,
    classId: c1!.id,
    studentId: student.id,
    coGrades: { work: 'A', discipline: 'B' },
    remark: 'Curious and careful; keep reading every day.',
  });
  await env.db.insert(attendanceMarks).values(
    ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-06'].map((date, i) => ({
      schoolId: school.id,
      sessionId: school.sessionId,
      classId: c1!.id,
      studentId: student.id,
      date,
      status: i === 0 ? 'absent' : i === 1 ? 'late' : 'present',
    })),
  );
  return {
    school,
    admin,
    principal,
    teacher,
    stranger,
    parent,
    otherParent,
    student,
    classmate,
    otherStudent,
    classId: c1!.id,
    otherClassId: c2!.id,
    maths: s1!.id,
    art: s2!.id,
    published: e1!.id,
    draft: e2!.id,
  };
}

const get = (url: string, token?: string) => env.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const post = (url: string, token: string | undefined, payload: unknown = {}) => env.app.inject({ method: 'POST', url, headers: token ? auth(token) : {}, payload: payload as object });

let w: World;
let other: World;
beforeAll(async () => {
  env = await setupApp();
  w = await world();
  other = await world();
});
afterAll(() => env?.close());

describe('classResults', () => {
  const url = (id: string) => `/api/school/exam/results/${id}`;
  it('refuses without a session, a bad id, a wrong role, a class not taught and another school', async () => {
    expect((await get(url(w.classId))).statusCode).toBe(401);
    expect((await get(url('nope'), w.admin.token)).statusCode).toBe(400);
    expect((await get(url(w.classId), w.parent.token)).statusCode).toBe(403);
    expect((await get(url(w.classId), w.student.token)).statusCode).toBe(403);
    expect((await get(url(w.classId), w.stranger.token)).statusCode).toBe(404);
    expect((await get(url(other.classId), w.admin.token)).statusCode).toBe(404);
  });

  it('answers every exam to staff, with ranks as the scheme shows them', async () => {
    for (const token of [w.admin.token, w.principal.token, w.teacher.token]) {
      const res = await get(url(w.classId), token);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().result;
      expect(r.exams.map((e: { name: string }) => e.name)).toEqual(['Periodic Test 1', 'Half-Yearly']);
      expect(r.subjects.map((s: { name: string }) => s.name)).toEqual(['Art and Craft', 'Mathematics']);
      const [a, b] = r.students;
      expect(a).toMatchObject({ studentId: w.student.id, rollNo: 1, rank: 1, passed: true });
      // Maths: (90% + 90%) / 2 = 90; Art: 80 (one exam counted); overall 85.
      expect(a.percent).toBe(85);
      expect(a.grade).toBe('A2');
      // The classmate: Maths (20% + 95%) / 2 = 57.5; Art absent: 0, failed.
      expect(b).toMatchObject({ studentId: w.classmate.id, rank: 2, passed: false, failedSubjects: [w.art] });
    }
  });
});

describe('reportCard', () => {
  const url = (id: string, q = '') => `/api/school/exam/reportcard/${id}${q}`;
  it('refuses without a session, a bad id and whom the caller may not see (404)', async () => {
    expect((await get(url(w.student.id))).statusCode).toBe(401);
    expect((await get(url('x'), w.admin.token)).statusCode).toBe(400);
    expect((await get(url(w.student.id, '?sessionId=nope'), w.admin.token)).statusCode).toBe(400);
    expect((await get(url(w.otherStudent.id), w.parent.token)).statusCode).toBe(404);
    expect((await get(url(w.classmate.id), w.student.token)).statusCode).toBe(404);
    expect((await get(url(w.student.id), w.otherParent.token)).statusCode).toBe(404);
    expect((await get(url(w.student.id), w.stranger.token)).statusCode).toBe(404);
    expect((await get(url(other.student.id), w.admin.token)).statusCode).toBe(404);
    expect((await get(url(w.student.id, `?sessionId=${other.school.sessionId}`), w.admin.token)).statusCode).toBe(404);
  });

  it('shows staff every exam, with details, co-scholastic grades, the remark and attendance', async () => {
    const res = await get(url(w.student.id), w.teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().result;
    expect(c.school.name).toBe(w.school.name);
    expect(c.student).toMatchObject({
      fullName: 'Aarav Test',
      rollNo: 1,
      dateOfBirth: '2015-06-12',
      parentName: 'Sunita Test',
      className: '5',
      section: 'A',
      classTeacher: w.teacher.name,
    });
    expect(c.exams).toHaveLength(2);
    expect(c.result).toMatchObject({ percent: 85, grade: 'A2', rank: 1, passed: true });
    expect(c.classSize).toBe(2);
    expect(c.terms[0]).toEqual({
      examId: w.published,
      co: { work: 'A', discipline: 'B' },
      remark: 'Curious and careful; keep reading every day.',
      attendance: { attended: 3, marked: 4, percent: 75 },
    });
    expect(c.terms[1]).toMatchObject({ examId: w.draft, co: {}, remark: null, attendance: { attended: 0, marked: 0, percent: null } });
  });

  it('shows the student and its parent the published exams only', async () => {
    for (const token of [w.student.token, w.parent.token]) {
      const res = await get(url(w.student.id), token);
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json().result;
      expect(c.exams.map((e: { examId: string }) => e.examId)).toEqual([w.published]);
      // Published only: Maths 90, Art 80 → 85.
      expect(c.result.percent).toBe(85);
      expect(c.terms).toHaveLength(1);
    }
  });

  it('costs the same statements for a class of 3 and of 60', async () => {
    const cost = async (size: number) => {
      const s = await env.f.school();
      const admin = await signed(112, s);
      const [cls] = await env.db.insert(classes).values({ schoolId: s.id, sessionId: s.sessionId, masterClass: '7', name: '7', section: 'B' }).returning();
      const [subj] = await env.db.insert(subjects).values({ schoolId: s.id, name: 'Science' }).returning();
      await env.db.insert(classSubjects).values({ schoolId: s.id, classId: cls!.id, subjectId: subj!.id });
      const kids = await env.db
        .insert(users)
        .values(Array.from({ length: size }, (_, i) => ({ schoolId: s.id, loginId: `${s.code}-K${i}`, roleId: 116, firstName: `Kid${i}`, lastName: 'Test', passwordHash: 'x' })))
        .returning({ id: users.id });
      await env.db.insert(classStudents).values(kids.map((k, i) => ({ schoolId: s.id, sessionId: s.sessionId, classId: cls!.id, studentId: k.id, rollNo: i + 1 })));
      const [e] = await env.db
        .insert(exams)
        .values({ schoolId: s.id, sessionId: s.sessionId, name: 'Term 1', weight: 100, maxMarks: 100, termStart: '2026-04-01', termEnd: '2026-09-30' })
        .returning();
      await env.db.insert(examMarks).values(
        kids.map((k, i) => ({ schoolId: s.id, sessionId: s.sessionId, examId: e!.id, classId: cls!.id, subjectId: subj!.id, studentId: k.id, status: 'marked', marks: i % 100 })),
      );
      const { statements, result } = await countStatements(env, s.id, () => get(url(kids[0]!.id), admin.token));
      expect(result.statusCode, result.body).toBe(200);
      return { statements, schoolId: s.id, classId: cls!.id };
    };
    const small = await cost(3);
    const large = await cost(60);
    expect(large.statements).toBe(small.statements);

    // How long a class of 60 takes to render (noted, not asserted: see npm run bench).
    const storage = env.app.deps.storage;
    const { renderClassCards } = await import('../src/modules/exams/report-batch.js');
    const t0 = performance.now();
    const made = await renderClassCards(env.app.deps, storage, large.schoolId, large.classId, 'hi');
    console.info(`report cards: a class of 60 in ${Math.round(performance.now() - t0)} ms (${made.pdf.length} bytes)`);
    expect(made.cards).toBe(60);
  }, 60_000);
});

describe('reportCardPdf', () => {
  const url = (id: string, lang = 'en') => `/api/school/exam/reportcard/${id}/pdf?lang=${lang}`;
  it('refuses without a session, a bad language and whom the caller may not see', async () => {
    expect((await get(url(w.student.id))).statusCode).toBe(401);
    expect((await get(url(w.student.id, 'fr'), w.admin.token)).statusCode).toBe(400);
    expect((await get(url(w.student.id), w.otherParent.token)).statusCode).toBe(404);
    expect((await get(url(other.student.id), w.admin.token)).statusCode).toBe(404);
  });

  it('is a PDF with the student, subjects and grades, in English', async () => {
    const res = await get(url(w.student.id), w.parent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="report-card-[A-Za-z0-9._-]+-en\.pdf"; filename\*=UTF-8''/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = pdfContent(res.rawPayload);
    for (const s of ['Aarav Test', 'Mathematics', 'Art and Craft', 'A2', 'Report Card 2026-27', 'Passed', '1 of 2', 'Curious and careful', '3 / 4 (75%)', 'Sunita Test']) {
      expect(text).toContain(s);
    }
    // Published only: the draft exam is not on the parent's card.
    expect(text).not.toContain('Half-Yearly');
  });

  it('is in Hindi with Devanagari text and embedded fonts', async () => {
    const res = await get(url(w.student.id, 'hi'), w.teacher.token);
    expect(res.statusCode).toBe(200);
    const { text, fonts } = pdfContent(res.rawPayload);
    for (const s of ['Aarav Test', 'Mathematics', 'रिपोर्ट कार्ड', 'विषय', 'उत्तीर्ण', 'ग्रेड', 'A2', 'Half-Yearly']) expect(text).toContain(s);
    expect(fonts.some((f) => f.includes('NotoSansDevanagari'))).toBe(true);
    // The day it was made, in the one Hindi date format (short Hindi month name, as on the web).
    expect(text).toContain(`${formatDateFor('hi', localDate('Asia/Kolkata'))} को शाला द्वारा बनाया गया`);
  });

  it('says so when nothing is published yet (not an error)', async () => {
    const quiet = await world({ publish: false });
    const card = await get(`/api/school/exam/reportcard/${quiet.student.id}`, quiet.parent.token);
    expect(card.statusCode).toBe(200);
    expect(card.json().result.exams).toEqual([]);
    expect(card.json().result.result.percent).toBeNull();
    const res = await get(url(quiet.student.id), quiet.parent.token);
    expect(res.statusCode).toBe(200);
    expect(pdfContent(res.rawPayload).text).toContain('No results have been published yet.');
  });

  it('handles 12 subjects, 6 exams and long names', async () => {
    const s = await env.f.school();
    const admin = await signed(112, s);
    const kid = await signed(116, s, { firstName: 'Venkatanarasimharajuvaripeta Subramanyam Lakshminarayana' });
    const [cls] = await env.db.insert(classes).values({ schoolId: s.id, sessionId: s.sessionId, masterClass: '9', name: '9', section: 'C' }).returning();
    const subs = await env.db
      .insert(subjects)
      .values(Array.from({ length: 12 }, (_, i) => ({ schoolId: s.id, name: `Subject ${i + 1} ${i === 0 ? 'Environmental Studies and Social Science Practicals' : ''}`.trim() })))
      .returning();
    await env.db.insert(classSubjects).values(subs.map((x) => ({ schoolId: s.id, classId: cls!.id, subjectId: x.id })));
    await env.db.insert(classStudents).values({ schoolId: s.id, sessionId: s.sessionId, classId: cls!.id, studentId: kid.id, rollNo: 7 });
    const ex = await env.db
      .insert(exams)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          schoolId: s.id,
          sessionId: s.sessionId,
          name: `Examination number ${i + 1}`,
          weight: 10 + i,
          maxMarks: 80,
          termStart: `2026-0${4 + i}-01`,
          termEnd: `2026-0${4 + i}-28`,
        })),
      )
      .returning();
    await env.db.insert(examMarks).values(
      ex.flatMap((e, i) =>
        subs.map((x, j) => ({ schoolId: s.id, sessionId: s.sessionId, examId: e.id, classId: cls!.id, subjectId: x.id, studentId: kid.id, status: 'marked', marks: (i * 7 + j * 5) % 81 })),
      ),
    );
    const t0 = performance.now();
    const res = await get(url(kid.id, 'hi'), admin.token);
    console.info(`report card: 12 subjects × 6 exams in ${Math.round(performance.now() - t0)} ms`);
    expect(res.statusCode).toBe(200);
    const raw = res.rawPayload.toString('latin1');
    // One page.
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdfContent(res.rawPayload).text).toContain('Subject 12');
  });
});

describe('report card batches', () => {
  const createUrl = (id: string) => `/api/school/exam/reportcards/${id}`;
  const batchUrl = (id: string) => `/api/school/exam/reportcards/batch/${id}`;
  const batches = async (schoolId: string) => (await env.db.select({ n: count() }).from(reportCardBatches).where(eq(reportCardBatches.schoolId, schoolId)))[0]!.n;

  it('refuses without a session, bad input, a wrong role, a class not taught and another school; nothing is queued', async () => {
    const before = await batches(w.school.id);
    expect((await post(createUrl(w.classId), undefined, { lang: 'en' })).statusCode).toBe(401);
    expect((await post(createUrl(w.classId), w.admin.token, { lang: 'fr' })).statusCode).toBe(400);
    expect((await post(createUrl('x'), w.admin.token, { lang: 'en' })).statusCode).toBe(400);
    expect((await post(createUrl(w.classId), w.parent.token, { lang: 'en' })).statusCode).toBe(403);
    expect((await post(createUrl(w.classId), w.stranger.token, { lang: 'en' })).statusCode).toBe(404);
    expect((await post(createUrl(other.classId), w.admin.token, { lang: 'en' })).statusCode).toBe(404);
    expect(await batches(w.school.id)).toBe(before);
    expect((await get(batchUrl(randomUUID()))).statusCode).toBe(401);
    expect((await get(batchUrl('x'), w.admin.token)).statusCode).toBe(400);
    expect((await get(batchUrl(randomUUID()), w.student.token)).statusCode).toBe(403);
    expect((await get(batchUrl(randomUUID()), w.admin.token)).statusCode).toBe(404);
  });

  it('makes one PDF of the class, for its requester only, and tells it', async () => {
    const created = await post(createUrl(w.classId), w.teacher.token, { lang: 'hi' });
    expect(created.statusCode, created.body).toBe(200);
    const batch = created.json().result;
    expect(batch).toMatchObject({ assignClassId: w.classId, lang: 'hi', status: 'queued', cards: 2, finishedAt: null });
    // Not done yet: no file.
    expect((await get(`${batchUrl(batch.batchId)}/file`, w.teacher.token)).statusCode).toBe(404);

    const outcome = await runReportBatches(env.app.deps);
    expect(outcome.done).toBeGreaterThanOrEqual(1);
    expect(outcome.failed).toBe(0);
    // Nothing left: a second run takes nothing.
    expect(await runReportBatches(env.app.deps)).toEqual({ done: 0, failed: 0 });

    const status = await get(batchUrl(batch.batchId), w.teacher.token);
    expect(status.statusCode).toBe(200);
    expect(status.json().result).toMatchObject({ status: 'done', cards: 2 });
    expect(status.json().result.finishedAt).not.toBeNull();

    const file = await get(`${batchUrl(batch.batchId)}/file`, w.teacher.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="report-cards-/);
    const { text } = pdfContent(file.rawPayload);
    expect(text).toContain('Aarav Test');
    expect(text).toContain('Bela Test');
    expect(text).toContain('रिपोर्ट कार्ड');

    // Anyone else: 404 (another admin of the school, another school).
    for (const token of [w.principal.token, w.admin.token, other.admin.token]) {
      expect((await get(batchUrl(batch.batchId), token)).statusCode).toBe(404);
      expect((await get(`${batchUrl(batch.batchId)}/file`, token)).statusCode).toBe(404);
    }
    // Never through the school-wide uploads route.
    const [row] = await env.db.select({ fileName: reportCardBatches.fileName }).from(reportCardBatches).where(eq(reportCardBatches.id, batch.batchId));
    expect((await get(`/api/uploads/${row!.fileName}`, w.teacher.token)).statusCode).toBe(404);

    const [note] = await env.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.teacher.id), eq(notifications.kind, 'report_cards')));
    expect(note).toMatchObject({ link: `/examresults/${w.classId}`, message: '', params: { class: expect.any(String), classHi: expect.any(String) } });
    expect(note!.params.classHi).not.toBe('');
  });

  it('takes a batch left running by a stopped node again, and each batch once when two runs race', async () => {
    const a = (await post(createUrl(w.classId), w.admin.token, { lang: 'en' })).json().result;
    const b = (await post(createUrl(w.classId), w.admin.token, { lang: 'en' })).json().result;
    // a: left running by a node that stopped long ago.
    await env.db
      .update(reportCardBatches)
      .set({ status: 'running', startedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(reportCardBatches.id, a.batchId));
    const [r1, r2] = await Promise.all([runReportBatches(env.app.deps), runReportBatches(env.app.deps)]);
    expect(r1.done + r2.done).toBe(2);
    for (const id of [a.batchId, b.batchId]) expect((await get(batchUrl(id), w.admin.token)).json().result.status).toBe('done');
  });
});


