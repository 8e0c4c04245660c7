import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classStudents, classes, users } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool } from './helpers.js';

/**
 * The UDISE+ export (issue 26): the students of a session's classes in the Data Capture Format's
 * order, Aadhaar only as its last four digits, as CSV or a spreadsheet; `format=check` lists the
 * students missing a required field (and not a complete one); another school's session is 404.
 */
let env: TestEnv;
let school: TestSchool;
let principal: string;
let complete: string;
let incomplete: string;
let otherSession: string;

beforeAll(async () => {
  env = await setupApp();
  const ctx = await everyRole(env);
  school = ctx.school;
  principal = ctx.users[113].token;
  const parent = ctx.users[115];
  complete = (await env.f.user(116, school, { parentUserId: parent.id, firstName: 'Asha' })).id;
  incomplete = (await env.f.user(116, school, { firstName: 'Ravi' })).id;
  await env.db.update(users).set({ gender: 'female', dateOfBirth: '2016-05-04', motherName: 'Sunita Devi', category: 'obc', zip: '110001', address: 'Lane 4', contact: '+91 98596 69329' }).where(eq(users.id, complete));
  const [cls] = await env.db.insert(classes).values({ schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: 'Class 5', section: 'A' }).returning();
  await env.db.insert(classStudents).values([
    { schoolId: school.id, sessionId: school.sessionId, classId: cls!.id, studentId: complete, rollNo: 1 },
    { schoolId: school.id, sessionId: school.sessionId, classId: cls!.id, studentId: incomplete, rollNo: 2 },
  ]);
  const saved = await env.app.inject({
    method: 'PUT',
    url: `/api/school/students/${complete}/register`,
    headers: { token: principal },
    payload: { admissionNo: '', admissionDate: '2022-04-02', pen: '12345678901', apaarId: '', apaarConsent: false, motherTongue: 'Hindi', minorityGroup: 'none', bpl: true, cwsn: false, cwsnType: null, aadhaarLast4: '9012', nationality: 'Indian', fatherName: 'Ramesh Kumar' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  otherSession = (await env.f.school()).sessionId;
});
afterAll(() => env?.close());

const get = (query: string) => env.app.inject({ method: 'GET', url: `/api/school/udise/export?${query}`, headers: { token: principal } });

describe('UDISE+ export', () => {
  it('writes the students of the session as CSV, Aadhaar only as its last four digits', async () => {
    const res = await get(`sessionId=${school.sessionId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, first] = res.body.split('\r\n').map((l) => l.split(','));
    expect(header!.slice(0, 6)).toEqual(['Student name', 'Gender', 'Date of birth', "Mother's name", "Father's name", 'Aadhaar (last 4 digits)']);
    const row = Object.fromEntries(header!.map((h, i) => [h, first![i]]));
    // The Data Capture Format's codes (gender 2 Female, social category 4 OBC, BPL 1 Yes, CWSN 2 No) and a 10-digit mobile.
    expect(row).toMatchObject({ 'Student name': 'Asha Test', Gender: '2', "Father's name": 'Ramesh Kumar', 'Aadhaar (last 4 digits)': '9012', 'PIN code': '110001', 'Mobile number': '9859669329', 'Social category': '4', BPL: '1', CWSN: '2', Class: '5', Section: 'A', 'Roll number': '1', PEN: '12345678901' });
    expect(row['Admission number']).toMatch(/^\d+$/);
  });

  it('lists what a student misses, and not a complete one', async () => {
    const res = await get(`sessionId=${school.sessionId}&format=check`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result as { studentId: string; className: string; missing: string[] }[];
    expect(rows.map((r) => r.studentId)).toEqual([incomplete]);
    expect(rows[0]!.className).toBe('5-A');
    expect(rows[0]!.missing).toEqual(['gender', 'dateOfBirth', 'motherName', 'fatherName', 'motherTongue', 'category', 'admissionDate']);
  });

  it('answers a spreadsheet as xlsx', async () => {
    const res = await get(`sessionId=${school.sessionId}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("answers 404 for another school's session", async () => {
    expect((await get(`sessionId=${otherSession}`)).statusCode).toBe(404);
  });
});
