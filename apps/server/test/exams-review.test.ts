import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, classStudents, classSubjects, classes, examClassPublications, examMarkCorrections, examMarks, exams, notifications, subjects, users } from '../src/db/schema.js';
import { auth, exam, examWorld, mark, type ExamWorld } from './exams-scheme-fixture.js';
import { setupApp, type TestEnv } from './helpers.js';
import { countStatements } from './statements.js';

/** Review of an exam (issue 11, helper 1): lock, unlock, publish, completion, corrections. */
let env: TestEnv;
let w: ExamWorld;
let other: ExamWorld;
beforeAll(async () => {
  env = await setupApp();
  w = await examWorld(env);
  other = await examWorld(env);
});
afterAll(() => env?.close());

const post = (url: string, token: string | null, payload?: object) => env.app.inject({ method: 'POST', url, headers: token ? auth(token) : {}, ...(payload ? { payload } : {}) });
const statusOf = async (id: string) => (await env.db.select().from(exams).where(eq(exams.id, id)))[0]!;

describe('lock, unlock, publish', () => {
  it('each transition: 401, 400, 403 (not the principal), 404 (another school)', async () => {
    const id = await exam(env, w);
    for (const action of ['lock', 'unlock', 'publish']) {
      const url = `/api/school/exam/${id}/${action}`;
      expect((await post(url, null)).statusCode).toBe(401);
      expect((await post(`/api/school/exam/nope/${action}`, w.principal.token)).statusCode).toBe(400);
      expect((await post(url, w.admin.token)).statusCode).toBe(403);
      expect((await post(url, w.teacher.token)).statusCode).toBe(403);
      expect((await post(url, other.principal.token)).statusCode).toBe(404);
    }
    expect((await statusOf(id)).status).toBe('draft');
  });

  it('locks, unlocks, publishes; a published exam stays published', async () => {
    const id = await exam(env, w);
    const base = `/api/school/exam/${id}`;
    const locked = await post(`${base}/lock`, w.principal.token);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().result).toMatchObject({ status: 'locked', publishedAt: null });
    expect(locked.json().result.lockedAt).not.toBeNull();
    expect((await statusOf(id)).lockedBy).toBe(w.principal.id);
    // Locking again changes nothing.
    expect((await post(`${base}/lock`, w.principal.token)).json().result.lockedAt).toBe(locked.json().result.lockedAt);

    const unlocked = await post(`${base}/unlock`, w.principal.token);
    expect(unlocked.json().result).toMatchObject({ status: 'draft', lockedAt: null });
    expect((await statusOf(id)).lockedBy).toBeNull();

    // Nothing is entered: published with the principal's confirmation and reason.
    const published = await post(`${base}/publish`, w.principal.token, { confirmIncomplete: true, reason: 'Nothing to enter this term' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().result.status).toBe('published');
    expect(published.json().result.lockedAt).not.toBeNull();
    expect(published.json().result.publishedAt).not.toBeNull();

    const unlock = await post(`${base}/unlock`, w.principal.token);
    expect(unlock.statusCode).toBe(409);
    expect(unlock.json().reason).toBe('exam_published');
    const lock = await post(`${base}/lock`, w.principal.token);
    expect(lock.json().reason).toBe('exam_published');
    expect((await post(`${base}/publish`, w.principal.token)).json().result.publishedAt).toBe(published.json().result.publishedAt);
    expect((await statusOf(id)).status).toBe('published');
  });

  /** An exam whose class 5 has every mark (two students, two subjects) and class 6 none. */
  const halfEntered = async () => {
    const id = await exam(env, w, { name: `Half ${Math.random().toString(36).slice(2, 7)}` });
    for (const student of [w.student.id, w.classmate.id]) {
      await mark(env, w, id, w.classId, w.subjectId, student, 15);
      await mark(env, w, id, w.classId, w.otherSubjectId, student, null);
    }
    return id;
  };
  const everyone = () => [w.student.id, w.classmate.id, w.otherStudent.id, w.parent.id, w.otherParent.id, w.teacher.id, w.admin.id];
  const told = (kind: 'result' | 'result_withdrawn', name: string) =>
    env.db
      .select({ userId: notifications.userId, link: notifications.link, params: notifications.params })
      .from(notifications)
      .where(and(inArray(notifications.userId, everyone()), eq(notifications.kind, kind), sql`${notifications.params}->>'exam' = ${name}`));
  const sees = async (token: string, studentId: string, id: string) => {
    const card = await env.app.inject({ method: 'GET', url: `/api/school/exam/reportcard/${studentId}`, headers: auth(token) });
    const list = await env.app.inject({ method: 'GET', url: '/api/school/exam', headers: auth(token) });
    const progress = await env.app.inject({ method: 'GET', url: `/api/school/exam/progress/${studentId}`, headers: auth(token) });
    const ids = (r: typeof card, key: 'exams' | null) => ((key ? r.json().result[key] : r.json().result) as { examId: string }[]).map((e) => e.examId).includes(id);
    const seen = [ids(card, 'exams'), ids(list, null), ids(progress, 'exams')];
    expect(new Set(seen).size, `card, list, progress agree: ${seen.join()}`).toBe(1);
    return seen[0];
  };
  const publications = (id: string) => env.db.select().from(examClassPublications).where(eq(examClassPublications.examId, id));

  it('refuses to publish classes whose marks are incomplete, naming them, and changes nothing', async () => {
    const id = await halfEntered();
    const name = (await statusOf(id)).name;
    const completion = await env.app.inject({ method: 'GET', url: `/api/school/exam/${id}/completion`, headers: auth(w.principal.token) });
    const subjectName = (await env.db.select().from(subjects).where(eq(subjects.id, w.subjectId)))[0]!.name;
    expect(completion.json().result.classes).toEqual([
      { assignClassId: w.classId, className: '5', section: 'A', complete: true, missing: [], published: false },
      { assignClassId: w.otherClassId, className: '6', section: 'A', complete: false, missing: [subjectName], published: false },
    ]);
    for (const body of [undefined, {}, { classIds: [w.otherClassId] }, { confirmIncomplete: true }, { reason: 'Without the confirmation' }]) {
      const res = await post(`/api/school/exam/${id}/publish`, w.principal.token, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ reason: 'exam_incomplete', params: { classes: '6 A', count: 1 } });
    }
    expect((await post(`/api/school/exam/${id}/publish`, w.principal.token, { classIds: [other.classId] })).statusCode).toBe(404);
    expect((await statusOf(id)).status).toBe('draft');
    expect(await publications(id)).toHaveLength(0);
    expect(await told('result', name)).toHaveLength(0);
  });

  it('publishes the chosen complete classes: their students and parents are told once, the others see nothing', async () => {
    const id = await halfEntered();
    const name = (await statusOf(id)).name;
    const res = await post(`/api/school/exam/${id}/publish`, w.principal.token, { classIds: [w.classId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'published' });
    const notes = await told('result', name);
    expect(notes.map((n) => [n.userId, n.link]).sort()).toEqual(
      [
        [w.student.id, '/myresults'],
        [w.classmate.id, '/myresults'],
        [w.parent.id, '/childresults'],
      ].sort(),
    );
    expect(notes[0]!.params).toEqual({ exam: name });
    expect(await sees(w.student.token, w.student.id, id)).toBe(true);
    expect(await sees(w.parent.token, w.student.id, id)).toBe(true);
    expect(await sees(w.otherStudent.token, w.otherStudent.id, id)).toBe(false);
    expect(await sees(w.otherParent.token, w.otherStudent.id, id)).toBe(false);
    expect(await sees(w.principal.token, w.otherStudent.id, id)).toBe(true);
    // Publishing again tells nobody again; the incomplete class still needs the confirmation.
    expect((await post(`/api/school/exam/${id}/publish`, w.principal.token, { classIds: [w.classId] })).statusCode).toBe(200);
    expect((await post(`/api/school/exam/${id}/publish`, w.principal.token)).json().reason).toBe('exam_incomplete');
    expect(await told('result', name)).toHaveLength(3);
    const completion = await env.app.inject({ method: 'GET', url: `/api/school/exam/${id}/completion`, headers: auth(w.principal.token) });
    expect(completion.json().result.classes.map((c: { published: boolean }) => c.published)).toEqual([true, false]);
  });

  it('publishes incomplete classes with a confirmation and a reason (audit log); a withdrawal hides them again, tells, is recorded; publishing again works', async () => {
    const id = await halfEntered();
    const name = (await statusOf(id)).name;
    const res = await post(`/api/school/exam/${id}/publish`, w.principal.token, { confirmIncomplete: true, reason: 'Class 6 sat no test this term' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sees(w.otherStudent.token, w.otherStudent.id, id)).toBe(true);
    expect((await publications(id)).map((p) => [p.classId, p.reason]).sort()).toEqual(
      [
        [w.classId, null],
        [w.otherClassId, 'Class 6 sat no test this term'],
      ].sort(),
    );
    const audit = (action: string) => env.db.select().from(auditLog).where(and(eq(auditLog.action, action), sql`${auditLog.details}->>'examId' = ${id}`));
    const forced = await audit('results_published');
    expect(forced.map((a) => [a.studentId, a.actorId])).toEqual([[w.otherStudent.id, w.principal.id]]);
    expect(forced[0]!.details).toMatchObject({ exam: name, reason: 'Class 6 sat no test this term', classes: '6 A' });

    // Withdrawal: the principal only, with a reason, of a published exam.
    const url = `/api/school/exam/${id}/withdraw`;
    const reason = { reason: 'Marks of Maths are being re-checked' };
    expect((await post(url, null, reason)).statusCode).toBe(401);
    expect((await post(url, w.admin.token, reason)).statusCode).toBe(403);
    expect((await post(url, other.principal.token, reason)).statusCode).toBe(404);
    expect((await post(url, w.principal.token, { reason: '' })).statusCode).toBe(400);
    const withdrawn = await post(url, w.principal.token, reason);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().result).toMatchObject({ status: 'locked', publishedAt: null });
    for (const [token, studentId] of [
      [w.student.token, w.student.id],
      [w.parent.token, w.student.id],
      [w.otherStudent.token, w.otherStudent.id],
      [w.otherParent.token, w.otherStudent.id],
    ] as const) {
      expect(await sees(token, studentId, id)).toBe(false);
    }
    const notes = await told('result_withdrawn', name);
    expect(notes.map((n) => n.userId).sort()).toEqual([w.student.id, w.classmate.id, w.otherStudent.id, w.parent.id, w.otherParent.id].sort());
    expect(notes[0]!.params).toEqual({ exam: name, reason: reason.reason });
    const recorded = await audit('results_withdrawn');
    expect(recorded.map((a) => a.studentId).sort()).toEqual([w.student.id, w.classmate.id, w.otherStudent.id].sort());
    expect(recorded[0]!.details).toMatchObject({ exam: name, reason: reason.reason });
    const again = await post(url, w.principal.token, reason);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('exam_not_published');

    // Published again, for class 5: its students see it, class 6 does not.
    expect((await post(`/api/school/exam/${id}/publish`, w.principal.token, { classIds: [w.classId] })).statusCode).toBe(200);
    expect(await sees(w.student.token, w.student.id, id)).toBe(true);
    expect(await sees(w.otherStudent.token, w.otherStudent.id, id)).toBe(false);
  });
});

