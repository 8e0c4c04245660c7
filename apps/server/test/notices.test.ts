import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { notices, notifications } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * The notice board: the principal publishes (the targeted active users of the school are told),
 * lists, edits and switches notices; each school role reads the active notices for its role on its
 * dashboard. Each route: 401, 400, 403 for a wrong role, 404 for another school's notice, success;
 * refused requests change nothing.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
});
afterAll(() => env?.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });

const url = '/api/school/noticeboard';
const board = '/api/school/noticeboard/board';
const P = () => mine.users[113].token;
const notPrincipals = () => [mine.users[111], mine.users[112], mine.users[114], mine.users[115], mine.users[116]];

const noticesOf = (schoolId: string) => env.db.select().from(notices).where(eq(notices.schoolId, schoolId)).orderBy(asc(notices.createdAt), asc(notices.id));
const bellOf = (userId: string) => env.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt));

let n = 0;
const body = (over: object = {}) => ({ title: `Notice ${++n}`, description: 'Some words\non two lines', date: '2026-07-01', roles: [114], ...over });

async function publish(token: string, over: object = {}) {
  const res = await call('POST', url, token, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { noticeId: string; title: string; status: boolean; roles: number[]; authorName: string; date: string };
}

describe('publishing a notice', () => {
  it('is active at once, names its author, and tells the active users of its roles in the school only', async () => {
    const school = mine.school;
    const teacher2 = await env.f.user(114, school);
    const parent2 = await env.f.user(115, school);
    const inactiveTeacher = await env.f.user(114, school, { status: false });
    const otherPrincipal = await env.f.user(113, school);
    const before = {
      teacher: (await bellOf(mine.users[114].id)).length,
      student: (await bellOf(mine.users[116].id)).length,
      admin: (await bellOf(mine.users[112].id)).length,
      author: (await bellOf(mine.users[113].id)).length,
      theirTeacher: (await bellOf(theirs.users[114].id)).length,
    };

    const res = await call('POST', url, P(), body({ title: 'Parent meeting on Saturday', roles: [114, 115, 113] }));
    expect(res.statusCode).toBe(200);
    const notice = res.json().result;
    expect(notice).toMatchObject({ title: 'Parent meeting on Saturday', description: 'Some words\non two lines', date: '2026-07-01', roles: [114, 115, 113], status: true, authorName: mine.users[113].name });

    const told = async (id: string) => (await bellOf(id)).filter((x) => x.message === 'Parent meeting on Saturday');
    for (const u of [mine.users[114], teacher2, parent2, mine.users[115], otherPrincipal]) {
      const [note, ...more] = await told(u.id);
      expect(more).toHaveLength(0);
      expect(note).toMatchObject({ kind: 'notice', link: '/dashboard', senderId: mine.users[113].id, senderName: mine.users[113].name, schoolId: school.id });
    }
    // Not the author, not other roles, not inactive users, not another school.
    expect(await told(mine.users[113].id)).toHaveLength(0);
    expect(await told(inactiveTeacher.id)).toHaveLength(0);
    expect((await bellOf(mine.users[116].id)).length).toBe(before.student);
    expect((await bellOf(mine.users[112].id)).length).toBe(before.admin);
    expect((await bellOf(theirs.users[114].id)).length).toBe(before.theirTeacher);
    expect((await bellOf(mine.users[114].id)).length).toBe(before.teacher + 1);
  });

  it('refuses 401 without a session, 403 to any role but 113, 400 for bad input; nothing is saved or sent', async () => {
    const before = await noticesOf(mine.school.id);
    const bell = (await bellOf(mine.users[114].id)).length;
    expect((await call('POST', url, undefined, body())).statusCode).toBe(401);
    for (const u of notPrincipals()) {
      const res = await call('POST', url, u.token, body());
      expect(res.statusCode, `role ${u.roleId}`).toBe(403);
    }
    for (const [bad, field] of [
      [body({ title: '' }), 'body.title'],
      [body({ title: 'x'.repeat(151) }), 'body.title'],
      [body({ description: '' }), 'body.description'],
      [body({ date: '2026-02-30' }), 'body.date'],
      [body({ roles: [] }), 'body.roles'],
      [body({ roles: [111] }), 'body.roles.0'],
      [body({ roles: [114, 114] }), 'body.roles'],
      [body({ title: 'bad\u0000title' }), 'body.title'],
    ] as const) {
      const res = await call('POST', url, P(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
      expect(res.json().issues.map((i: { path: string }) => i.path), JSON.stringify(bad)).toContain(field);
    }
    expect(await noticesOf(mine.school.id)).toEqual(before);
    expect((await bellOf(mine.users[114].id)).length).toBe(bell);
  });
});

describe("the principal's list", () => {
  it('lists the school’s notices newest first (date, then written), filtered by status and searched by title, with the total', async () => {
    const p = await everyRole(env);
    const token = p.users[113].token;
    const a = await publish(token, { title: 'Sports day', date: '2026-05-10' });
    const b = await publish(token, { title: 'Staff meeting', date: '2026-06-01' });
    const c = await publish(token, { title: 'Sports kit 50%_off', date: '2026-06-01' });
    await call('PATCH', `${url}/${a.noticeId}/status`, token, { status: false });
    // Another school's notices never show.
    await publish(theirs.users[113].token, { title: 'Sports elsewhere' });

    const list = async (q: string) => (await call('GET', `${url}?${q}`, token)).json().result as { items: { title: string; status: boolean }[]; total: number };
    const all = await list('');
    expect(all.items.map((x) => x.title)).toEqual([c.title, b.title, a.title]);
    expect(all.total).toBe(3);
    expect((await list('status=active')).items.map((x) => x.title)).toEqual([c.title, b.title]);
    expect((await list('status=inactive')).items).toMatchObject([{ title: 'Sports day', status: false }]);
    expect((await list('search=SPORTS')).items.map((x) => x.title)).toEqual([c.title, a.title]);
    expect((await list('search=50%25_')).items.map((x) => x.title)).toEqual([c.title]);
    expect((await list('search=%25')).items.map((x) => x.title)).toEqual([c.title]);
    const page2 = await list('pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 3, items: [{ title: 'Sports day' }] });
    expect(await list('pageSize=2&page=3')).toMatchObject({ total: 3, items: [] });
  });

  it('refuses 401, 403 to other roles, 400 for a bad filter', async () => {
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const u of notPrincipals()) expect((await call('GET', url, u.token)).statusCode, `role ${u.roleId}`).toBe(403);
    expect((await call('GET', `${url}?status=maybe`, P())).statusCode).toBe(400);
    expect((await call('GET', `${url}?pageSize=1000`, P())).statusCode).toBe(400);
  });
});

describe('one notice: get, edit, status', () => {
  it('gets a notice of the school; another school’s or an unknown id is 404', async () => {
    const mineNotice = await publish(P(), { title: 'To read' });
    const theirNotice = await publish(theirs.users[113].token);
    const res = await call('GET', `${url}/${mineNotice.noticeId}`, P());
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ noticeId: mineNotice.noticeId, title: 'To read', authorName: mine.users[113].name });
    expect((await call('GET', `${url}/${theirNotice.noticeId}`, P())).statusCode).toBe(404);
    expect((await call('GET', `${url}/${randomUUID()}`, P())).statusCode).toBe(404);
    expect((await call('GET', `${url}/nope`, P())).statusCode).toBe(400);
    expect((await call('GET', `${url}/${mineNotice.noticeId}`)).statusCode).toBe(401);
    for (const u of notPrincipals()) expect((await call('GET', `${url}/${mineNotice.noticeId}`, u.token)).statusCode).toBe(403);
  });

  it('edits only the fields given (by another principal too: the author stays), and nobody is told again', async () => {
    const original = await publish(P(), { title: 'First title', roles: [115] });
    const other = await env.f.user(113, mine.school, { firstName: 'Other' });
    const bell = (await bellOf(mine.users[115].id)).length;
    const res = await call('PATCH', `${url}/${original.noticeId}`, await env.f.token(other), { title: 'Second title', roles: [115, 116] });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ title: 'Second title', description: 'Some words\non two lines', date: original.date, roles: [115, 116], status: true, authorName: mine.users[113].name });
    const same = await call('PATCH', `${url}/${original.noticeId}`, P(), {});
    expect(same.json().result).toMatchObject({ title: 'Second title' });
    expect((await bellOf(mine.users[115].id)).length).toBe(bell);
  });

  it('refuses a bad edit, another school’s notice, other roles; nothing changes', async () => {
    const target = await publish(P(), { title: 'Stays' });
    const theirNotice = await publish(theirs.users[113].token, { title: 'Theirs stays' });
    const before = [...(await noticesOf(mine.school.id)), ...(await noticesOf(theirs.school.id))];
    expect((await call('PATCH', `${url}/${target.noticeId}`, undefined, { title: 'X' })).statusCode).toBe(401);
    for (const u of notPrincipals()) expect((await call('PATCH', `${url}/${target.noticeId}`, u.token, { title: 'X' })).statusCode).toBe(403);
    for (const bad of [{ title: '' }, { roles: [] }, { roles: [116, 116] }, { date: 'tomorrow' }, { title: 7 }]) {
      expect((await call('PATCH', `${url}/${target.noticeId}`, P(), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('PATCH', `${url}/${theirNotice.noticeId}`, P(), { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call('PATCH', `${url}/${theirNotice.noticeId}/status`, P(), { status: false })).statusCode).toBe(404);
    expect((await call('PATCH', `${url}/${randomUUID()}/status`, P(), { status: false })).statusCode).toBe(404);
    expect((await call('PATCH', `${url}/${target.noticeId}/status`, P(), { status: 'no' })).statusCode).toBe(400);
    expect((await call('PATCH', `${url}/${target.noticeId}/status`, undefined, { status: false })).statusCode).toBe(401);
    for (const u of notPrincipals()) expect((await call('PATCH', `${url}/${target.noticeId}/status`, u.token, { status: false })).statusCode).toBe(403);
    expect([...(await noticesOf(mine.school.id)), ...(await noticesOf(theirs.school.id))]).toEqual(before);
  });

  it('switches a notice off and on by its id', async () => {
    const target = await publish(P(), { title: 'Switch me' });
    const off = await call('PATCH', `${url}/${target.noticeId}/status`, P(), { status: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().result).toMatchObject({ noticeId: target.noticeId, status: false });
    const [row] = await env.db.select().from(notices).where(and(eq(notices.id, target.noticeId)));
    expect(row!.status).toBe(false);
    const on = await call('PATCH', `${url}/${target.noticeId}/status`, P(), { status: true });
    expect(on.json().result.status).toBe(true);
  });
});

describe('the board', () => {
  it('shows each role the active notices addressed to it, newest first, a page at a time', async () => {
    const s = await everyRole(env);
    const token = s.users[113].token;
    const old = await publish(token, { title: 'Old for all', date: '2026-04-10', roles: [112, 113, 114, 115, 116] });
    const teachers = await publish(token, { title: 'Teachers only', date: '2026-05-01', roles: [114] });
    const parents = await publish(token, { title: 'Parents and teachers', date: '2026-05-01', roles: [114, 115] });
    const off = await publish(token, { title: 'Switched off', date: '2026-06-01', roles: [114, 115, 116] });
    await call('PATCH', `${url}/${off.noticeId}/status`, token, { status: false });
    await publish(theirs.users[113].token, { title: 'Another school', roles: [114] });

    const titles = async (role: 112 | 113 | 114 | 115 | 116, q = '') => {
      const res = await call('GET', `${board}${q}`, s.users[role].token);
      expect(res.statusCode).toBe(200);
      return res.json().result as { items: { title: string; authorName: string }[]; total: number };
    };
    expect((await titles(114)).items.map((x) => x.title)).toEqual([parents.title, teachers.title, old.title]);
    expect((await titles(115)).items.map((x) => x.title)).toEqual([parents.title, old.title]);
    expect((await titles(116)).items.map((x) => x.title)).toEqual([old.title]);
    expect((await titles(112)).items.map((x) => x.title)).toEqual([old.title]);
    expect((await titles(114)).items[0]!.authorName).toBe(s.users[113].name);
    expect(await titles(114, '?pageSize=2')).toMatchObject({ total: 3, items: [{ title: parents.title }, { title: teachers.title }] });
    expect(await titles(114, '?pageSize=2&page=2')).toMatchObject({ total: 3, items: [{ title: old.title }] });
    expect(await titles(114, '?pageSize=2&page=3')).toMatchObject({ total: 3, items: [] });

    // Switched on again, it is back on the board.
    await call('PATCH', `${url}/${off.noticeId}/status`, token, { status: true });
    expect((await titles(116)).items.map((x) => x.title)).toEqual([off.title, old.title]);
  });

  it('refuses 401, the platform owner (403), a bad page (400)', async () => {
    expect((await call('GET', board)).statusCode).toBe(401);
    expect((await call('GET', board, mine.users[111].token)).statusCode).toBe(403);
    expect((await call('GET', `${board}?page=0`, mine.users[114].token)).statusCode).toBe(400);
    expect((await call('GET', `${board}?pageSize=abc`, mine.users[114].token)).statusCode).toBe(400);
  });

  it('costs the same statements with 2 notices or 40', async () => {
    const s = await everyRole(env);
    const token = s.users[113].token;
    const read = () => countStatements(env, s.school.id, () => call('GET', board, s.users[114].token));
    await publish(token);
    await publish(token);
    const small = await read();
    await env.db.insert(notices).values(Array.from({ length: 38 }, (_, i) => ({ schoolId: s.school.id, title: `Bulk ${i}`, description: 'x', date: '2026-06-01', roles: [114], createdBy: s.users[113].id })));
    const big = await read();
    expect(big.result.json().result.total).toBe(40);
    expect(big.statements).toBe(small.statements);
  });
});
