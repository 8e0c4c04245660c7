import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@shala/contract';
import { everyRole, multipart, setupApp, type TestEnv, type TestSchool } from './helpers.js';

/**
 * List totals and dashboard counts come from counters a trigger keeps in the same transaction:
 * they must follow every way people are added, deactivated and imported, and match a count.
 */
let env: TestEnv;
let token: string;
let school: TestSchool;
beforeAll(async () => {
  env = await setupApp();
  const { users, school: s } = await everyRole(env);
  token = users[113].token;
  school = s;
});
afterAll(() => env?.close());

const get = async (url: string) => {
  const res = await env.app.inject({ url, headers: { token } });
  expect(res.statusCode).toBe(200);
  return res.json().result;
};

it('totals and dashboard follow creation, deactivation and import, on any page and with a search', async () => {
  const before = (await get('/api/dashboard')).counts.teachers as number;
  const ids: string[] = [];
  for (const name of ['Kavya', 'Kabir', 'Meera']) {
    const res = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: { firstName: name, lastName: 'Rao' } });
    expect(res.statusCode).toBe(200);
    ids.push(res.json().result.person.userId);
  }
  expect((await get('/api/dashboard')).counts.teachers).toBe(before + 3);
  expect((await get('/api/school/teacher?pageSize=1')).total).toBe(before + 3);

  const off = await env.app.inject({ method: 'PATCH', url: `/api/school/teacher/${ids[0]}/status`, headers: { token }, payload: { status: false } });
  expect(off.statusCode).toBe(200);
  expect((await get('/api/dashboard')).counts.teachers).toBe(before + 2);
  expect((await get('/api/school/teacher?status=active')).total).toBe(before + 2);
  expect((await get('/api/school/teacher?status=inactive')).total).toBe(1);
  expect((await get('/api/school/teacher')).total).toBe(before + 3);
  // A page past the end still tells the total.
  const far = await get('/api/school/teacher?page=50&pageSize=100');
  expect(far.items).toEqual([]);
  expect(far.total).toBe(before + 3);
  // A search counts its matches (here: the two whose names start with "ka"), on every page.
  expect((await get('/api/school/teacher?search=KA')).total).toBe(2);
  expect((await get('/api/school/teacher?search=ka&page=9')).total).toBe(2);
  expect((await get('/api/school/teacher?search=ka&status=active')).total).toBe(1);

  const csv = ['firstName,lastName,email', 'Asha,Verma,', 'Vikram,Singh,'].join('\n');
  const file = multipart('file', 'teachers.csv', csv);
  const imported = await env.app.inject({ method: 'POST', url: '/api/school/import/teachers?dryRun=false', headers: { token, ...file.headers }, payload: file.payload });
  expect(imported.statusCode).toBe(200);
  expect(imported.json().result.imported).toBe(2);
  expect((await get('/api/dashboard')).counts.teachers).toBe(before + 4);
  expect((await get('/api/school/teacher')).total).toBe(before + 5);
});

it('counts a broad search up to the cap ("1,000+") on every page, and a narrow one exactly', async () => {
  // One past the cap of Vermas and three Kavya Menons, in one statement.
  await env.db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
    select ${school.id}::uuid, 116, ${school.code} || '-CAP' || i, case when i <= 3 then 'Kavya' else 'Aarav' end,
      case when i <= 3 then 'Menon' else 'Verma' end, 'not-a-hash'
    from generate_series(1, ${SEARCH_COUNT_CAP + 4}::int) as i`);
  const broad = await get('/api/school/student?search=verma');
  expect(broad).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, page: 1 });
  expect(broad.items).toHaveLength(20);
  // Past the last counted page the list goes on (the 1,001st Verma); past the end, the cap is still the total.
  const beyond = await get('/api/school/student?search=verma&page=51');
  expect(beyond).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
  expect(beyond.items).toHaveLength(1);
  expect(await get('/api/school/student?search=verma&page=999')).toMatchObject({ items: [], total: SEARCH_COUNT_CAP, totalCapped: true });
  // The list of a session counts its search the same way.
  expect(await get(`/api/school/student?sessionId=${school.sessionId}&search=verma`)).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
  // Exact below the cap, without the flag; the whole list's total stays exact (the counters).
  const narrow = await get('/api/school/student?search=kavya%20menon');
  expect(narrow.total).toBe(3);
  expect(narrow).not.toHaveProperty('totalCapped');
  const all = await get('/api/school/student');
  expect(all.total).toBe(SEARCH_COUNT_CAP + 5); // with everyRole's student
  expect(all).not.toHaveProperty('totalCapped');
});