describe('completion', () => {
  it('answers each class’s subjects with their teachers, maximums and marks entered; 401, 400, 403, 404', async () => {
    const id = await exam(env, w, { maxMarks: 20 });
    await env.app.inject({
      method: 'PATCH',
      url: `/api/school/exam/${id}`,
      headers: auth(w.principal.token),
      payload: { name: `Completion ${Math.random()}`, weight: 50, maxMarks: 20, termStart: '2026-04-01', termEnd: '2026-09-30', subjectMax: [{ subjectId: w.otherSubjectId, maxMarks: 30 }] },
    });
    await mark(env, w, id, w.classId, w.subjectId, w.student.id, 15);
    await mark(env, w, id, w.classId, w.subjectId, w.classmate.id, null);
    await mark(env, w, id, w.classId, w.otherSubjectId, w.student.id, 12);
    const url = `/api/school/exam/${id}/completion`;
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'GET', url: `${url}?pageSize=1000`, headers: auth(w.principal.token) })).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(w.teacher.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(other.principal.token) })).statusCode).toBe(404);

    const res = await env.app.inject({ method: 'GET', url, headers: auth(w.admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().result;
    expect(body).toMatchObject({ total: 2, complete: 1, slots: 3 });
    expect(body.items.map((c: { className: string }) => c.className)).toEqual(['5', '6']);
    const five = body.items[0];
    expect(five.students).toBe(2);
    const bySubject = Object.fromEntries(five.subjects.map((s: { subjectId: string }) => [s.subjectId, s]));
    expect(bySubject[w.subjectId]).toMatchObject({ entered: 2, maxMarks: 20, teacherName: 'Meera Test' });
    expect(bySubject[w.otherSubjectId]).toMatchObject({ entered: 1, maxMarks: 30, teacherName: null });
    expect(body.items[1].subjects[0]).toMatchObject({ entered: 0 });

    const second = await env.app.inject({ method: 'GET', url: `${url}?page=2&pageSize=1`, headers: auth(w.principal.token) });
    expect(second.json().result).toMatchObject({ total: 2, items: [{ className: '6' }] });
    const past = await env.app.inject({ method: 'GET', url: `${url}?page=5&pageSize=1`, headers: auth(w.principal.token) });
    expect(past.json().result).toMatchObject({ total: 2, items: [], slots: 3 });
  });

  it('costs the same statements for a big session as a small one', async () => {
    const small = await examWorld(env);
    const big = await examWorld(env);
    // The big school: 4 more classes of 15 students, 3 subjects each, marks entered.
    const [s3] = await env.db.insert(subjects).values({ schoolId: big.school.id, name: `Hindi ${Math.random()}` }).returning();
    const bigExam = await exam(env, big);
    for (let c = 0; c < 4; c++) {
      const [cls] = await env.db.insert(classes).values({ schoolId: big.school.id, sessionId: big.school.sessionId, masterClass: '7', name: '7', section: `S${c}` }).returning();
      await env.db.insert(classSubjects).values([big.subjectId, big.otherSubjectId, s3!.id].map((subjectId) => ({ schoolId: big.school.id, classId: cls!.id, subjectId, teacherId: big.teacher.id })));
      const kids = [];
      for (let i = 0; i < 15; i++) kids.push(await env.f.user(116, big.school));
      await env.db.insert(classStudents).values(kids.map((k, i) => ({ schoolId: big.school.id, sessionId: big.school.sessionId, classId: cls!.id, studentId: k.id, rollNo: i + 1 })));
      await env.db.insert(examMarks).values(
        kids.map((k) => ({ schoolId: big.school.id, sessionId: big.school.sessionId, examId: bigExam, classId: cls!.id, subjectId: big.subjectId, studentId: k.id, status: 'marked', marks: 10 })),
      );
    }
    const smallExam = await exam(env, small);
    const measure = async (world: ExamWorld, id: string) =>
      (
        await countStatements(env, world.school.id, async () => {
          const res = await env.app.inject({ method: 'GET', url: `/api/school/exam/${id}/completion`, headers: auth(world.principal.token) });
          expect(res.statusCode).toBe(200);
          return res.json().result;
        })
      ).statements;
    expect(await measure(big, bigExam)).toBe(await measure(small, smallExam));

    // Publishing tells 63 students and parents (and finds them, and records the audit) in as many statements as a few.
    await mark(env, small, smallExam, small.classId, small.subjectId, small.student.id, 12);
    const publish = async (world: ExamWorld, id: string) =>
      (
        await countStatements(env, world.school.id, async () => {
          const res = await env.app.inject({ method: 'POST', url: `/api/school/exam/${id}/publish`, headers: auth(world.principal.token), payload: { confirmIncomplete: true, reason: 'Test' } });
          expect(res.statusCode).toBe(200);
        })
      ).statements;
    expect(await publish(big, bigExam)).toBe(await publish(small, smallExam));
    const told = await env.db.select({ n: notifications.id }).from(notifications).where(and(eq(notifications.schoolId, big.school.id), eq(notifications.kind, 'result')));
    expect(told).toHaveLength(60 + 3 + 2); // the students of every class and the two parents
  });
});

