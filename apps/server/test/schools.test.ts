import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRole, latestMail, setupApp, waitFor, type TestEnv } from './helpers.js';

let env: TestEnv;
let owner: string;
let ctx: Awaited<ReturnType<typeof everyRole>>;

beforeAll(async () => {
  env = await setupApp();
  ctx = await everyRole(env);
  owner = ctx.users[111].token;
});
afterAll(() => env?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  env.app.inject({ method, url, headers: { token }, payload });

const full = {
  name: 'Delhi Public School',
  websiteName: 'dps.example.in',
  email: 'Office@DPS.example.in',
  phone: '+91 11 2345 6789',
  address: 'Mathura Road',
  state: 'Delhi',
  district: 'New Delhi',
  city: 'New Delhi',
  zipCode: '110003',
  affiliationNo: '2730123',
  udiseCode: '07050100101',
};

describe('schools (platform owner)', () => {
  it('adds a school with every field, a generated code and its current session', async () => {
    const res = await call('POST', '/api/schools', owner, full);
    expect(res.statusCode).toBe(200);
    const s = res.json().result;
    expect(s).toMatchObject({ ...full, email: 'office@dps.example.in', code: 'DPS', status: true, isDraft: false, image: null });
    const again = (await call('POST', '/api/schools', owner, { ...full, email: null })).json().result;
    expect(again.code).toBe('DPS2');
  });

  it('saves a draft, lists newest first with search and status filters, paginated', async () => {
    const draft = (await call('POST', '/api/schools', owner, { name: 'Kendriya Vidyalaya Draft', isDraft: true })).json().result;
    expect(draft.isDraft).toBe(true);
    const page = (await call('GET', '/api/schools?pageSize=2', owner)).json().result;
    expect(page.items[0].schoolId).toBe(draft.schoolId);
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    const drafts = (await call('GET', '/api/schools?status=draft', owner)).json().result;
    expect(drafts.items.map((x: { name: string }) => x.name)).toEqual(['Kendriya Vidyalaya Draft']);
    const found = (await call('GET', '/api/schools?search=public', owner)).json().result;
    expect(found.items.every((x: { name: string }) => x.name === 'Delhi Public School')).toBe(true);
    expect(found.total).toBe(2);
    const none = (await call('GET', `/api/schools?search=${encodeURIComponent("%' or 1=1 --")}`, owner)).json().result;
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('edits only the fields sent and validates them', async () => {
    const s = (await call('POST', '/api/schools', owner, { name: 'Sunrise Academy', isDraft: true })).json().result;
    const res = await call('PATCH', `/api/schools/${s.schoolId}`, owner, { city: 'Pune', isDraft: false });
    expect(res.json().result).toMatchObject({ name: 'Sunrise Academy', city: 'Pune', isDraft: false });
    const bad = await call('PATCH', `/api/schools/${s.schoolId}`, owner, { zipCode: '12', email: 'not-an-email', udiseCode: '0705' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.email', 'body.udiseCode', 'body.zipCode']);
    expect((await call('GET', `/api/schools/${s.schoolId}`, owner)).json().result.city).toBe('Pune');
  });

  it('deactivating a school stops its users and ends their sessions', async () => {
    const principal = ctx.users[113];
    expect((await call('GET', '/api/dashboard', principal.token)).statusCode).toBe(200);
    const off = await call('PATCH', `/api/schools/${ctx.school.id}/status`, owner, { status: false });
    expect(off.json()).toMatchObject({ message: 'Deactivated', result: { status: false } });
    expect((await call('GET', '/api/dashboard', principal.token)).statusCode).toBe(401);
    const signin = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: principal.loginId, password: principal.password } });
    expect(signin.json().error).toBe('SCHOOL_INACTIVE');
    await call('PATCH', `/api/schools/${ctx.school.id}/status`, owner, { status: true });
    const back = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: principal.loginId, password: principal.password } });
    expect(back.statusCode).toBe(200);
  });

  it('answers 404 for an unknown school and 403 to every other role', async () => {
    expect((await call('GET', '/api/schools/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
    const fresh = await everyRole(env);
    for (const role of [112, 113, 114, 115, 116] as const) {
      expect((await call('GET', '/api/schools', fresh.users[role].token)).statusCode).toBe(403);
      expect((await call('POST', '/api/schools', fresh.users[role].token, full)).statusCode).toBe(403);
      expect((await call('PATCH', `/api/schools/${fresh.school.id}/status`, fresh.users[role].token, { status: false })).statusCode).toBe(403);
    }
  });
});

describe('system admins of a school', () => {
  it('adds one with a generated login id and first password, shown once and mailed', async () => {
    const s = (await call('POST', '/api/schools', owner, { name: 'Green Valley School' })).json().result;
    const res = await call('POST', `/api/schools/${s.schoolId}/admins`, owner, { firstName: 'Kavita', lastName: 'Rao', email: 'kavita@gv.example.in' });
    expect(res.statusCode).toBe(200);
    const { person, loginId, password, mailed } = res.json().result;
    expect(loginId).toBe(`${s.code}-A0001`);
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(mailed).toBe(true);
    expect(person).toMatchObject({ roleId: 112, schoolId: s.schoolId, schoolName: 'Green Valley School', fullName: 'Kavita Rao' });
    const mail = await waitFor(() => {
      const m = latestMail(env);
      return m?.includes('kavita@gv.example.in') ? m : null;
    });
    expect(mail).toContain(loginId);
    expect(mail).toContain(password);
    // The new admin signs in with it; the password is not readable anywhere afterwards.
    const signin = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId, password } });
    expect(signin.json().result).toMatchObject({ roleId: 112, schoolId: s.schoolId });
    const detail = (await call('GET', `/api/admins/${person.userId}`, owner)).json().result;
    expect(JSON.stringify(detail)).not.toContain(password);

    const list = (await call('GET', `/api/admins?schoolId=${s.schoolId}`, owner)).json().result;
    expect(list.items.map((a: { loginId: string }) => a.loginId)).toEqual([loginId]);
    const dup = await call('POST', `/api/schools/${s.schoolId}/admins`, owner, { firstName: 'K', email: 'KAVITA@gv.example.in' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('CONFLICT');
  });

  it('refuses to add admins to a draft or unknown school', async () => {
    const draft = (await call('POST', '/api/schools', owner, { name: 'Draft School', isDraft: true })).json().result;
    expect((await call('POST', `/api/schools/${draft.schoolId}/admins`, owner, { firstName: 'X' })).statusCode).toBe(400);
    expect((await call('POST', '/api/schools/00000000-0000-4000-8000-000000000000/admins', owner, { firstName: 'X' })).statusCode).toBe(404);
  });
});
