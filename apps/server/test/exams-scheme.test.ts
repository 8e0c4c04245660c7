import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { CBSE_GRADES, EXAM_LIMITS } from '@shala/contract';
import { examSchemes, examSubjectMax, exams } from '../src/db/schema.js';
import { auth, exam, examWorld, mark, type ExamWorld } from './exams-scheme-fixture.js';
import { setupApp, type TestEnv } from './helpers.js';

/** The assessment scheme and a session's exams (issue 11, helper 1). */
let env: TestEnv;
let w: ExamWorld;
let other: ExamWorld;
beforeAll(async () => {
  env = await setupApp();
  w = await examWorld(env);
  other = await examWorld(env);
});
afterAll(() => env?.close());

const examsOf = async (sessionId: string) => (await env.db.select({ n: count() }).from(exams).where(eq(exams.sessionId, sessionId)))[0]!.n;
const schemeBody = (sessionId: string, over: Record<string, unknown> = {}) => ({
  sessionId,
  passPercent: 40,
  showRank: true,
  grades: [
    { grade: 'B', min: 50 },
    { grade: 'A', min: 80 },
    { grade: 'C', min: 0 },
  ],
  coAreas: ['art', 'health'],
  ...over,
});
const examBody = (sessionId: string, over: Record<string, unknown> = {}) => ({
  sessionId,
  name: `Unit Test ${Math.random().toString(36).slice(2, 8)}`,
  weight: 20,
  maxMarks: 50,
  termStart: '2026-04-01',
  termEnd: '2026-06-30',
  subjectMax: [],
  ...over,
});

describe('exam scheme', () => {
  it('answers the defaults until saved, then the saved scheme; 401, 400, 403, 404', async () => {
    // A world of its own: a saved scheme is per session.
    const mine = await examWorld(env);
    const url = `/api/school/exam/scheme`;
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'GET', url: `${url}?sessionId=nope`, headers: auth(mine.principal.token) })).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'GET', url, headers: auth(mine.teacher.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'GET', url: `${url}?sessionId=${other.school.sessionId}`, headers: auth(mine.principal.token) })).statusCode).toBe(404);

    const first = await env.app.inject({ method: 'GET', url, headers: auth(mine.admin.token) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ sessionId: mine.school.sessionId, passPercent: 33, showRank: false, saved: false, grades: CBSE_GRADES });

    const save = await env.app.inject({ method: 'PUT', url, headers: auth(mine.principal.token), payload: schemeBody(mine.school.sessionId) });
    expect(save.statusCode, save.body).toBe(200);
    // Kept highest first.
    expect(save.json().result).toMatchObject({ passPercent: 40, showRank: true, saved: true, coAreas: ['art', 'health'], grades: [{ grade: 'A' }, { grade: 'B' }, { grade: 'C' }] });
    const again = await env.app.inject({ method: 'GET', url: `${url}?sessionId=${mine.school.sessionId}`, headers: auth(mine.admin.token) });
    expect(again.json().result).toEqual(save.json().result);

    // Saved twice: one row, the latest.
    const twice = await env.app.inject({ method: 'PUT', url, headers: auth(mine.admin.token), payload: schemeBody(mine.school.sessionId, { passPercent: 35 }) });
    expect(twice.json().result.passPercent).toBe(35);
    expect((await env.db.select({ n: count() }).from(examSchemes).where(eq(examSchemes.sessionId, mine.school.sessionId)))[0]!.n).toBe(1);
  });

  it('refuses a bad scale, a wrong role and another school’s session, changing nothing', async () => {
    const url = `/api/school/exam/scheme`;
    const put = (token: string | null, payload: unknown) => env.app.inject({ method: 'PUT', url, headers: token ? auth(token) : {}, payload: payload as object });
    expect((await put(null, schemeBody(w.school.sessionId))).statusCode).toBe(401);
    expect((await put(w.teacher.token, schemeBody(w.school.sessionId))).statusCode).toBe(403);
    const noZero = await put(w.principal.token, schemeBody(w.school.sessionId, { grades: [{ grade: 'A', min: 50 }, { grade: 'B', min: 10 }] }));
    expect(noZero.statusCode).toBe(400);
    expect(noZero.body).toContain('grade_from_zero');
    const twiceMin = await put(w.principal.token, schemeBody(w.school.sessionId, { grades: [{ grade: 'A', min: 0 }, { grade: 'B', min: 0 }] }));
    expect(twiceMin.statusCode).toBe(400);
    expect((await put(w.principal.token, schemeBody(w.school.sessionId, { passPercent: 101 }))).statusCode).toBe(400);
    expect((await put(w.principal.token, schemeBody(other.school.sessionId))).statusCode).toBe(404);
    const rows = await env.db.select().from(examSchemes).where(eq(examSchemes.sessionId, other.school.sessionId));
    expect(rows).toHaveLength(0);
    const ws = await env.db.select().from(examSchemes).where(eq(examSchemes.sessionId, w.school.sessionId));
    expect(ws).toHaveLength(0);
  });
});

