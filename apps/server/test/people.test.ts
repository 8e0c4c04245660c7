import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  env.app.inject({ method, url, headers: { token }, payload });

const teacher = {
  firstName: 'Sunita',
  lastName: 'Joshi',
  email: 'sunita.joshi@example.in',
  contact: '+91 98290 12345',
  gender: 'female',
  dateOfBirth: '1988-07-14',
  address: '4 Tilak Nagar',
  state: 'Rajasthan',
  district: 'Jaipur',
  city: 'Jaipur',
  zip: '302004',
  qualification: 'M.Sc., B.Ed.',
  subjects: 'Mathematics, Physics',
  maritalStatus: 'married',
  category: 'general',
  religion: 'Hindu',
  bloodGroup: 'B+',
  fatherOccupation: 'Farmer',
  motherName: 'Kamla Joshi',
  motherOccupation: 'Teacher',
};

describe('teachers (112 and 113)', () => {
  it('adds a teacher with every field; the first password works once shown', async () => {
    const res = await call('POST', '/api/school/teacher', mine.users[113].token, teacher);
    expect(res.statusCode).toBe(200);
    const { person, loginId, password } = res.json().result;
    expect(loginId).toMatch(new RegExp(`^${mine.school.code}-T\\d{4}$`));
    expect(person).toMatchObject({ ...teacher, roleId: 114, status: true, fullName: 'Sunita Joshi', schoolId: mine.school.id });
    const signin = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId, password } });
    expect(signin.statusCode).toBe(200);
  });

  it('lists with search, status filter and pagination; another school sees none of them', async () => {
    const admin = mine.users[112].token;
    for (const n of ['Arjun', 'Bhavna', 'Chetan']) await call('POST', '/api/school/teacher', admin, { firstName: n, lastName: 'Test' });
    const page = (await call('GET', '/api/school/teacher?pageSize=2', admin)).json().result;
    expect(page.items.map((t: { firstName: string }) => t.firstName)).toEqual(['Chetan', 'Bhavna']);
    expect(page.total).toBe(5); // 3 here, Sunita and the factory's teacher
    const beyond = (await call('GET', '/api/school/teacher?pageSize=2&page=99', admin)).json().result;
    expect(beyond).toMatchObject({ items: [], total: 5, page: 99 });
    const search = (await call('GET', '/api/school/teacher?search=bhav', admin)).json().result;
    expect(search.items.map((t: { firstName: string }) => t.firstName)).toEqual(['Bhavna']);
    const other = (await call('GET', '/api/school/teacher?search=bhav', theirs.users[113].token)).json().result;
    expect(other).toMatchObject({ items: [], total: 0 });
  });

  it('edits only the fields sent, answers 404 for another school’s teacher and 409 for a taken email', async () => {
    const t = (await call('POST', '/api/school/teacher', mine.users[113].token, { firstName: 'Deepak', email: 'deepak@example.in' })).json().result.person;
    const edit = await call('PATCH', `/api/school/teacher/${t.userId}`, mine.users[113].token, { contact: '9876543210' });
    expect(edit.json().result).toMatchObject({ firstName: 'Deepak', contact: '9876543210', email: 'deepak@example.in' });
    expect((await call('GET', `/api/school/teacher/${t.userId}`, theirs.users[113].token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/school/teacher/${t.userId}`, theirs.users[113].token, { firstName: 'X' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/school/teacher/${t.userId}/status`, theirs.users[112].token, { status: false })).statusCode).toBe(404);
    // A student id is not a teacher.
    expect((await call('GET', `/api/school/teacher/${mine.users[116].id}`, mine.users[113].token)).statusCode).toBe(404);
    const dup = await call('POST', '/api/school/teacher', mine.users[113].token, { firstName: 'Other', email: 'DEEPAK@example.in' });
    expect(dup.statusCode).toBe(409);
    // The same email may be used in another school.
    expect((await call('POST', '/api/school/teacher', theirs.users[113].token, { firstName: 'Deepak', email: 'deepak@example.in' })).statusCode).toBe(200);
  });

  it('validates input and changes nothing on a bad request', async () => {
    const before = (await call('GET', '/api/school/teacher', mine.users[113].token)).json().result.total;
    for (const bad of [{}, { firstName: '' }, { firstName: 'A', email: 'x@' }, { firstName: 'A', gender: 'robot' }, { firstName: 'A', dateOfBirth: '31-12-2000' }, { firstName: 'A', zip: 'abc' }]) {
      const res = await call('POST', '/api/school/teacher', mine.users[113].token, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    expect((await call('GET', '/api/school/teacher', mine.users[113].token)).json().result.total).toBe(before);
  });

  it('deactivating a teacher ends its sessions and stops sign-in', async () => {
    const created = (await call('POST', '/api/school/teacher', mine.users[113].token, { firstName: 'Esha' })).json().result;
    const signin = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: created.loginId, password: created.password } });
    const token = signin.json().result.token;
    const off = await call('PATCH', `/api/school/teacher/${created.person.userId}/status`, mine.users[113].token, { status: false });
    expect(off.json()).toMatchObject({ message: 'Deactivated', result: { status: false } });
    expect((await call('GET', '/api/dashboard', token)).statusCode).toBe(401);
    const again = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: created.loginId, password: created.password } });
    expect(again.json().error).toBe('ACCOUNT_INACTIVE');
    const inactive = (await call('GET', '/api/school/teacher?status=inactive', mine.users[113].token)).json().result;
    expect(inactive.items.map((t: { firstName: string }) => t.firstName)).toEqual(['Esha']);
  });

  it('is closed to teachers, parents and students', async () => {
    for (const role of [111, 114, 115, 116] as const) {
      expect((await call('GET', '/api/school/teacher', mine.users[role].token)).statusCode).toBe(403);
    }
  });
});

