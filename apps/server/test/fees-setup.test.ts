import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { classFeeTotal, type ClassFeeInput } from '@shala/contract';
import { academicSessions, classFees, classStudents, classes, feeTypes, users } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * Fees, part "setup": fee types (amount or percent, unique names, kind and value fixed) and class
 * fees (five parts and a tax, the total computed by the server), and the list of a session's
 * classes with their fees. Each route: 401, 400, 403 for a wrong role, 404 for another school's
 * record, success; refused requests change nothing.
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

const P = () => mine.users[113].token;
const A = () => mine.users[112].token;
const wrongRoles = () => [mine.users[111], mine.users[114], mine.users[115], mine.users[116]];

const feeTypesOf = (schoolId: string) => env.db.select().from(feeTypes).where(eq(feeTypes.schoolId, schoolId)).orderBy(asc(feeTypes.createdAt), asc(feeTypes.id));
const classFeesOf = (schoolId: string) => env.db.select().from(classFees).where(eq(classFees.schoolId, schoolId)).orderBy(asc(classFees.classId));

let sections = 0;
/** A class of a session with `students` students (made straight in the database). */
async function makeClass(school: TestSchool, opts: { masterClass?: string; section?: string; students?: number; sessionId?: string } = {}) {
  const masterClass = opts.masterClass ?? '5';
  const [c] = await env.db
    .insert(classes)
    .values({ schoolId: school.id, sessionId: opts.sessionId ?? school.sessionId, masterClass, name: masterClass, section: opts.section ?? `S${++sections}`, classLimit: 80 })
    .returning();
  const n = opts.students ?? 0;
  if (n) {
    const kids = await env.db
      .insert(users)
      .values(Array.from({ length: n }, (_, i) => ({ schoolId: school.id, roleId: 116, loginId: `${school.code}-F${++sections}-${i}`, firstName: `Kid${i}`, passwordHash: 'not-a-hash' })))
      .returning({ id: users.id });
    await env.db.insert(classStudents).values(kids.map((k, i) => ({ schoolId: school.id, sessionId: c!.sessionId, classId: c!.id, studentId: k.id, rollNo: i + 1 })));
  }
  return c!;
}

async function makeSession(school: TestSchool, label: string, year: number) {
  const [s] = await env.db
    .insert(academicSessions)
    .values({ schoolId: school.id, label, startDate: `${year}-04-01`, endDate: `${year + 1}-03-31` })
    .returning();
  return s!.id;
}