describe('corrections', () => {
  const correction = (over: Record<string, unknown> = {}) => ({
    assignClassId: w.classId,
    subjectId: w.subjectId,
    studentId: w.student.id,
    mark: { status: 'marked', marks: 17.5 },
    reason: 'Re-totalled the answer sheet',
    ...over,
  });
  const markRow = async (id: string, studentId = w.student.id) =>
    (await env.db.select().from(examMarks).where(and(eq(examMarks.examId, id), eq(examMarks.studentId, studentId), eq(examMarks.subjectId, w.subjectId))))[0];
  const recorded = async (id: string) => env.db.select().from(examMarkCorrections).where(eq(examMarkCorrections.examId, id));

  it('refuses a draft, a mark above the maximum, a class, subject or student not of the exam; 401, 400, 403, 404', async () => {
    const draft = await exam(env, w);
    await mark(env, w, draft, w.classId, w.subjectId, w.student.id, 10);
    const notLocked = await post(`/api/school/exam/${draft}/corrections`, w.principal.token, correction());
    expect(notLocked.statusCode).toBe(409);
    expect(notLocked.json().reason).toBe('exam_not_locked');

    const id = await exam(env, w, { status: 'locked', lockedAt: new Date(), maxMarks: 20 });
    await mark(env, w, id, w.classId, w.subjectId, w.student.id, 10);
    const url = `/api/school/exam/${id}/corrections`;
    expect((await post(url, null, correction())).statusCode).toBe(401);
    expect((await post(url, w.principal.token, correction({ reason: '' }))).statusCode).toBe(400);
    expect((await post(url, w.principal.token, correction({ mark: { status: 'marked', marks: 12.25 } }))).statusCode).toBe(400);
    expect((await post(url, w.admin.token, correction())).statusCode).toBe(403);
    expect((await post(url, other.principal.token, correction())).statusCode).toBe(404);
    expect((await post(url, w.principal.token, correction({ assignClassId: other.classId }))).statusCode).toBe(404);
    expect((await post(url, w.principal.token, correction({ studentId: w.otherStudent.id }))).statusCode).toBe(404);
    expect((await post(url, w.principal.token, correction({ studentId: other.student.id }))).statusCode).toBe(404);
    const noSubject = await post(url, w.principal.token, correction({ assignClassId: w.otherClassId, studentId: w.otherStudent.id, subjectId: w.otherSubjectId }));
    expect(noSubject.statusCode).toBe(404);
    expect(noSubject.json().reason).toBe('exam_subject_not_in_class');
    const above = await post(url, w.principal.token, correction({ mark: { status: 'marked', marks: 21 } }));
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ reason: 'mark_above_max', field: 'mark.marks', params: { max: 20 } });

    expect((await markRow(id))!.marks).toBe(10);
    expect(await recorded(id)).toHaveLength(0);
    expect((await markRow(draft))!.marks).toBe(10);
  });

  it('writes, clears and records corrections of a locked or published exam, listed newest first', async () => {
    const id = await exam(env, w, { status: 'published', lockedAt: new Date(), publishedAt: new Date(), maxMarks: 20 });
    await mark(env, w, id, w.classId, w.subjectId, w.student.id, 10);
    const url = `/api/school/exam/${id}/corrections`;
    const first = await post(url, w.principal.token, correction());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({
      examId: id,
      studentId: w.student.id,
      studentName: 'Asha Test',
      className: '5',
      section: 'A',
      before: { status: 'marked', marks: 10 },
      after: { status: 'marked', marks: 17.5 },
      reason: 'Re-totalled the answer sheet',
      correctedBy: w.principal.name,
    });
    expect((await markRow(id))!).toMatchObject({ status: 'marked', marks: 17.5, updatedBy: w.principal.id });

    // A mark that was not entered, then cleared.
    const added = await post(url, w.principal.token, correction({ studentId: w.classmate.id, mark: { status: 'exempt' }, reason: 'Medical certificate' }));
    expect(added.json().result).toMatchObject({ before: null, after: { status: 'exempt' } });
    expect((await markRow(id, w.classmate.id))!.status).toBe('exempt');
    const cleared = await post(url, w.principal.token, correction({ studentId: w.classmate.id, mark: null, reason: 'Entered by mistake' }));
    expect(cleared.json().result).toMatchObject({ before: { status: 'exempt' }, after: null });
    expect(await markRow(id, w.classmate.id)).toBeUndefined();
    expect(await recorded(id)).toHaveLength(3);

    const get = (token: string | null, q = '') => env.app.inject({ method: 'GET', url: `${url}${q}`, headers: token ? auth(token) : {} });
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(w.principal.token, '?page=0')).statusCode).toBe(400);
    expect((await get(w.teacher.token)).statusCode).toBe(403);
    expect((await get(other.admin.token)).statusCode).toBe(404);
    const list = await get(w.admin.token, '?pageSize=2');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result.total).toBe(3);
    expect(list.json().result.items.map((c: { reason: string }) => c.reason)).toEqual(['Entered by mistake', 'Medical certificate']);
    expect(list.json().result.items[1]).toMatchObject({ studentName: 'Bala Test', subjectId: w.subjectId, correctedBy: w.principal.name, before: null, after: { status: 'exempt' } });
    const past = await get(w.admin.token, '?page=9&pageSize=2');
    expect(past.json().result).toMatchObject({ total: 3, items: [] });
    // The student who has a correction is unchanged otherwise.
    expect((await env.db.select().from(users).where(eq(users.id, w.student.id)))[0]!.status).toBe(true);
  });
});