describe('ready-made schemes', () => {
  it('creates the template’s exams over the session and the CBSE scale, once', async () => {
    const mine = await examWorld(env);
    const url = '/api/school/exam/scheme/template';
    const payload = { sessionId: mine.school.sessionId, template: 'cbse' };
    expect((await env.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'POST', url, payload, headers: auth(mine.teacher.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'POST', url, payload: { ...payload, template: 'ib' }, headers: auth(mine.principal.token) })).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'POST', url, payload: { ...payload, sessionId: other.school.sessionId }, headers: auth(mine.principal.token) })).statusCode).toBe(404);
    expect(await examsOf(other.school.sessionId)).toBe(0);

    const res = await env.app.inject({ method: 'POST', url, payload, headers: auth(mine.admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().result as Array<{ name: string; weight: number; maxMarks: number; termStart: string; termEnd: string; status: string }>;
    expect(list.map((e) => [e.name, e.weight, e.maxMarks])).toEqual([
      ['Periodic Test 1', 10, 20],
      ['Half-Yearly', 40, 80],
      ['Periodic Test 2', 10, 20],
      ['Annual', 40, 80],
    ]);
    expect(list[0]!.termStart).toBe('2026-04-01');
    expect(list[3]!.termEnd).toBe('2027-03-31');
    expect(list.every((e) => e.status === 'draft')).toBe(true);
    const scheme = await env.app.inject({ method: 'GET', url: '/api/school/exam/scheme', headers: auth(mine.principal.token) });
    expect(scheme.json().result).toMatchObject({ saved: true, grades: CBSE_GRADES, passPercent: 33 });

    const again = await env.app.inject({ method: 'POST', url, payload: { ...payload, template: 'twoTerms' }, headers: auth(mine.principal.token) });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('exams_exist');
    expect(await examsOf(mine.school.sessionId)).toBe(4);
  });

  it('keeps a saved scheme', async () => {
    const mine = await examWorld(env);
    await env.app.inject({ method: 'PUT', url: '/api/school/exam/scheme', headers: auth(mine.principal.token), payload: schemeBody(mine.school.sessionId) });
    const res = await env.app.inject({ method: 'POST', url: '/api/school/exam/scheme/template', payload: { sessionId: mine.school.sessionId, template: 'stateBoard' }, headers: auth(mine.principal.token) });
    expect(res.json().result.map((e: { weight: number }) => e.weight)).toEqual([25, 25, 50]);
    const scheme = await env.app.inject({ method: 'GET', url: '/api/school/exam/scheme', headers: auth(mine.principal.token) });
    expect(scheme.json().result.passPercent).toBe(40);
  });
});

