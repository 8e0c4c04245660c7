import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, classes, subjects } from '../src/db/schema.js';
import { notify } from '../src/modules/notifications/service.js';
import { noRealtime } from '../src/realtime/index.js';
import { everyRole, setupApp, type TestEnv } from './helpers.js';

let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
});
afterAll(() => env?.close());

const get = (url: string, token: string) => env.app.inject({ url, headers: { token } });

describe('GET /api/account/:userId', () => {
  it('returns the own profile with school name', async () => {
    const t = mine.users[114];
    const res = await get(`/api/account/${t.id}`, t.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      userId: t.id,
      loginId: t.loginId,
      roleId: 114,
      fullName: t.name,
      schoolId: mine.school.id,
      schoolName: mine.school.name,
      image: null,
      status: true,
    });
    expect(res.json().result).not.toHaveProperty('passwordHash');
  });

  it('answers 404 for another school’s user and for another user of the same school', async () => {
    const t = mine.users[114];
    expect((await get(`/api/account/${theirs.users[114].id}`, t.token)).statusCode).toBe(404);
    expect((await get(`/api/account/${mine.users[116].id}`, t.token)).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const res = await get('/api/account/1%20or%201=1', mine.users[113].token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/school/session', () => {
  it('lists only the own school’s sessions, newest first', async () => {
    await env.db.insert(academicSessions).values({
      schoolId: mine.school.id,
      label: '2025-26',
      startDate: '2025-04-01',
      endDate: '2026-03-31',
    });
    const res = await get('/api/school/session', mine.users[113].token);
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list.map((s: { sessionYear: string }) => s.sessionYear)).toEqual(['2026-27', '2025-26']);
    expect(list[0]).toMatchObject({ sessionId: mine.school.sessionId, isCurrent: true, startDate: '2026-04-01' });
    const other = await get('/api/school/session', theirs.users[113].token);
    expect(other.json().result.map((s: { sessionId: string }) => s.sessionId)).toEqual([theirs.school.sessionId]);
  });

  it('is empty for the platform owner, who has no school', async () => {
    const res = await get('/api/school/session', mine.users[111].token);
    expect(res.json()).toEqual({ result: [] });
  });
});

describe('notifications', () => {
  it('lists own notifications newest first, paginated, with the unread count; reading resets it', async () => {
    const teacher = mine.users[114];
    for (let i = 1; i <= 3; i++) {
      await notify({ realtime: noRealtime }, env.db, {
        schoolId: mine.school.id,
        userId: teacher.id,
        senderId: mine.users[113].id,
        senderName: mine.users[113].name,
        message: `Message ${i}`,
      });
      await new Promise((r) => setTimeout(r, 5));
    }
    await notify({ realtime: noRealtime }, env.db, {
      schoolId: theirs.school.id,
      userId: theirs.users[114].id,
      senderId: null,
      senderName: 'Elsewhere',
      message: 'Not yours',
    });
    const page1 = await get('/api/notifications?pageSize=2', teacher.token);
    expect(page1.statusCode).toBe(200);
    const r1 = page1.json().result;
    expect(r1).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(r1.items.map((n: { message: string }) => n.message)).toEqual(['Message 3', 'Message 2']);
    expect(r1.items[0]).toMatchObject({ senderId: mine.users[113].id, fullName: mine.users[113].name, read: false });
    expect(new Date(r1.items[0].timestamp).toString()).not.toBe('Invalid Date');
    const page2 = (await get('/api/notifications?pageSize=2&page=2', teacher.token)).json().result;
    expect(page2.items.map((n: { message: string }) => n.message)).toEqual(['Message 1']);

    const read = await env.app.inject({ method: 'PATCH', url: '/api/notifications/read', headers: { token: teacher.token } });
    expect(read.json()).toEqual({ result: { unread: 0 } });
    expect((await get('/api/notifications', teacher.token)).json().result.unread).toBe(0);
    expect((await get('/api/notifications', theirs.users[114].token)).json().result.unread).toBe(1);
  });

  it('bounds the page size', async () => {
    for (const q of ['pageSize=1000', 'page=0', 'page=abc']) {
      const res = await get(`/api/notifications?${q}`, mine.users[114].token);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /api/dashboard', () => {
  it('shows each role the counts that concern it, from its own school only', async () => {
    // My school: one of each role plus 2 more students (one a child of my parent), 3 classes of the
    // current session and 1 of another, 2 active subjects and 1 inactive.
    const parent = mine.users[115];
    await env.f.user(116, mine.school, { parentUserId: parent.id });
    await env.f.user(116, mine.school);
    await env.db.insert(classes).values(
      ['1', '2', '3'].map((name) => ({ schoolId: mine.school.id, sessionId: mine.school.sessionId, masterClass: name, name })),
    );
    const [older] = await env.db
      .insert(academicSessions)
      .values({ schoolId: mine.school.id, label: '2024-25', startDate: '2024-04-01', endDate: '2025-03-31' })
      .returning();
    await env.db.insert(classes).values({ schoolId: mine.school.id, sessionId: older!.id, masterClass: '1', name: '1' });
    await env.db.insert(subjects).values([
      { schoolId: mine.school.id, name: 'English', masterCode: 'ENG' },
      { schoolId: mine.school.id, name: 'Art', masterCode: 'ART' },
      { schoolId: mine.school.id, name: 'Dance', status: false },
    ]);
    const counts = async (role: 112 | 113 | 114 | 115 | 116, query = '') =>
      (await get(`/api/dashboard${query}`, mine.users[role].token)).json().result.counts;

    expect(await counts(112)).toEqual({ admins: 1, teachers: 1, students: 3, parents: 1, classes: 3, subjects: 2 });
    expect(await counts(113)).toEqual({ teachers: 1, students: 3, parents: 1, classes: 3, subjects: 2 });
    expect(await counts(114)).toEqual({ classes: 0, students: 0 }); // its own classes: none yet
    expect(await counts(115)).toEqual({ students: 1 });
    expect(await counts(116)).toEqual({ teachers: 1, classes: 3 });
    // The header's session picks the classes counted.
    expect(await counts(113, `?sessionId=${older!.id}`)).toEqual({ teachers: 1, students: 3, parents: 1, classes: 1, subjects: 2 });
    expect(await counts(116, `?sessionId=${older!.id}`)).toEqual({ teachers: 1, classes: 1 });
    expect((await get(`/api/dashboard?sessionId=${theirs.school.sessionId}`, mine.users[113].token)).statusCode).toBe(404);
    expect((await get('/api/dashboard', theirs.users[113].token)).json().result.counts).toEqual({
      teachers: 1,
      students: 1,
      parents: 1,
      classes: 0,
      subjects: 0,
    });
  });

  it('shows the platform owner counts across all schools', async () => {
    const res = await get('/api/dashboard', mine.users[111].token);
    const c = res.json().result.counts;
    expect(Object.keys(c).sort()).toEqual(['admins', 'parents', 'schools', 'students', 'systemAdmins', 'teachers']);
    expect(c.schools).toBe(2);
    expect(c.systemAdmins).toBe(2);
    expect(c.students).toBe(4);
  });
});

describe('web and fallbacks', () => {
  it('answers unknown API paths with a 404 envelope and redirects / to the web app', async () => {
    const res = await env.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
    const root = await env.app.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/sms_frontend/');
  });

  it('serves health and the OpenAPI document', async () => {
    expect((await env.app.inject({ url: '/api/health' })).json()).toEqual({ result: { status: 'ok', database: 'ok' } });
    const doc = (await env.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/signin', '/api/dashboard', '/api/school/session']));
  });
});