describe('fee types', () => {
  const url = '/api/school/feetype';

  it('adds an amount, a concession and a percent discount (113 only), newest first', async () => {
    const amount = await call('POST', url, P(), { name: 'Late fee', kind: 'amount', value: 50_000, description: 'After the 10th' });
    expect(amount.statusCode).toBe(200);
    expect(amount.json().result).toMatchObject({ name: 'Late fee', kind: 'amount', value: 50_000, description: 'After the 10th', status: true });
    const concession = await call('POST', url, P(), { name: 'Staff child', kind: 'amount', value: -100_000 });
    expect(concession.json().result).toMatchObject({ kind: 'amount', value: -100_000, description: null });
    const discount = await call('POST', url, P(), { name: 'Sibling discount', kind: 'percent', value: -1_000, description: '' });
    expect(discount.json().result).toMatchObject({ kind: 'percent', value: -1_000, description: null });
    const list = (await call('GET', `${url}?search=`, P())).json().result;
    expect(list.items.map((t: { name: string }) => t.name).slice(0, 3)).toEqual(['Sibling discount', 'Staff child', 'Late fee']);
  });

  it('refuses 401 without a session, 403 to any role but 113, 400 for bad input; nothing is saved', async () => {
    const body = { name: 'Refused', kind: 'amount', value: 100 };
    const before = await feeTypesOf(mine.school.id);
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    for (const u of [mine.users[112], ...wrongRoles()]) {
      const res = await call('POST', url, u.token, body);
      expect(res.statusCode, `role ${u.roleId}`).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
    }
    for (const [bad, field, code] of [
      [{ ...body, value: 0 }, 'value', 'fee_value_zero'],
      [{ ...body, kind: 'percent', value: 10_001 }, 'value', 'fee_value_range'],
      [{ ...body, kind: 'percent', value: -10_001 }, 'value', 'fee_value_range'],
      [{ ...body, value: 1_000_000_001 }, 'value', 'fee_value_range'],
      [{ ...body, value: 10.5 }, 'value', undefined],
      [{ ...body, value: '100' }, 'value', undefined],
      [{ ...body, kind: 'fixed' }, 'kind', undefined],
      [{ ...body, name: '   ' }, 'name', undefined],
      [{ ...body, name: 'x'.repeat(61) }, 'name', undefined],
      [{ ...body, name: 'Bad\u0000name' }, 'name', undefined],
      [{ kind: 'amount', value: 100 }, 'name', undefined],
    ] as const) {
      const res = await call('POST', url, P(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const issue = res.json().issues.find((i: { path: string }) => i.path === `body.${field}`);
      expect(issue, JSON.stringify(res.json())).toBeTruthy();
      if (code) expect(issue.code === code || issue.params?.code === code).toBe(true);
    }
    expect(await feeTypesOf(mine.school.id)).toEqual(before);
  });

  it('answers 409 fee_type_taken on a name the school has, in any case; another school may use it', async () => {
    await call('POST', url, P(), { name: 'Transport', kind: 'amount', value: 120_000 });
    const before = await feeTypesOf(mine.school.id);
    const res = await call('POST', url, P(), { name: 'TRANSPORT', kind: 'percent', value: 500 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT', reason: 'fee_type_taken', field: 'name', params: { name: 'TRANSPORT' } });
    expect(await feeTypesOf(mine.school.id)).toEqual(before);
    expect((await call('POST', url, theirs.users[113].token, { name: 'Transport', kind: 'amount', value: 1 })).statusCode).toBe(200);
  });

  it('renames and redescribes, never changes kind or value; a taken name is 409; another school’s type is 404', async () => {
    const made = (await call('POST', url, P(), { name: 'Lab fee', kind: 'percent', value: 250 })).json().result;
    await call('POST', url, P(), { name: 'Library fee', kind: 'amount', value: 30_000 });
    const at = `${url}/${made.feeTypeId}`;
    expect((await call('PATCH', at, undefined, { name: 'x' })).statusCode).toBe(401);
    for (const u of [mine.users[112], ...wrongRoles()]) expect((await call('PATCH', at, u.token, { name: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', at, P(), { name: '' })).statusCode).toBe(400);
    expect((await call('PATCH', `${url}/not-a-uuid`, P(), { name: 'x' })).statusCode).toBe(400);

    const renamed = await call('PATCH', at, P(), { name: 'Science lab fee', description: 'Classes 6 to 12' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().result).toMatchObject({ feeTypeId: made.feeTypeId, name: 'Science lab fee', description: 'Classes 6 to 12', kind: 'percent', value: 250 });
    // Kind and value are not part of an update: sent, they change nothing.
    const sneaky = await call('PATCH', at, P(), { kind: 'amount', value: 999_999 });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().result).toMatchObject({ name: 'Science lab fee', kind: 'percent', value: 250 });
    // An empty description clears it.
    expect((await call('PATCH', at, P(), { description: '' })).json().result.description).toBeNull();

    const before = await feeTypesOf(mine.school.id);
    const clash = await call('PATCH', at, P(), { name: 'library FEE' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ reason: 'fee_type_taken', field: 'name', params: { name: 'library FEE' } });
    const foreign = (await call('POST', url, theirs.users[113].token, { name: 'Theirs', kind: 'amount', value: 5 })).json().result;
    expect((await call('PATCH', `${url}/${foreign.feeTypeId}`, P(), { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('PATCH', `${url}/${randomUUID()}`, P(), { name: 'Nobody' })).statusCode).toBe(404);
    expect(await feeTypesOf(mine.school.id)).toEqual(before);
    expect((await feeTypesOf(theirs.school.id)).find((t) => t.id === foreign.feeTypeId)?.name).toBe('Theirs');
  });

  it('switches a type off and on (113); the list filters by status; 404 for another school’s type', async () => {
    const made = (await call('POST', url, P(), { name: 'Exam fee', kind: 'amount', value: 20_000 })).json().result;
    const at = `${url}/${made.feeTypeId}/status`;
    expect((await call('PATCH', at, undefined, { status: false })).statusCode).toBe(401);
    for (const u of [mine.users[112], ...wrongRoles()]) expect((await call('PATCH', at, u.token, { status: false })).statusCode).toBe(403);
    expect((await call('PATCH', at, P(), { status: 'off' })).statusCode).toBe(400);
    const off = await call('PATCH', at, P(), { status: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().result).toMatchObject({ name: 'Exam fee', status: false });
    const inactive = (await call('GET', `${url}?status=inactive`, A())).json().result;
    expect(inactive.items.map((t: { name: string }) => t.name)).toEqual(['Exam fee']);
    expect(inactive.total).toBe(1);
    const active = (await call('GET', `${url}?status=active&pageSize=100`, A())).json().result;
    expect(active.items.map((t: { name: string }) => t.name)).not.toContain('Exam fee');
    expect((await call('PATCH', at, P(), { status: true })).json().result.status).toBe(true);

    const foreign = (await call('POST', url, theirs.users[113].token, { name: 'Their exam', kind: 'amount', value: 5 })).json().result;
    expect((await call('PATCH', `${url}/${foreign.feeTypeId}/status`, P(), { status: false })).statusCode).toBe(404);
    expect((await feeTypesOf(theirs.school.id)).find((t) => t.id === foreign.feeTypeId)?.status).toBe(true);
  });

  it('lists to 112 and 113 only: search by name (any case, % literal), pages with the total; never another school’s', async () => {
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const u of wrongRoles()) expect((await call('GET', url, u.token)).statusCode).toBe(403);
    expect((await call('GET', `${url}?pageSize=101`, P())).statusCode).toBe(400);
    expect((await call('GET', `${url}?status=maybe`, P())).statusCode).toBe(400);

    await call('POST', url, P(), { name: '100% waiver', kind: 'percent', value: -10_000 });
    const search = (await call('GET', `${url}?search=LATE`, A())).json().result;
    expect(search.items.map((t: { name: string }) => t.name)).toEqual(['Late fee']);
    const percent = (await call('GET', `${url}?search=${encodeURIComponent('0%')}`, P())).json().result;
    expect(percent.items.map((t: { name: string }) => t.name)).toEqual(['100% waiver']);

    const all = await feeTypesOf(mine.school.id);
    const page1 = (await call('GET', `${url}?page=1&pageSize=3`, P())).json().result;
    const page2 = (await call('GET', `${url}?page=2&pageSize=3`, P())).json().result;
    expect(page1.total).toBe(all.length);
    expect(page2.total).toBe(all.length);
    expect(page1.items).toHaveLength(3);
    const names = [...page1.items, ...page2.items].map((t: { name: string }) => t.name);
    expect(names).toEqual([...all].reverse().slice(0, 6).map((t) => t.name));
    const past = (await call('GET', `${url}?page=50&pageSize=3`, P())).json().result;
    expect(past).toMatchObject({ items: [], total: all.length, page: 50 });
    const everything = (await call('GET', `${url}?pageSize=100`, P())).json().result.items.map((t: { name: string }) => t.name);
    expect(everything).not.toContain('Theirs');
  });
});

const fee = (over: Partial<ClassFeeInput> = {}): ClassFeeInput => ({
  academic: 150_000,
  convenience: 25_050,
  development: 50_000,
  tuition: 1_200_000,
  other: 9_999,
  taxBp: 1_800,
  ...over,
});

describe('class fees', () => {
  it('answers null for a class without a fee, then saves one with the total computed by the server (112 and 113)', async () => {
    const c = await makeClass(mine.school);
    const at = `/api/fee/${c.id}`;
    const empty = await call('GET', at, P());
    expect(empty.statusCode).toBe(200);
    expect(empty.json().result).toBeNull();

    const body = fee();
    const expected = classFeeTotal(body);
    const saved = await call('POST', at, P(), body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject({ ...body, assignClassId: c.id, sessionId: mine.school.sessionId, ...expected });
    expect(expected).toEqual({ subtotal: 1_435_049, tax: 258_309, total: 1_693_358 });
    expect((await call('GET', at, A())).json().result).toMatchObject({ ...body, ...expected });

    // Saving again replaces it (one row per class); the system admin may set it too.
    const next = fee({ tuition: 0, taxBp: 0, other: 0 });
    const again = await call('POST', at, A(), next);
    expect(again.json().result).toMatchObject({ ...next, subtotal: 225_050, tax: 0, total: 225_050 });
    const rows = (await classFeesOf(mine.school.id)).filter((r) => r.classId === c.id);
    expect(rows).toHaveLength(1);
    // Saving and reading are one statement each (the upsert names the class through the school).
    const write = await countStatements(env, mine.school.id, () => call('POST', at, P(), next));
    const read = await countStatements(env, mine.school.id, () => call('GET', at, P()));
    expect([write.statements, read.statements]).toEqual([1, 1]);
    expect(rows[0]).toMatchObject({ total: 225_050, sessionId: mine.school.sessionId, updatedBy: mine.users[112].id });
  });

  it('never takes a total from the request: a total sent is ignored, the stored one is computed', async () => {
    const c = await makeClass(mine.school);
    const res = await call('POST', `/api/fee/${c.id}`, P(), { ...fee({ taxBp: 500 }), total: 1, subtotal: 1, tax: 0 });
    expect(res.statusCode).toBe(200);
    const { total } = classFeeTotal(fee({ taxBp: 500 }));
    expect(res.json().result.total).toBe(total);
    const [row] = (await classFeesOf(mine.school.id)).filter((r) => r.classId === c.id);
    expect(row!.total).toBe(total);
  });

  it('computes the tax half up on the paisa', async () => {
    const c = await makeClass(mine.school);
    // ₹0.25 at 2 % = 0.5 paise → 1 paisa; ₹0.24 → 0.48 → 0.
    const half = await call('POST', `/api/fee/${c.id}`, P(), { academic: 25, convenience: 0, development: 0, tuition: 0, other: 0, taxBp: 200 });
    expect(half.json().result).toMatchObject({ subtotal: 25, tax: 1, total: 26 });
    const under = await call('POST', `/api/fee/${c.id}`, P(), { academic: 24, convenience: 0, development: 0, tuition: 0, other: 0, taxBp: 200 });
    expect(under.json().result).toMatchObject({ subtotal: 24, tax: 0, total: 24 });
    // The largest fee: five parts of ₹1 crore at 100 % tax.
    const max = 1_000_000_000;
    const big = await call('POST', `/api/fee/${c.id}`, P(), { academic: max, convenience: max, development: max, tuition: max, other: max, taxBp: 10_000 });
    expect(big.json().result).toMatchObject({ subtotal: 5 * max, tax: 5 * max, total: 10 * max });
  });

  it('refuses 401, 403 for a wrong role, 400 for bad input, 404 for another school’s class; nothing changes', async () => {
    const c = await makeClass(mine.school);
    await call('POST', `/api/fee/${c.id}`, P(), fee());
    const foreign = await makeClass(theirs.school);
    const mineBefore = await classFeesOf(mine.school.id);
    const theirsBefore = await classFeesOf(theirs.school.id);
    const at = `/api/fee/${c.id}`;

    expect((await call('GET', at)).statusCode).toBe(401);
    expect((await call('POST', at, undefined, fee())).statusCode).toBe(401);
    for (const u of wrongRoles()) {
      expect((await call('GET', at, u.token)).statusCode, `role ${u.roleId}`).toBe(403);
      expect((await call('POST', at, u.token, fee({ tuition: 1 }))).statusCode, `role ${u.roleId}`).toBe(403);
    }
    for (const bad of [
      fee({ academic: -1 }),
      fee({ tuition: 10.5 }),
      fee({ other: 1_000_000_001 }),
      fee({ taxBp: -1 }),
      fee({ taxBp: 10_001 }),
      { ...fee(), convenience: '100' },
      { academic: 100 },
      {},
    ]) {
      const res = await call('POST', at, P(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    expect((await call('POST', '/api/fee/not-a-uuid', P(), fee())).statusCode).toBe(400);
    expect((await call('GET', '/api/fee/not-a-uuid', P())).statusCode).toBe(400);

    for (const id of [foreign.id, randomUUID()]) {
      expect((await call('GET', `/api/fee/${id}`, P())).statusCode).toBe(404);
      expect((await call('GET', `/api/fee/${id}`, A())).statusCode).toBe(404);
      const res = await call('POST', `/api/fee/${id}`, P(), fee({ tuition: 7 }));
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('NOT_FOUND');
    }
    expect(await classFeesOf(mine.school.id)).toEqual(mineBefore);
    expect(await classFeesOf(theirs.school.id)).toEqual(theirsBefore);
  });
});

describe('all fees of a session', () => {
  it('lists every class in class-list order with its students and its fee or null, a page at a time', async () => {
    const sessionId = await makeSession(mine.school, '2030-31', 2030);
    // Made out of order: the list follows the master order (LKG before 2 before 10), then the section.
    const ten = await makeClass(mine.school, { sessionId, masterClass: '10', section: 'A', students: 2 });
    const twoB = await makeClass(mine.school, { sessionId, masterClass: '2', section: 'B' });
    const twoA = await makeClass(mine.school, { sessionId, masterClass: '2', section: 'A', students: 3 });
    const lkg = await makeClass(mine.school, { sessionId, masterClass: 'LKG', section: 'A', students: 1 });
    await call('POST', `/api/fee/${twoA.id}`, P(), fee());

    const at = `/api/allfee?sessionId=${sessionId}`;
    const res = await call('GET', at, A());
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json().result;
    expect(total).toBe(4);
    expect(items.map((r: { class: { assignClassId: string } }) => r.class.assignClassId)).toEqual([lkg.id, twoA.id, twoB.id, ten.id]);
    expect(items.map((r: { students: number }) => r.students)).toEqual([1, 3, 0, 2]);
    expect(items[0]).toEqual({ class: { assignClassId: lkg.id, masterClass: 'LKG', className: 'LKG', section: 'A' }, students: 1, fee: null });
    expect(items[1].fee).toMatchObject({ ...fee(), ...classFeeTotal(fee()), assignClassId: twoA.id, sessionId });
    expect(items[2].fee).toBeNull();

    const page2 = (await call('GET', `${at}&page=2&pageSize=3`, P())).json().result;
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((r: { class: { assignClassId: string } }) => r.class.assignClassId)).toEqual([ten.id]);
    expect((await call('GET', `${at}&page=9&pageSize=3`, P())).json().result).toMatchObject({ items: [], total: 4 });
  });

  it('answers an empty page for a session without classes; 404 for another school’s session; 401, 403, 400', async () => {
    const empty = await makeSession(mine.school, '2040-41', 2040);
    expect((await call('GET', `/api/allfee?sessionId=${empty}`, P())).json().result).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    await makeClass(theirs.school);
    for (const id of [theirs.school.sessionId, randomUUID()]) {
      const res = await call('GET', `/api/allfee?sessionId=${id}`, P());
      expect(res.statusCode).toBe(404);
    }
    expect((await call('GET', `/api/allfee?sessionId=${empty}`)).statusCode).toBe(401);
    for (const u of wrongRoles()) expect((await call('GET', `/api/allfee?sessionId=${empty}`, u.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/allfee', P())).statusCode).toBe(400);
    expect((await call('GET', '/api/allfee?sessionId=nope', P())).statusCode).toBe(400);
    expect((await call('GET', `/api/allfee?sessionId=${empty}&pageSize=500`, P())).statusCode).toBe(400);
  });

  it('costs the same number of statements for 3 classes as for 30 (one statement a page)', async () => {
    const small = await makeSession(mine.school, '2050-51', 2050);
    const large = await makeSession(mine.school, '2051-52', 2051);
    for (let i = 0; i < 3; i++) await makeClass(mine.school, { sessionId: small, section: `Q${i}`, students: 2 });
    for (let i = 0; i < 30; i++) {
      const c = await makeClass(mine.school, { sessionId: large, section: `R${i}`, students: 2 });
      if (i % 2) await call('POST', `/api/fee/${c.id}`, P(), fee({ tuition: i }));
    }
    const list = (sessionId: string) => call('GET', `/api/allfee?sessionId=${sessionId}&pageSize=100`, P());
    await list(small); // prepare once
    const a = await countStatements(env, mine.school.id, () => list(small));
    const b = await countStatements(env, mine.school.id, () => list(large));
    expect(a.result.json().result.items).toHaveLength(3);
    expect(b.result.json().result.items).toHaveLength(30);
    expect(b.result.json().result.items.filter((r: { fee: unknown }) => r.fee !== null)).toHaveLength(15);
    expect(b.statements).toBe(a.statements);
    expect(a.statements).toBe(1);
  });
});
