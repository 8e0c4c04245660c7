import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionCounters, consentRecords, studentRecords } from '../src/db/schema.js';
import { everyRole, multipart, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * The school's registers (issue 26): admission numbers from the school's counter in the
 * transaction that creates a student (by hand, by import, by a factory: one trigger), gapless under
 * concurrency (PostgreSQL), numbers entered by hand skipped; the UDISE+ fields with Aadhaar's last
 * four digits only (the contract and the database refuse more) and the APAAR id only with the
 * parent's consent (recorded with its text version); another school's student answers 404; the
 * admission register in number order, searchable, as CSV.
 */
let env: TestEnv;
let school: TestSchool;
let principal: string;
let admin: string;
let parent: TestUser;
let otherPrincipal: string;

beforeAll(async () => {
  env = await setupApp();
  const ctx = await everyRole(env);
  school = ctx.school;
  principal = ctx.users[113].token;
  admin = ctx.users[112].token;
  parent = ctx.users[115];
  const other = await env.f.school();
  otherPrincipal = await env.f.token(await env.f.user(113, other));
});
afterAll(() => env?.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => env.app.inject({ method, url, headers: { token }, payload });
const numberOf = async (studentId: string) =>
  (await env.db.select({ no: studentRecords.admissionNo }).from(studentRecords).where(eq(studentRecords.studentId, studentId)))[0]?.no ?? null;
const counter = async (schoolId: string) => (await env.db.select().from(admissionCounters).where(eq(admissionCounters.schoolId, schoolId)))[0]?.lastNo;

const REGISTER = {
  admissionNo: '',
  admissionDate: '2019-04-02',
  pen: '12345678901',
  apaarId: '',
  apaarConsent: false,
  motherTongue: 'Hindi',
  minorityGroup: 'none',
  bpl: false,
  cwsn: false,
  cwsnType: null,
  aadhaarLast4: '9012',
  nationality: 'Indian',
  fatherName: 'Ramesh Kumar',
};

describe('admission numbers', () => {
  it('are given by the school’s counter to each student created, by hand or by import, with today as the admission date, and skip a number entered by hand', async () => {
    // everyRole made one student: number 1.
    const first = await env.f.user(116, school, { parentUserId: parent.id });
    expect(await numberOf(first.id)).toBe('2');
    // A pupil admitted before Shala keeps its own number (4): the counter goes past it.
    const saved = await call(principal, 'PUT', `/api/school/students/${first.id}/register`, { ...REGISTER, admissionNo: '4' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ admissionNo: '4', admissionNoAuto: false, admissionDate: '2019-04-02', aadhaarLast4: '9012' });
    const created = await call(principal, 'POST', '/api/school/student', { firstName: 'Asha', lastName: 'Verma', parentId: parent.id });
    expect(created.statusCode, created.body).toBe(200);
    expect(await numberOf(created.json().result.person.userId)).toBe('3');
    const csv = ['firstName,lastName', 'Ravi,Das', 'Meena,Joshi'].join('\n');
    const body = multipart('file', 'students.csv', csv);
    const imported = await env.app.inject({ method: 'POST', url: '/api/school/import/students?dryRun=false', headers: { ...body.headers, token: principal }, payload: body.payload });
    expect(imported.statusCode, imported.body).toBe(200);
    const ids = imported.json().result.accounts.map((a: { loginId: string }) => a.loginId);
    const page = (await call(principal, 'GET', '/api/school/admissionregister?pageSize=100')).json().result;
    const byLogin = new Map(page.items.map((r: { loginId: string; admissionNo: string }) => [r.loginId, r.admissionNo]));
    expect(ids.map((id: string) => byLogin.get(id)).sort()).toEqual(['5', '6']);
    // Admitted today (the school's day), by hand or by import; the one entered by hand keeps its date.
    const dates = new Map(page.items.map((r: { loginId: string; admissionDate: string | null }) => [r.loginId, r.admissionDate]));
    expect([created.json().result.loginId, ...ids].map((id: string) => dates.get(id))).toEqual(['2026-11-25', '2026-11-25', '2026-11-25']);
    expect(await counter(school.id)).toBe(6);
    // The register: in number order, then searchable by number or name.
    expect(page.items.map((r: { admissionNo: string }) => r.admissionNo)).toEqual(['1', '3', '4', '5', '6']);
    const found = (await call(principal, 'GET', '/api/school/admissionregister?search=4')).json().result.items;
    expect(found.map((r: { admissionNo: string }) => r.admissionNo)).toContain('4');
  });

  it('refuse a number another student of the school has, whatever its case, and leave the entry as it was', async () => {
    const a = await env.f.user(116, school);
    const b = await env.f.user(116, school);
    expect((await call(principal, 'PUT', `/api/school/students/${a.id}/register`, { ...REGISTER, admissionNo: 'ADM/2019/7' })).statusCode).toBe(200);
    const clash = await call(admin, 'PUT', `/api/school/students/${b.id}/register`, { ...REGISTER, admissionNo: 'adm/2019/7' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ reason: 'admission_no_taken', field: 'admissionNo' });
    expect(await numberOf(b.id)).toMatch(/^\d+$/);
  });

  it('stay gapless and unique when many students are admitted at once (PostgreSQL)', async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const s = await env.f.school();
    const token = await env.f.token(await env.f.user(113, s));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => call(token, 'POST', '/api/school/student', { firstName: `Child${i}`, lastName: 'Rao' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await env.db.select({ no: studentRecords.admissionNo }).from(studentRecords).where(eq(studentRecords.schoolId, s.id));
    expect(rows.map((r) => Number(r.no)).sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(await counter(s.id)).toBe(24);
  });
});

describe('the UDISE+ fields', () => {
  it('keep only the last four digits of Aadhaar: a whole number is refused by the contract and by the database', async () => {
    const s = await env.f.user(116, school);
    const whole = await call(principal, 'PUT', `/api/school/students/${s.id}/register`, { ...REGISTER, aadhaarLast4: '123456789012' });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().issues?.[0]?.path ?? whole.json().field).toContain('aadhaarLast4');
    const before = (await env.db.select().from(studentRecords).where(eq(studentRecords.studentId, s.id)))[0]!;
    expect(before.aadhaarLast4).toBeNull();
    await expect(env.db.update(studentRecords).set({ aadhaarLast4: '123456789012' }).where(eq(studentRecords.studentId, s.id))).rejects.toThrow();
    // A child with special needs needs its type; PEN is 11 digits.
    expect((await call(principal, 'PUT', `/api/school/students/${s.id}/register`, { ...REGISTER, cwsn: true })).statusCode).toBe(400);
    expect((await call(principal, 'PUT', `/api/school/students/${s.id}/register`, { ...REGISTER, pen: '1234' })).statusCode).toBe(400);
    const ok = await call(principal, 'PUT', `/api/school/students/${s.id}/register`, { ...REGISTER, cwsn: true, cwsnType: 'low_vision', minorityGroup: 'jain', bpl: true });
    expect(ok.json().result).toMatchObject({ cwsn: true, cwsnType: 'low_vision', minorityGroup: 'jain', bpl: true, pen: '12345678901', motherTongue: 'Hindi' });
  });

  it("take an APAAR id only with the parent's consent, recorded once with its text version", async () => {
    const s = await env.f.user(116, school, { parentUserId: parent.id });
    const url = `/api/school/students/${s.id}/register`;
    const without = await call(principal, 'PUT', url, { ...REGISTER, apaarId: '123412341234' });
    expect(without.statusCode).toBe(400);
    const saved = await call(principal, 'PUT', url, { ...REGISTER, apaarId: '123412341234', apaarConsent: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.apaarConsent).toMatchObject({ version: 'apaar-2026-11' });
    await call(principal, 'PUT', url, { ...REGISTER, apaarId: '123412341234', apaarConsent: true });
    const consents = await env.db.select().from(consentRecords).where(and(eq(consentRecords.studentId, s.id), eq(consentRecords.purpose, 'apaar')));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ action: 'given', version: 'apaar-2026-11', parentId: parent.id });
    expect(saved.json().result.warnings).toEqual([]);
    // An APAAR id that passes the Verhoeff check of an Aadhaar number is kept, with a warning.
    const aadhaarLike = await call(principal, 'PUT', url, { ...REGISTER, apaarId: '234567890124', apaarConsent: true });
    expect(aadhaarLike.statusCode, aadhaarLike.body).toBe(200);
    expect(aadhaarLike.json().result).toMatchObject({ apaarId: '234567890124', warnings: ['apaar_looks_like_aadhaar'] });
    expect((await call(principal, 'GET', url)).json().result.warnings).toEqual(['apaar_looks_like_aadhaar']);
  });

  it("answer 404 for another school's student and change nothing", async () => {
    const s = await env.f.user(116, school);
    expect((await call(otherPrincipal, 'GET', `/api/school/students/${s.id}/register`)).statusCode).toBe(404);
    expect((await call(otherPrincipal, 'PUT', `/api/school/students/${s.id}/register`, { ...REGISTER, admissionNo: '999' })).statusCode).toBe(404);
    expect(await numberOf(s.id)).not.toBe('999');
  });
});

describe('the admission register as CSV', () => {
  it('has a header, the rows in number order and cells a spreadsheet will not run', async () => {
    const s = await env.f.user(116, school, { firstName: '=HYPERLINK("x")' });
    const res = await call(principal, 'GET', '/api/school/admissionregister/csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('admissionNo,admissionDate,fullName,loginId,dateOfBirth,gender,fatherName,motherName,className,active,leftOn');
    const row = lines.find((l) => l.includes(s.loginId))!;
    expect(row).toContain(`"'=HYPERLINK(""x"") Test"`);
    const numbers = lines.slice(1).map((l) => l.split(',')[0]!).filter((n) => /^\d+$/.test(n)).map(Number);
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
  });
});
