import { afterAll, beforeAll, expect, it } from 'vitest';
import { everyRole, multipart, setupApp, type TestEnv } from './helpers.js';

/**
 * List totals and dashboard counts come from counters a trigger keeps in the same transaction:
 * they must follow every way people are added, deactivated and imported, and match a count.
 */
let env: TestEnv;
let token: string;
beforeAll(async () => {
  env = await setupApp();
  const { users } = await everyRole(env);
  token = users[113].token;
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