describe('exams', () => {
  it('lists a session’s exams: staff all of them, students and parents the published ones', async () => {
    const mine = await examWorld(env);
    const draft = await exam(env, mine, { name: 'Draft one', termStart: '2026-04-01' });
    const published = await exam(env, mine, { name: 'Published one', termStart: '2026-05-01', status: 'published', lockedAt: new Date(), publishedAt: new Date() });
    await mark(env, mine, draft, mine.classId, mine.subjectId, mine.student.id, 12);
    const url = '/api/school/exam';
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'GET', url: `${url}?sessionId=x`, headers: auth(mine.principal.token) })).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'GET', url: `${url}?sessionId=${other.school.sessionId}`, headers: auth(mine.principal.token) })).statusCode).toBe(404);
    const staff = await env.app.inject({ method: 'GET', url, headers: auth(mine.teacher.token) });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().result.map((e: { examId: string }) => e.examId)).toEqual([draft, published]);
    expect(staff.json().result[0].markCount).toBe(1);
    for (const who of [mine.student, mine.parent]) {
      const res = await env.app.inject({ method: 'GET', url, headers: auth(who.token) });
      expect(res.json().result.map((e: { examId: string }) => e.examId)).toEqual([published]);
    }
  });

  it('adds an exam with subject maximums; 401, 400, 403, 404', async () => {
    const url = '/api/school/exam';
    const body = examBody(w.school.sessionId, { subjectMax: [{ subjectId: w.subjectId, maxMarks: 40 }] });
    expect((await env.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'POST', url, payload: body, headers: auth(w.teacher.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'POST', url, payload: { ...body, maxMarks: 0 }, headers: auth(w.principal.token) })).statusCode).toBe(400);
    const backwards = await env.app.inject({ method: 'POST', url, payload: { ...body, termEnd: '2026-03-01' }, headers: auth(w.principal.token) });
    expect(backwards.statusCode).toBe(400);
    const before = await examsOf(w.school.sessionId);
    expect((await env.app.inject({ method: 'POST', url, payload: { ...body, sessionId: other.school.sessionId }, headers: auth(w.principal.token) })).statusCode).toBe(404);
    const foreign = await env.app.inject({ method: 'POST', url, payload: { ...body, subjectMax: [{ subjectId: other.subjectId, maxMarks: 40 }] }, headers: auth(w.principal.token) });
    expect(foreign.statusCode).toBe(404);
    expect(await examsOf(other.school.sessionId)).toBe(0);
    expect(await examsOf(w.school.sessionId)).toBe(before);

    const res = await env.app.inject({ method: 'POST', url, payload: body, headers: auth(w.admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ name: body.name, weight: 20, maxMarks: 50, status: 'draft', lockedAt: null, markCount: 0, subjectMax: [{ subjectId: w.subjectId, maxMarks: 40 }] });
  });

  it('refuses a name taken (any case), a term outside the session, and more than the limit', async () => {
    const mine = await examWorld(env);
    const url = '/api/school/exam';
    const first = await env.app.inject({ method: 'POST', url, payload: examBody(mine.school.sessionId, { name: 'Half-Yearly' }), headers: auth(mine.principal.token) });
    expect(first.statusCode).toBe(200);
    const taken = await env.app.inject({ method: 'POST', url, payload: examBody(mine.school.sessionId, { name: 'half-yearly' }), headers: auth(mine.principal.token) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'exam_name_taken', field: 'name', params: { name: 'half-yearly' } });

    const outside = await env.app.inject({ method: 'POST', url, payload: examBody(mine.school.sessionId, { termEnd: '2027-04-30' }), headers: auth(mine.principal.token) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ reason: 'exam_term_outside', field: 'termEnd' });
    const early = await env.app.inject({ method: 'POST', url, payload: examBody(mine.school.sessionId, { termStart: '2026-03-01' }), headers: auth(mine.principal.token) });
    expect(early.json()).toMatchObject({ reason: 'exam_term_outside', field: 'termStart' });

    for (let i = 1; i < EXAM_LIMITS.exams; i++) await exam(env, mine);
    expect(await examsOf(mine.school.sessionId)).toBe(EXAM_LIMITS.exams);
    const full = await env.app.inject({ method: 'POST', url, payload: examBody(mine.school.sessionId), headers: auth(mine.principal.token) });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ reason: 'exam_limit', params: { max: EXAM_LIMITS.exams } });
    expect(await examsOf(mine.school.sessionId)).toBe(EXAM_LIMITS.exams);
  });

  it('counts the exams under a lock of the session: concurrent adds never pass the limit', async () => {
    const mine = await examWorld(env);
    for (let i = 0; i < EXAM_LIMITS.exams - 2; i++) await exam(env, mine);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => env.app.inject({ method: 'POST', url: '/api/school/exam', payload: examBody(mine.school.sessionId), headers: auth(mine.principal.token) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().reason === 'exam_limit')).toBe(true);
    expect(await examsOf(mine.school.sessionId)).toBe(EXAM_LIMITS.exams);
  });

  it('changes a draft exam; 401, 400, 403, 404; not once locked or published', async () => {
    const id = await exam(env, w, { name: `Change ${Math.random()}` });
    const url = `/api/school/exam/${id}`;
    const body = { ...examBody(w.school.sessionId), sessionId: undefined, subjectMax: [{ subjectId: w.otherSubjectId, maxMarks: 30 }] };
    expect((await env.app.inject({ method: 'PATCH', url, payload: body })).statusCode).toBe(401);
    expect((await env.app.inject({ method: 'PATCH', url, payload: body, headers: auth(w.teacher.token) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'PATCH', url, payload: { ...body, weight: 101 }, headers: auth(w.principal.token) })).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'PATCH', url, payload: body, headers: auth(other.principal.token) })).statusCode).toBe(404);
    const res = await env.app.inject({ method: 'PATCH', url, payload: body, headers: auth(w.principal.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ name: body.name, weight: 20, maxMarks: 50, subjectMax: [{ subjectId: w.otherSubjectId, maxMarks: 30 }] });
    // The maximums are replaced: none given, none kept.
    const none = await env.app.inject({ method: 'PATCH', url, payload: { ...body, subjectMax: [] }, headers: auth(w.principal.token) });
    expect(none.json().result.subjectMax).toEqual([]);
    expect(await env.db.select().from(examSubjectMax).where(eq(examSubjectMax.examId, id))).toHaveLength(0);

    const locked = await exam(env, w, { status: 'locked', lockedAt: new Date() });
    const lockedRes = await env.app.inject({ method: 'PATCH', url: `/api/school/exam/${locked}`, payload: body, headers: auth(w.principal.token) });
    expect(lockedRes.statusCode).toBe(409);
    expect(lockedRes.json().reason).toBe('exam_locked');
    const published = await exam(env, w, { status: 'published', lockedAt: new Date(), publishedAt: new Date() });
    const publishedRes = await env.app.inject({ method: 'PATCH', url: `/api/school/exam/${published}`, payload: body, headers: auth(w.principal.token) });
    expect(publishedRes.json().reason).toBe('exam_published');
    const [row] = await env.db.select().from(exams).where(eq(exams.id, locked));
    expect(row!.weight).toBe(50);
  });

  it('refuses a maximum below a mark entered (the exam’s or a subject’s)', async () => {
    const id = await exam(env, w, { maxMarks: 20 });
    await mark(env, w, id, w.classId, w.subjectId, w.student.id, 18);
    const url = `/api/school/exam/${id}`;
    const body = { name: `Max ${Math.random()}`, weight: 50, maxMarks: 20, termStart: '2026-04-01', termEnd: '2026-09-30', subjectMax: [] as unknown[] };
    const exam15 = await env.app.inject({ method: 'PATCH', url, payload: { ...body, maxMarks: 15 }, headers: auth(w.principal.token) });
    expect(exam15.statusCode).toBe(409);
    expect(exam15.json()).toMatchObject({ reason: 'max_below_marks', field: 'maxMarks', params: { max: 15 } });
    const subject15 = await env.app.inject({ method: 'PATCH', url, payload: { ...body, subjectMax: [{ subjectId: w.subjectId, maxMarks: 15 }] }, headers: auth(w.principal.token) });
    expect(subject15.json()).toMatchObject({ reason: 'max_below_marks', field: 'subjectMax.0.maxMarks', params: { max: 15 } });
    // Another subject's maximum may go down; this one's may go to the mark.
    const fine = await env.app.inject({ method: 'PATCH', url, payload: { ...body, maxMarks: 18, subjectMax: [{ subjectId: w.otherSubjectId, maxMarks: 5 }] }, headers: auth(w.principal.token) });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().result.maxMarks).toBe(18);
  });

  it('removes an exam without marks whatever its status; with marks: 409, kept', async () => {
    const plain = await exam(env, w);
    const published = await exam(env, w, { status: 'published', lockedAt: new Date(), publishedAt: new Date() });
    const marked = await exam(env, w);
    await mark(env, w, marked, w.classId, w.subjectId, w.student.id, null);
    const del = (id: string, token: string | null) => env.app.inject({ method: 'DELETE', url: `/api/school/exam/${id}`, headers: token ? auth(token) : {} });
    expect((await del(plain, null)).statusCode).toBe(401);
    expect((await del('nope', w.principal.token)).statusCode).toBe(400);
    expect((await del(plain, w.teacher.token)).statusCode).toBe(403);
    expect((await del(plain, other.principal.token)).statusCode).toBe(404);
    const refused = await del(marked, w.principal.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('exam_has_marks');
    expect(await env.db.select().from(exams).where(and(eq(exams.id, marked)))).toHaveLength(1);
    expect((await del(plain, w.admin.token)).json().result).toEqual({ examId: plain });
    expect((await del(published, w.principal.token)).statusCode).toBe(200);
    expect(await env.db.select().from(exams).where(eq(exams.id, plain))).toHaveLength(0);
  });
});