describe('principals (system admin only)', () => {
  it('lets 112 add and list principals; 113 may not', async () => {
    const res = await call('POST', '/api/school/principal', mine.users[112].token, { firstName: 'Rekha', lastName: 'Nair' });
    expect(res.json().result.loginId).toMatch(/-P\d{4}$/);
    expect(res.json().result.person.roleId).toBe(113);
    const list = (await call('GET', '/api/school/principal', mine.users[112].token)).json().result;
    expect(list.total).toBe(2);
    expect((await call('GET', '/api/school/principal', mine.users[113].token)).statusCode).toBe(403);
  });

  it('lets 113 view and edit the principals of its own school (spec section 2), not list, add or switch them', async () => {
    const token = mine.users[113].token;
    const other = mine.users[113].id;
    const seen = await call('GET', `/api/school/principal/${other}`, token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().result).toMatchObject({ userId: other, roleId: 113 });
    const edited = await call('PATCH', `/api/school/principal/${other}`, token, { contact: '9876543210' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result.contact).toBe('9876543210');
    expect((await call('GET', `/api/school/principal/${theirs.users[113].id}`, token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/school/principal/${other}/status`, token, { status: false })).statusCode).toBe(403);
    expect((await call('POST', '/api/school/principal', token, { firstName: 'No' })).statusCode).toBe(403);
  });
});

describe('parents and students', () => {
  it('links a student to a parent of the same school; the parent sees only its children', async () => {
    const token = mine.users[113].token;
    const parent = (await call('POST', '/api/school/parent', token, { firstName: 'Mohan', lastName: 'Das', contact: '9812345678' })).json().result.person;
    const child = (await call('POST', '/api/school/student', token, { firstName: 'Riya', lastName: 'Das', parentId: parent.userId })).json().result;
    expect(child.person).toMatchObject({ parentId: parent.userId, parentName: 'Mohan Das', roleId: 116 });
    const list = (await call('GET', '/api/school/student?search=riya', token)).json().result;
    expect(list.items[0]).toMatchObject({ parentName: 'Mohan Das' });
    const detail = (await call('GET', `/api/school/parent/${parent.userId}`, token)).json().result;
    expect(detail.children).toEqual([{ userId: child.person.userId, loginId: child.loginId, fullName: 'Riya Das', status: true }]);

    // A parent of another school cannot be linked.
    const foreign = theirs.users[115].id;
    const bad = await call('POST', '/api/school/student', token, { firstName: 'Z', parentId: foreign });
    expect(bad.statusCode).toBe(400);
    const notParent = await call('PATCH', `/api/school/student/${child.person.userId}`, token, { parentId: mine.users[114].id });
    expect(notParent.statusCode).toBe(400);

    // The parent signs in and sees the child.
    const creds = (await call('POST', '/api/school/parent', token, { firstName: 'Geeta' })).json().result;
    await call('PATCH', `/api/school/student/${child.person.userId}`, token, { parentId: creds.person.userId });
    const ptoken = (await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: creds.loginId, password: creds.password } })).json().result.token;
    const kids = (await call('GET', '/api/parent/children', ptoken)).json().result;
    expect(kids.map((k: { fullName: string }) => k.fullName)).toEqual(['Riya Das']);
    expect((await call('GET', `/api/parent/children/${child.person.userId}`, ptoken)).json().result.fullName).toBe('Riya Das');
    expect((await call('GET', `/api/parent/children/${mine.users[116].id}`, ptoken)).statusCode).toBe(404);
    expect((await call('GET', '/api/parent/children', mine.users[113].token)).statusCode).toBe(403);
  });
});

describe('own profile', () => {
  it('edits the own profile and refuses another user’s', async () => {
    const me = mine.users[114];
    const res = await call('PATCH', `/api/account/${me.id}`, me.token, { contact: '9000000001', address: '4 Lake Road' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ contact: '9000000001' });
    expect((await call('PATCH', `/api/account/${mine.users[116].id}`, me.token, { contact: '9000000002' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/account/${me.id}`, me.token, { email: 'bad' })).statusCode).toBe(400);
  });
});
