import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { MASTER_CLASSES, MASTER_SUBJECTS } from '@shala/contract';
import { academicSessions, classStudents, classSubjects, classes, schools, subjects } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestUser } from './helpers.js';

let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
});
afterAll(() => env?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });

const P = () => mine.users[113].token;
const A = () => mine.users[112].token;

/** Every session of a school, by start date: what a refused request must leave as it was. */
const sessionsOf = (schoolId: string) =>
  env.db.select().from(academicSessions).where(eq(academicSessions.schoolId, schoolId)).orderBy(asc(academicSessions.startDate));
const subjectsOf = (schoolId: string) => env.db.select().from(subjects).where(eq(subjects.schoolId, schoolId)).orderBy(asc(subjects.name));
const classesOf = (schoolId: string) => env.db.select().from(classes).where(eq(classes.schoolId, schoolId)).orderBy(asc(classes.name), asc(classes.section));

describe('sessions', () => {
  it('lists the own school’s sessions to every school role, none to the platform owner; 401 without a session', async () => {
    expect((await call('GET', '/api/school/session')).statusCode).toBe(401);
    for (const role of [112, 113, 114, 115, 116] as const) {
      const res = await call('GET', '/api/school/session', mine.users[role].token);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.map((s: { sessionId: string }) => s.sessionId)).toContain(mine.school.sessionId);
      expect(res.json().result.map((s: { sessionId: string }) => s.sessionId)).not.toContain(theirs.school.sessionId);
    }
    expect((await call('GET', '/api/school/session', mine.users[111].token)).json().result).toEqual([]);
  });

  it('adds next year’s session before it starts; refuses overlaps (naming the other), a taken label, bad input and other roles', async () => {
    const before = await sessionsOf(mine.school.id);
    const body = { label: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31' };
    expect((await call('POST', '/api/school/session', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/school/session', mine.users[114].token, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/school/session', mine.users[116].token, body)).statusCode).toBe(403);
    for (const bad of [
      { ...body, label: '2027-29' },
      { ...body, label: '27-28' },
      { ...body, endDate: '2027-03-31' },
      { ...body, startDate: '2027-02-30' },
      { label: '2027-28' },
    ]) {
      const res = await call('POST', '/api/school/session', P(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const overlap = await call('POST', '/api/school/session', P(), { ...body, startDate: '2027-03-01' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ error: 'CONFLICT', reason: 'session_overlap', field: 'startDate', params: { label: '2026-27' } });
    const taken = await call('POST', '/api/school/session', P(), { label: '2026-27', startDate: '2030-04-01', endDate: '2031-03-31' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'session_label_taken', field: 'label', params: { label: '2026-27' } });
    expect(await sessionsOf(mine.school.id)).toEqual(before);

    const res = await call('POST', '/api/school/session', A(), body);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ sessionYear: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31', isCurrent: false });
    // Another school may have the same label and dates.
    expect((await call('POST', '/api/school/session', theirs.users[113].token, body)).statusCode).toBe(200);
    // Newest first.
    const list = (await call('GET', '/api/school/session', P())).json().result;
    expect(list.map((s: { sessionYear: string }) => s.sessionYear)).toEqual(['2027-28', '2026-27']);
  });

  it('edits label and dates; the new dates must not overlap either; 404 for another school’s session', async () => {
    const created = (await call('POST', '/api/school/session', P(), { label: '2032-33', startDate: '2032-04-01', endDate: '2033-03-31' })).json().result;
    const url = `/api/school/session/${created.sessionId}`;
    expect((await call('PATCH', url, undefined, { label: '2033-34' })).statusCode).toBe(401);
    expect((await call('PATCH', url, mine.users[115].token, { label: '2033-34' })).statusCode).toBe(403);
    expect((await call('PATCH', url, P(), { label: 'x' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/school/session/not-a-uuid', P(), { label: '2033-34' })).statusCode).toBe(400);
    expect((await call('PATCH', url, theirs.users[113].token, { label: '2033-34' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/school/session/${randomUUID()}`, P(), { label: '2033-34' })).statusCode).toBe(404);

    const before = await sessionsOf(mine.school.id);
    const overlap = await call('PATCH', url, P(), { startDate: '2028-01-01' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ reason: 'session_overlap', params: { label: '2027-28' } });
    const label = await call('PATCH', url, P(), { label: '2026-27' });
    expect(label.json()).toMatchObject({ reason: 'session_label_taken', params: { label: '2026-27' } });
    // Only an end date, before the session's start: refused, not a server error.
    const ends = await call('PATCH', url, P(), { endDate: '2031-01-01' });
    expect(ends.statusCode).toBe(400);
    expect(ends.json()).toMatchObject({ error: 'VALIDATION_ERROR', field: 'endDate' });
    expect(await sessionsOf(mine.school.id)).toEqual(before);

    const ok = await call('PATCH', url, A(), { label: '2031-32', startDate: '2031-04-01', endDate: '2032-03-31' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ sessionId: created.sessionId, sessionYear: '2031-32', startDate: '2031-04-01', endDate: '2032-03-31' });
    // Its own dates never overlap itself.
    expect((await call('PATCH', url, P(), { startDate: '2031-05-01' })).statusCode).toBe(200);
  });

  it('marks one session current; the old one stops being current in the same step; 404 changes nothing', async () => {
    const next = (await call('POST', '/api/school/session', P(), { label: '2040-41', startDate: '2040-04-01', endDate: '2041-03-31' })).json().result;
    const url = `/api/school/session/${next.sessionId}/current`;
    expect((await call('PATCH', url)).statusCode).toBe(401);
    expect((await call('PATCH', url, mine.users[114].token)).statusCode).toBe(403);
    const theirsBefore = await sessionsOf(theirs.school.id);
    expect((await call('PATCH', url, theirs.users[113].token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/school/session/${theirs.school.sessionId}/current`, P())).statusCode).toBe(404);
    expect(await sessionsOf(theirs.school.id)).toEqual(theirsBefore);
    const mineBefore = await sessionsOf(mine.school.id);
    expect((await call('PATCH', `/api/school/session/${randomUUID()}/current`, P())).statusCode).toBe(404);
    expect(await sessionsOf(mine.school.id)).toEqual(mineBefore);

    const res = await call('PATCH', url, P());
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ sessionId: next.sessionId, isCurrent: true });
    let current = (await sessionsOf(mine.school.id)).filter((s) => s.isCurrent);
    expect(current.map((s) => s.id)).toEqual([next.sessionId]);
    // Again: idempotent.
    expect((await call('PATCH', url, P())).statusCode).toBe(200);
    // A session added as current takes over too.
    const added = (await call('POST', '/api/school/session', P(), { label: '2041-42', startDate: '2041-04-01', endDate: '2042-03-31', isCurrent: true })).json().result;
    current = (await sessionsOf(mine.school.id)).filter((s) => s.isCurrent);
    expect(current.map((s) => s.id)).toEqual([added.sessionId]);
    // Back to the school's working session (later tests use it).
    expect((await call('PATCH', `/api/school/session/${mine.school.sessionId}/current`, A())).statusCode).toBe(200);
    current = (await sessionsOf(mine.school.id)).filter((s) => s.isCurrent);
    expect(current.map((s) => s.id)).toEqual([mine.school.sessionId]);
    expect((await sessionsOf(theirs.school.id)).filter((s) => s.isCurrent).map((s) => s.id)).toEqual([theirs.school.sessionId]);
  });
});

describe('master data', () => {
  it('gives the master classes and subjects to every role, cacheable; 401 without a session', async () => {
    expect((await call('GET', '/api/school/masterdata')).statusCode).toBe(401);
    for (const role of [111, 112, 114, 116] as const) {
      const res = await call('GET', '/api/school/masterdata', mine.users[role].token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      expect(res.json().result.masterClass).toEqual(MASTER_CLASSES.map((c) => ({ ...c })));
    }
    const subjectsRes = await call('GET', '/api/school/mastersubjects', mine.users[115].token);
    expect(subjectsRes.statusCode).toBe(200);
    expect(subjectsRes.json().result).toHaveLength(MASTER_SUBJECTS.length);
    expect(subjectsRes.json().result).toContainEqual({ code: 'MATH', name: 'Mathematics', nameHi: 'गणित' });
    expect(subjectsRes.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('keeps Monday to Saturday; Sunday is the school’s choice (admins), read by everyone in the school', async () => {
    expect((await call('GET', '/api/school/masterweeks')).statusCode).toBe(401);
    expect((await call('GET', '/api/school/masterweeks', mine.users[111].token)).statusCode).toBe(403);
    const read = await call('GET', '/api/school/masterweeks', mine.users[116].token);
    expect(read.statusCode).toBe(200);
    const days = read.json().result;
    expect(days.map((d: { code: string }) => d.code)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(days.map((d: { isSchoolDay: boolean }) => d.isSchoolDay)).toEqual([true, true, true, true, true, true, false]);

    expect((await call('PUT', '/api/school/masterweeks', undefined, { sundayWorking: true })).statusCode).toBe(401);
    expect((await call('PUT', '/api/school/masterweeks', mine.users[114].token, { sundayWorking: true })).statusCode).toBe(403);
    expect((await call('PUT', '/api/school/masterweeks', P(), { sundayWorking: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/school/masterweeks', P(), {})).statusCode).toBe(400);
    const set = await call('PUT', '/api/school/masterweeks', P(), { sundayWorking: true });
    expect(set.statusCode).toBe(200);
    expect(set.json().result.at(-1)).toMatchObject({ code: 'sun', isSchoolDay: true });
    expect((await call('GET', '/api/school/masterweeks', mine.users[114].token)).json().result.at(-1).isSchoolDay).toBe(true);
    // Another school keeps its own.
    expect((await call('GET', '/api/school/masterweeks', theirs.users[114].token)).json().result.at(-1).isSchoolDay).toBe(false);
    const [other] = await env.db.select({ sunday: schools.sundayWorking }).from(schools).where(eq(schools.id, theirs.school.id));
    expect(other!.sunday).toBe(false);
    expect((await call('PUT', '/api/school/masterweeks', A(), { sundayWorking: false })).json().result.at(-1).isSchoolDay).toBe(false);
  });
});

describe('subjects', () => {
  it('adds from the master list or by name; unique per school in any case; 401/403/400', async () => {
    const body = { name: 'Mathematics', masterCode: 'MATH' };
    expect((await call('POST', '/api/school/subject', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/school/subject', mine.users[114].token, body)).statusCode).toBe(403);
    for (const bad of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 'Ma\u0000th' }, { name: 'Maths', masterCode: 'NOPE' }, {}]) {
      expect((await call('POST', '/api/school/subject', P(), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const res = await call('POST', '/api/school/subject', P(), body);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ name: 'Mathematics', masterCode: 'MATH', status: true });
    const custom = await call('POST', '/api/school/subject', A(), { name: '  Robotics  ' });
    expect(custom.json().result).toMatchObject({ name: 'Robotics', masterCode: null });

    const before = await subjectsOf(mine.school.id);
    const dup = await call('POST', '/api/school/subject', P(), { name: 'MATHEMATICS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: 'CONFLICT', reason: 'subject_taken', field: 'name', params: { name: 'MATHEMATICS' } });
    expect((await call('POST', '/api/school/subject', P(), { name: 'robotics' })).json().reason).toBe('subject_taken');
    expect(await subjectsOf(mine.school.id)).toEqual(before);
    // Another school may have the same name.
    expect((await call('POST', '/api/school/subject', theirs.users[113].token, { name: 'mathematics' })).statusCode).toBe(200);
  });

  it('lists newest first with search (any case, or the Hindi name of a master subject), status and pages', async () => {
    for (const name of ['Science', 'Social Science', 'Art']) await call('POST', '/api/school/subject', P(), { name });
    expect((await call('GET', '/api/school/subject')).statusCode).toBe(401);
    expect((await call('GET', '/api/school/subject', mine.users[116].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/school/subject?status=gone', P())).statusCode).toBe(400);
    expect((await call('GET', '/api/school/subject?pageSize=500', P())).statusCode).toBe(400);

    const all = (await call('GET', '/api/school/subject?pageSize=2', P())).json().result;
    expect(all.items.map((s: { name: string }) => s.name)).toEqual(['Art', 'Social Science']);
    expect(all.total).toBe(5);
    const beyond = (await call('GET', '/api/school/subject?pageSize=2&page=9', P())).json().result;
    expect(beyond).toMatchObject({ items: [], total: 5, page: 9 });
    const search = (await call('GET', `/api/school/subject?search=${encodeURIComponent('SCIENCE')}`, P())).json().result;
    expect(search.items.map((s: { name: string }) => s.name)).toEqual(['Social Science', 'Science']);
    expect(search.total).toBe(2);
    const hindi = (await call('GET', `/api/school/subject?search=${encodeURIComponent('गणित')}`, P())).json().result;
    expect(hindi.items.map((s: { name: string }) => s.name)).toEqual(['Mathematics']);
    // % and _ are matched literally.
    expect((await call('GET', '/api/school/subject?search=%25', P())).json().result.total).toBe(0);
    // Another school sees only its own.
    const other = (await call('GET', '/api/school/subject', theirs.users[112].token)).json().result;
    expect(other.items.map((s: { name: string }) => s.name)).toEqual(['mathematics']);
  });

  it('renames (unique in any case) and toggles status; 404 for another school’s subject changes nothing', async () => {
    const list = (await call('GET', '/api/school/subject?search=art', P())).json().result.items;
    const art = list.find((s: { name: string }) => s.name === 'Art');
    const url = `/api/school/subject/${art.subjectId}`;
    expect((await call('PATCH', url, undefined, { name: 'Fine Art' })).statusCode).toBe(401);
    expect((await call('PATCH', url, mine.users[114].token, { name: 'Fine Art' })).statusCode).toBe(403);
    expect((await call('PATCH', url, P(), { name: '' })).statusCode).toBe(400);
    const theirsBefore = await subjectsOf(theirs.school.id);
    const theirSubject = theirsBefore[0]!;
    expect((await call('PATCH', `/api/school/subject/${theirSubject.id}`, P(), { name: 'Hacked' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/school/subject/${theirSubject.id}/status`, P(), { status: false })).statusCode).toBe(404);
    expect((await call('PATCH', url, theirs.users[113].token, { name: 'Hacked' })).statusCode).toBe(404);
    expect(await subjectsOf(theirs.school.id)).toEqual(theirsBefore);

    const before = await subjectsOf(mine.school.id);
    const taken = await call('PATCH', url, P(), { name: 'science' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'subject_taken', params: { name: 'science' } });
    expect(await subjectsOf(mine.school.id)).toEqual(before);

    const renamed = await call('PATCH', url, P(), { name: 'Fine Art', masterCode: 'ART' });
    expect(renamed.json().result).toMatchObject({ subjectId: art.subjectId, name: 'Fine Art', masterCode: 'ART' });
    // Its own name in another case is not a conflict.
    expect((await call('PATCH', url, P(), { name: 'FINE ART' })).json().result.name).toBe('FINE ART');

    expect((await call('PATCH', `${url}/status`, P(), {})).statusCode).toBe(400);
    expect((await call('PATCH', `${url}/status`, mine.users[115].token, { status: false })).statusCode).toBe(403);
    const off = await call('PATCH', `${url}/status`, A(), { status: false });
    expect(off.json()).toMatchObject({ message: 'Deactivated', result: { status: false } });
    const inactive = (await call('GET', '/api/school/subject?status=inactive', P())).json().result;
    expect(inactive.items.map((s: { name: string }) => s.name)).toEqual(['FINE ART']);
    const active = (await call('GET', '/api/school/subject?status=active', P())).json().result;
    expect(active.total).toBe(4);
    expect((await call('PATCH', `${url}/status`, P(), { status: true })).json().result.status).toBe(true);
  });
});

describe('classes and sections', () => {
  let teacher: TestUser;
  let inactiveTeacher: TestUser;
  let theirTeacher: TestUser;

  beforeAll(async () => {
    teacher = await env.f.user(114, mine.school, { firstName: 'Kavita' });
    inactiveTeacher = await env.f.user(114, mine.school, { firstName: 'Gone', status: false });
    theirTeacher = await env.f.user(114, theirs.school);
  });

  const newClass = (over: object = {}) => ({
    sessionId: mine.school.sessionId,
    masterClass: '5',
    sections: [
      { section: 'a', classLimit: 40, classTeacherId: teacher.id },
      { section: 'B', classLimit: 35 },
    ],
    ...over,
  });

  it('adds a class with its sections in one step, class+section unique per session; all or none', async () => {
    expect((await call('POST', '/api/school/class', undefined, newClass())).statusCode).toBe(401);
    expect((await call('POST', '/api/school/class', mine.users[114].token, newClass())).statusCode).toBe(403);
    for (const bad of [
      newClass({ masterClass: '13' }),
      newClass({ sections: [] }),
      newClass({ sections: [{ section: 'A-1', classLimit: 40 }] }),
      newClass({ sections: [{ section: 'A', classLimit: 0 }] }),
      newClass({ sections: [{ section: 'A', classLimit: 201 }] }),
      newClass({ sessionId: 'nope' }),
      newClass({ sections: [{ section: 'A', classLimit: 40, classTeacherId: 'x' }] }),
    ]) {
      expect((await call('POST', '/api/school/class', P(), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const before = await classesOf(mine.school.id);
    // Another school's session or teacher: 404, nothing saved.
    expect((await call('POST', '/api/school/class', P(), newClass({ sessionId: theirs.school.sessionId }))).statusCode).toBe(404);
    const foreign = await call('POST', '/api/school/class', P(), newClass({ sections: [{ section: 'A', classLimit: 40 }, { section: 'B', classLimit: 40, classTeacherId: theirTeacher.id }] }));
    expect(foreign.statusCode).toBe(404);
    // A student, or an inactive teacher, is not a class teacher.
    const student = await call('POST', '/api/school/class', P(), newClass({ sections: [{ section: 'A', classLimit: 40 }, { section: 'B', classLimit: 40, classTeacherId: mine.users[116].id }] }));
    expect(student.statusCode).toBe(400);
    expect(student.json()).toMatchObject({ reason: 'not_a_teacher', field: 'sections.1.classTeacherId' });
    const inactive = await call('POST', '/api/school/class', P(), newClass({ sections: [{ section: 'A', classLimit: 40, classTeacherId: inactiveTeacher.id }] }));
    expect(inactive.json()).toMatchObject({ reason: 'not_a_teacher', field: 'sections.0.classTeacherId' });
    // The same section twice in one form.
    const twice = await call('POST', '/api/school/class', P(), newClass({ sections: [{ section: 'A', classLimit: 40 }, { section: 'a', classLimit: 40 }] }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ reason: 'class_taken', field: 'sections.1.section', params: { className: '5', section: 'A' } });
    expect(await classesOf(mine.school.id)).toEqual(before);

    const res = await call('POST', '/api/school/class', P(), newClass());
    expect(res.statusCode).toBe(200);
    const made = res.json().result;
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({
      sessionId: mine.school.sessionId,
      sessionYear: '2026-27',
      masterClass: '5',
      className: '5',
      section: 'A',
      classLimit: 40,
      classTeacher: { userId: teacher.id, fullName: 'Kavita Test', loginId: teacher.loginId },
      students: 0,
      teachers: 1,
      subjects: 0,
      status: 'incomplete',
    });
    expect(made[1]).toMatchObject({ section: 'B', classLimit: 35, classTeacher: null, teachers: 0, status: 'pending' });

    // B exists: adding C and B again saves neither, and names B.
    const after = await classesOf(mine.school.id);
    const again = await call('POST', '/api/school/class', A(), newClass({ sections: [{ section: 'C', classLimit: 40 }, { section: 'B', classLimit: 40 }] }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'class_taken', field: 'sections.1.section', params: { className: '5', section: 'B' } });
    expect(await classesOf(mine.school.id)).toEqual(after);
    // Nursery is named by the master list; the same class in another session is fine.
    const nursery = await call('POST', '/api/school/class', A(), newClass({ masterClass: 'NUR', sections: [{ section: 'A', classLimit: 25 }] }));
    expect(nursery.json().result[0]).toMatchObject({ masterClass: 'NUR', className: 'Nursery', section: 'A' });
    const next = (await call('POST', '/api/school/session', P(), { label: '2050-51', startDate: '2050-04-01', endDate: '2051-03-31' })).json().result;
    expect((await call('POST', '/api/school/class', P(), newClass({ sessionId: next.sessionId }))).statusCode).toBe(200);
  });

  it('edits a section: limit not below its students, class teacher of the school, name unique; 404 for another school', async () => {
    const [a, b] = (await call('GET', `/api/school/class?sessionId=${mine.school.sessionId}&search=5`, P())).json().result.items;
    expect(a).toMatchObject({ className: '5', section: 'A' });
    const url = `/api/school/class/${a.assignClassId}`;
    expect((await call('PATCH', url, undefined, { classLimit: 30 })).statusCode).toBe(401);
    expect((await call('PATCH', url, mine.users[114].token, { classLimit: 30 })).statusCode).toBe(403);
    expect((await call('PATCH', url, P(), { classLimit: 0 })).statusCode).toBe(400);
    expect((await call('PATCH', url, P(), { section: '' })).statusCode).toBe(400);
    const theirsBefore = await classesOf(theirs.school.id);
    const theirClass = (await call('POST', '/api/school/class', theirs.users[113].token, { sessionId: theirs.school.sessionId, masterClass: '1', sections: [{ section: 'A', classLimit: 30 }] })).json().result[0];
    expect((await call('PATCH', `/api/school/class/${theirClass.assignClassId}`, P(), { classLimit: 10 })).statusCode).toBe(404);
    expect((await call('PATCH', url, theirs.users[113].token, { classLimit: 10 })).statusCode).toBe(404);
    expect((await classesOf(theirs.school.id)).length).toBe(theirsBefore.length + 1);

    // Two students in A: its limit cannot go below 2.
    const s1 = await env.f.user(116, mine.school);
    const s2 = await env.f.user(116, mine.school);
    await env.db.insert(classStudents).values([s1, s2].map((s) => ({ schoolId: mine.school.id, sessionId: mine.school.sessionId, classId: a.assignClassId, studentId: s.id })));
    const before = await classesOf(mine.school.id);
    const full = await call('PATCH', url, P(), { classLimit: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ reason: 'class_full', field: 'classLimit', params: { limit: 1, className: '5', section: 'A', students: 2 } });
    const taken = await call('PATCH', url, P(), { section: 'b' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'class_taken', field: 'section', params: { className: '5', section: 'B' } });
    expect((await call('PATCH', url, P(), { classTeacherId: theirTeacher.id })).statusCode).toBe(404);
    expect((await call('PATCH', url, P(), { classTeacherId: mine.users[115].id })).json()).toMatchObject({ reason: 'not_a_teacher', field: 'classTeacherId' });
    expect(await classesOf(mine.school.id)).toEqual(before);

    const ok = await call('PATCH', url, A(), { classLimit: 2, section: 'd' });
    expect(ok.json().result).toMatchObject({ assignClassId: a.assignClassId, classLimit: 2, section: 'D', students: 2, classTeacher: { userId: teacher.id } });
    const cleared = await call('PATCH', url, P(), { classTeacherId: null });
    expect(cleared.json().result).toMatchObject({ classTeacher: null, section: 'D', classLimit: 2 });
    const set = await call('PATCH', `/api/school/class/${b.assignClassId}`, P(), { classTeacherId: teacher.id });
    expect(set.json().result.classTeacher).toMatchObject({ userId: teacher.id });
    // Nothing sent: the class as it is.
    expect((await call('PATCH', url, P(), {})).json().result).toMatchObject({ section: 'D', classLimit: 2 });
  });

  it('removes only a section with no students and no subjects; 404 for another school’s', async () => {
    const made = (await call('POST', '/api/school/class', P(), newClass({ masterClass: '8', sections: ['A', 'B', 'C'].map((section) => ({ section, classLimit: 30 })) }))).json().result;
    const [a, b, c] = made as Array<{ assignClassId: string }>;
    const student = await env.f.user(116, mine.school);
    await env.db.insert(classStudents).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, classId: a!.assignClassId, studentId: student.id });
    const [subject] = await env.db.insert(subjects).values({ schoolId: mine.school.id, name: `Subject ${randomUUID().slice(0, 6)}` }).returning();
    await env.db.insert(classSubjects).values({ schoolId: mine.school.id, classId: b!.assignClassId, subjectId: subject!.id });

    const url = (id: string) => `/api/school/class/${id}`;
    expect((await call('DELETE', url(c!.assignClassId))).statusCode).toBe(401);
    expect((await call('DELETE', url(c!.assignClassId), mine.users[114].token)).statusCode).toBe(403);
    expect((await call('DELETE', url('nope'), P())).statusCode).toBe(400);
    expect((await call('DELETE', url(c!.assignClassId), theirs.users[113].token)).statusCode).toBe(404);
    const before = await classesOf(mine.school.id);
    const withStudent = await call('DELETE', url(a!.assignClassId), P());
    expect(withStudent.statusCode).toBe(409);
    expect(withStudent.json()).toMatchObject({ reason: 'class_not_empty', params: { students: 1, subjects: 0 } });
    const withSubject = await call('DELETE', url(b!.assignClassId), P());
    expect(withSubject.json()).toMatchObject({ reason: 'class_not_empty', params: { students: 0, subjects: 1 } });
    expect(await classesOf(mine.school.id)).toEqual(before);

    const ok = await call('DELETE', url(c!.assignClassId), A());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBeTruthy();
    expect((await env.db.select().from(classes).where(eq(classes.id, c!.assignClassId))).length).toBe(0);
    expect((await call('DELETE', url(c!.assignClassId), P())).statusCode).toBe(404);
  });

  it('lists a session’s classes in master order with counts, search and the status filter (both routes)', async () => {
    // A fresh school with three sections: Pending (nothing), Incomplete (a class teacher), Complete.
    const school = await env.f.school();
    const admin = await env.f.user(113, school);
    const token = await env.f.token(admin);
    const t1 = await env.f.user(114, school);
    const t2 = await env.f.user(114, school);
    const made = (
      await call('POST', '/api/school/class', token, {
        sessionId: school.sessionId,
        masterClass: '2',
        sections: [
          { section: 'C', classLimit: 30, classTeacherId: t1.id },
          { section: 'A', classLimit: 30 },
          { section: 'B', classLimit: 30, classTeacherId: t1.id },
        ],
      })
    ).json().result as Array<{ assignClassId: string; section: string }>;
    expect(made.map((c) => c.section)).toEqual(['A', 'B', 'C']);
    const [pendingA, incompleteB, completeC] = made;
    const nursery = (await call('POST', '/api/school/class', token, { sessionId: school.sessionId, masterClass: 'NUR', sections: [{ section: 'A', classLimit: 20 }] })).json().result[0];
    const [maths, hindi] = await env.db
      .insert(subjects)
      .values([
        { schoolId: school.id, name: 'Mathematics', masterCode: 'MATH' },
        { schoolId: school.id, name: 'Hindi', masterCode: 'HIN' },
      ])
      .returning();
    const kids = [await env.f.user(116, school), await env.f.user(116, school), await env.f.user(116, school)];
    // C: class teacher, every subject taught, students: complete.
    await env.db.insert(classSubjects).values([
      { schoolId: school.id, classId: completeC!.assignClassId, subjectId: maths!.id, teacherId: t1.id },
      { schoolId: school.id, classId: completeC!.assignClassId, subjectId: hindi!.id, teacherId: t2.id },
      // B: a subject without a teacher and a student: still incomplete.
      { schoolId: school.id, classId: incompleteB!.assignClassId, subjectId: maths!.id, teacherId: null },
    ]);
    await env.db.insert(classStudents).values([
      { schoolId: school.id, sessionId: school.sessionId, classId: completeC!.assignClassId, studentId: kids[0]!.id },
      { schoolId: school.id, sessionId: school.sessionId, classId: completeC!.assignClassId, studentId: kids[1]!.id },
      { schoolId: school.id, sessionId: school.sessionId, classId: incompleteB!.assignClassId, studentId: kids[2]!.id },
    ]);

    const list = (q: string) => call('GET', `/api/school/class?sessionId=${school.sessionId}${q}`, token);
    const assigned = (q: string) => call('GET', `/api/school/getallassignclass/${school.sessionId}${q ? `?${q.slice(1)}` : ''}`, token);
    expect((await call('GET', `/api/school/class?sessionId=${school.sessionId}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/school/class?sessionId=${school.sessionId}`, mine.users[114].token)).statusCode).toBe(403);
    expect((await call('GET', `/api/school/getallassignclass/${school.sessionId}`, mine.users[116].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/school/class', token)).statusCode).toBe(400);
    expect((await list('&status=done')).statusCode).toBe(400);
    expect((await call('GET', '/api/school/getallassignclass/nope', token)).statusCode).toBe(400);
    // Another school's session: 404 (not an empty list that would confirm nothing either way).
    expect((await call('GET', `/api/school/class?sessionId=${school.sessionId}`, P())).statusCode).toBe(404);
    expect((await call('GET', `/api/school/getallassignclass/${school.sessionId}`, P())).statusCode).toBe(404);

    for (const get of [list, assigned]) {
      const all = (await get('')).json().result;
      expect(all.total).toBe(4);
      expect(all.items.map((c: { className: string; section: string }) => `${c.className}-${c.section}`)).toEqual(['Nursery-A', '2-A', '2-B', '2-C']);
      expect(all.items[3]).toMatchObject({ assignClassId: completeC!.assignClassId, students: 2, teachers: 2, subjects: 2, status: 'complete' });
      expect(all.items[2]).toMatchObject({ students: 1, teachers: 1, subjects: 1, status: 'incomplete' });
      expect(all.items[1]).toMatchObject({ students: 0, teachers: 0, subjects: 0, status: 'pending' });
      const status = async (s: string) => (await get(`&status=${s}`)).json().result.items.map((c: { assignClassId: string }) => c.assignClassId);
      expect(await status('complete')).toEqual([completeC!.assignClassId]);
      expect(await status('incomplete')).toEqual([incompleteB!.assignClassId]);
      expect(await status('pending')).toEqual([nursery.assignClassId, pendingA!.assignClassId]);
      expect(await status('all')).toHaveLength(4);
      const search = async (s: string) => (await get(`&search=${encodeURIComponent(s)}`)).json().result.items.map((c: { className: string; section: string }) => `${c.className}-${c.section}`);
      expect(await search('nurs')).toEqual(['Nursery-A']);
      expect(await search('नर्सरी')).toEqual(['Nursery-A']);
      expect(await search('Class 2')).toEqual(['2-A', '2-B', '2-C']);
      expect(await search('c')).toEqual(['2-C']);
      const paged = (await get('&pageSize=2&page=2')).json().result;
      expect(paged).toMatchObject({ total: 4, page: 2 });
      expect(paged.items.map((c: { section: string }) => c.section)).toEqual(['B', 'C']);
      expect((await get('&pageSize=2&page=5')).json().result).toMatchObject({ items: [], total: 4 });
      expect((await get('&status=complete&search=nurs')).json().result).toMatchObject({ items: [], total: 0 });
    }
    // An empty session of the school: an empty list.
    const empty = (await call('POST', '/api/school/session', token, { label: '2030-31', startDate: '2030-04-01', endDate: '2031-03-31' })).json().result;
    expect((await call('GET', `/api/school/class?sessionId=${empty.sessionId}`, token)).json().result).toMatchObject({ items: [], total: 0 });
    // The counts live in the class rows' school only.
    const rows = await env.db.select().from(classes).where(and(eq(classes.schoolId, school.id)));
    expect(rows).toHaveLength(4);
  });
});
