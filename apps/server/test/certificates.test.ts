import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, attendanceMarks, auditLog, certificates, classStudents, classes, schools, studentRecords, users } from '../src/db/schema.js';
import { setupApp, type TestEnv, type TestUser } from './helpers.js';
import { pdfContent } from './pdf-text.js';
import { CLASS_FEE, addFeeType, addRecord, feeSchool, type FeeSchool } from './fees-fixture.js';

/**
 * Certificates (issue 26): a TC for a student whose fees are paid (the student leaves: inactive,
 * signed out, the register says when and why), refused with dues unless the principal gives a
 * reason, one live TC per student, gapless numbers per type under concurrency (PostgreSQL); the
 * tuition-fee certificate adds up the year's payments; PDFs in English and Hindi, a re-print says
 * duplicate; a parent reads only its child's shared certificates; another school's certificate
 * answers 404; the public verification page says five things and no more, and "cancelled" once it is.
 */
let env: TestEnv;
let fs: FeeSchool;
let other: FeeSchool;
let parentToken: string;

const TC = {
  template: 'cbse',
  applicationDate: '2026-11-20',
  leavingDate: '2026-11-24',
  reason: "Parent's transfer to Pune",
  lastExam: 'Half-yearly 2026',
  result: 'Passed',
  qualifiedForPromotion: 'yes',
  subjects: '',
  activities: 'Cricket; scout',
  conduct: 'Good',
  remarks: '',
  duesOverride: '',
};

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env, { count: 4, classFee: CLASS_FEE });
  other = await feeSchool(env, { count: 1, classFee: CLASS_FEE });
  parentToken = await env.f.token(fs.parent);
  // The second student is the parent's child too.
  await env.db.update(users).set({ parentUserId: fs.parent.id }).where(eq(users.id, fs.students[1]!.id));
  // The first two students: every instalment paid (two paid in this financial year, one before it).
  await addRecord(env, fs, fs.students[0]!, { instalments: 3, start: '2026-03-10', paidCount: 3 });
  await addRecord(env, fs, fs.students[1]!, { instalments: 2, start: '2026-05-10', paidCount: 2 });
  // The third: an instalment overdue since 10 October (today is 25 November 2026).
  await addRecord(env, fs, fs.students[2]!, { instalments: 2, start: '2026-10-10', paidCount: 0 });
});
afterAll(() => env?.close());

const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const issue = (studentId: string, type: string, fields: object, token = fs.principal.token, shareWithParent = true) =>
  call(token, 'POST', '/api/school/certificates', { type, studentId, fields, shareWithParent });

describe('a transfer certificate', () => {
  it('is issued to a student with paid fees: number 1, the student leaves and cannot sign in, every record stays', async () => {
    const child = fs.students[0]!;
    const preview = (await call(fs.principal.token, 'GET', `/api/school/certificates/preview?type=tc&studentId=${child.id}`)).json().result;
    expect(preview).toMatchObject({ dues: 0, existingTc: null, className: '5-A' });
    // Every instalment paid: up to the session's last month.
    expect(preview.feesPaidUpTo).toBe('2027-03');
    const res = await issue(child.id, 'tc', TC);
    expect(res.statusCode, res.body).toBe(200);
    const tc = res.json().result;
    expect(tc).toMatchObject({ type: 'tc', number: 1, status: 'issued', student: { userId: child.id }, issuedOn: '2026-11-25', prints: 0 });
    expect(tc.verifyPath).toMatch(/^\/verify\/[A-Za-z0-9_-]{32}$/);
    const [u] = await env.db.select({ status: users.status }).from(users).where(eq(users.id, child.id));
    expect(u!.status).toBe(false);
    const signin = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: child.loginId, password: child.password } });
    expect(signin.statusCode).toBe(403);
    const [rec] = await env.db.select().from(studentRecords).where(eq(studentRecords.studentId, child.id));
    expect(rec).toMatchObject({ leftOn: '2026-11-24', leavingReason: "Parent's transfer to Pune", leavingCertificateId: tc.certificateId });
    const audit = await env.db.select().from(auditLog).where(and(eq(auditLog.studentId, child.id), eq(auditLog.action, 'certificate_issued')));
    expect(audit).toHaveLength(1);
    // Left: no second one (and a reactivated student still has its TC).
    expect((await issue(child.id, 'tc', TC)).json()).toMatchObject({ reason: 'student_left' });
    await env.db.update(users).set({ status: true }).where(eq(users.id, child.id));
    const again = await issue(child.id, 'tc', TC);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'tc_exists', params: { number: 1 } });
  });

  it('with fees due needs the principal’s reason, kept on it; a system admin may not issue', async () => {
    const child = fs.students[2]!;
    const refused = await issue(child.id, 'tc', TC);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'dues_outstanding', field: 'fields.duesOverride' });
    expect((await env.db.select().from(certificates).where(eq(certificates.studentId, child.id)))).toHaveLength(0);
    expect((await issue(child.id, 'tc', { ...TC, duesOverride: 'Fee waived by the trust' }, fs.admin.token)).statusCode).toBe(403);
    const ok = await issue(child.id, 'tc', { ...TC, duesOverride: 'Fee waived by the trust' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await env.db.select({ body: certificates.body }).from(certificates).where(eq(certificates.id, ok.json().result.certificateId));
    expect((row!.body as { tc: { dues: number } }).tc.dues).toBeGreaterThan(0);
    // The reason is the office's: the TC prints neither it nor the dues (not asked for).
    const pdf = pdfContent((await call(fs.principal.token, 'GET', `/api/school/certificates/${ok.json().result.certificateId}/pdf?lang=en`)).rawPayload).text;
    expect(pdf).toContain('Pupil03');
    expect(pdf).not.toContain('Fee waived by the trust');
    expect(pdf).not.toMatch(/dues outstanding/i);
  });

  it("prints CBSE's items from the records (attendance, a class repeated, the first class, concessions, promotion, a seal), once-named towns, in Hindi in Hindi", async () => {
    const child = fs.students[3]!;
    await env.db.update(schools).set({ address: '12 Station Road', city: 'Jaipur', district: 'Jaipur', state: 'Rajasthan' }).where(eq(schools.id, fs.school.id));
    // Class 5 last session too (failed once), admitted then.
    const [last] = await env.db.insert(academicSessions).values({ schoolId: fs.school.id, label: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31' }).returning();
    const [lastClass] = await env.db.insert(classes).values({ schoolId: fs.school.id, sessionId: last!.id, masterClass: '5', name: '5', section: 'B' }).returning();
    await env.db.insert(classStudents).values({ schoolId: fs.school.id, sessionId: last!.id, classId: lastClass!.id, studentId: child.id, rollNo: 1 });
    await env.db
      .insert(studentRecords)
      .values({ schoolId: fs.school.id, studentId: child.id, admissionNo: 'A-77', admissionDate: '2025-06-02', nationality: 'Indian', fatherName: 'Ramesh Pupil' })
      .onConflictDoUpdate({ target: [studentRecords.schoolId, studentRecords.studentId], set: { admissionDate: '2025-06-02', nationality: 'Indian' } });
    // A concession on the fee record; everything paid.
    const sibling = await addFeeType(env, fs.school, { name: 'Sibling concession', kind: 'amount', value: -50000 });
    await addRecord(env, fs, child, { types: [{ id: sibling.id, name: sibling.name, kind: sibling.kind, value: Number(sibling.value) }], instalments: 1, start: '2026-04-10', paidCount: 1 });
    // The class was marked on four days up to the leaving date (one after it does not count); the pupil was present on two, late on one.
    const mark = (studentId: string, date: string, status: string) => ({ schoolId: fs.school.id, sessionId: fs.school.sessionId, classId: fs.classId, studentId, date, status });
    await env.db.insert(attendanceMarks).values([
      mark(child.id, '2026-11-02', 'present'),
      mark(child.id, '2026-11-03', 'late'),
      mark(child.id, '2026-11-04', 'absent'),
      mark(fs.students[1]!.id, '2026-11-05', 'present'),
      mark(child.id, '2026-11-20', 'present'),
      mark(child.id, '2026-11-25', 'present'),
    ]);
    const res = await issue(child.id, 'tc', { ...TC, leavingDate: '2026-11-24', printDues: true });
    expect(res.statusCode, res.body).toBe(200);
    const url = `/api/school/certificates/${res.json().result.certificateId}/pdf`;
    const en = pdfContent((await call(fs.principal.token, 'GET', `${url}?lang=en`)).rawPayload).text;
    expect(en).toContain('12 Station Road, Jaipur, Rajasthan');
    expect(en).toMatch(/Total number of working days in the session\s+5\b/);
    expect(en).toMatch(/Total number of working days present\s+3\b/);
    expect(en).toMatch(/once or twice in the same class\s+Once/);
    expect(en).toMatch(/Class at the first admission\s+5 \(Five\) – B/);
    expect(en).toMatch(/if so, to which class\s+Yes, to Class 6 \(Six\)/);
    expect(en).toMatch(/its nature\s+Sibling concession \(₹500(\.00)?\)/);
    expect(en).toMatch(/School dues outstanding on the date of issue\s+₹0/);
    expect(en).toContain('School seal');
    const hi = pdfContent((await call(fs.principal.token, 'GET', `${url}?lang=hi`)).rawPayload).text;
    expect(hi).toContain('भारतीय');
    expect(hi).toContain('अच्छा');
    expect(hi).toContain('उत्तीर्ण');
    expect(hi).toContain('एक बार');
    expect(hi).toContain('विद्यालय की मुहर');
    expect(hi).not.toMatch(/\bIndian\b|\bGood\b|\bPassed\b/);
  });

  it('cancelled as issued in error, restores the student: active, signs in, the register’s leaving cleared, in the audit log; or cancels only', async () => {
    const s = await feeSchool(env, { count: 2, classFee: null });
    const [a, b] = s.students as [TestUser, TestUser];
    const tcA = (await issue(a.id, 'tc', TC, s.principal.token)).json().result;
    const tcB = (await issue(b.id, 'tc', TC, s.principal.token)).json().result;
    const cancel = (id: string, body: object) => call(s.principal.token, 'POST', `/api/school/certificates/${id}/cancel`, body);
    // The default: the student is back on the rolls.
    const res = await cancel(tcA.certificateId, { reason: 'Issued to the wrong pupil' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe('cancelled');
    const [u] = await env.db.select({ status: users.status }).from(users).where(eq(users.id, a.id));
    expect(u!.status).toBe(true);
    expect((await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: a.loginId, password: a.password } })).statusCode).toBe(200);
    const [rec] = await env.db.select().from(studentRecords).where(eq(studentRecords.studentId, a.id));
    expect(rec).toMatchObject({ leftOn: null, leavingReason: null, leavingCertificateId: null });
    const audit = await env.db.select().from(auditLog).where(eq(auditLog.studentId, a.id));
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['certificate_cancelled', 'status']));
    expect(audit.find((e) => e.action === 'status')!.details).toMatchObject({ status: true });
    // A new TC may be issued again.
    expect((await issue(a.id, 'tc', TC, s.principal.token)).statusCode).toBe(200);
    // Cancel only: the student stays left.
    expect((await cancel(tcB.certificateId, { reason: 'Lost; a duplicate will do', restoreStudent: false })).statusCode).toBe(200);
    const [v] = await env.db.select({ status: users.status }).from(users).where(eq(users.id, b.id));
    expect(v!.status).toBe(false);
    const [recB] = await env.db.select().from(studentRecords).where(eq(studentRecords.studentId, b.id));
    expect(recB).toMatchObject({ leftOn: '2026-11-24', leavingCertificateId: tcB.certificateId });
  });

  it('numbers stay gapless per school and type when many are issued at once (PostgreSQL)', async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const s = await feeSchool(env, { count: 12, classFee: null });
    const answers = await Promise.all(s.students.map((st) => issue(st.id, 'bonafide', { purpose: 'Bank account' }, s.principal.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => a.json().result.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('the tuition-fee certificate', () => {
  it('adds up the tuition part of the payments made in the financial year, not the dues', async () => {
    const child = fs.students[0]!;
    const res = await issue(child.id, 'feecert', { financialYear: 2026 });
    expect(res.statusCode, res.body).toBe(200);
    // Three instalments of the year's fee; the one paid on 10 March 2026 is of the year before.
    const [row] = await env.db.select({ body: certificates.body, amount: certificates.amount }).from(certificates).where(eq(certificates.id, res.json().result.certificateId));
    const body = row!.body as { feecert: { payments: { paidOn: string; amount: number; tuition: number }[]; total: number } };
    expect(body.feecert.payments.map((p) => p.paidOn)).toEqual(['2026-04-10', '2026-05-10']);
    // Paid in full, the record paid its whole tuition: this year, all but the March payment's part
    // (a third of ₹32,000 is ₹10,666.66, of which ₹7,999.995 is tuition: ₹8,000.00).
    const expected = CLASS_FEE.tuition - 800_000;
    expect(body.feecert.total).toBe(expected);
    expect(body.feecert.payments.reduce((sum, p) => sum + p.tuition, 0)).toBe(expected);
    expect(Number(row!.amount)).toBe(expected);
    expect(res.json().result).toMatchObject({ type: 'feecert', number: 1, amount: expected });
  });

  it('counts only the tuition of the record’s own fee: other fee types are not tuition, to the paisa', async () => {
    const s = await feeSchool(env, { count: 1, classFee: CLASS_FEE });
    const transport = await addFeeType(env, s.school, { name: 'Transport', kind: 'amount', value: 600_000 });
    // ₹32,000 of class fee (₹24,000 tuition) and ₹6,000 of transport: four instalments of ₹9,500, two paid.
    await addRecord(env, s, s.students[0]!, { types: [transport], instalments: 4, start: '2026-06-10', paidCount: 2 });
    const preview = (await call(s.principal.token, 'GET', `/api/school/certificates/preview?type=feecert&studentId=${s.students[0]!.id}&financialYear=2026`)).json().result;
    // Half the record is paid: half its tuition, ₹12,000 (not ₹19,000 × 24/32 = ₹14,250).
    expect(preview.tuitionPaid).toBe(1_200_000);
    const res = await issue(s.students[0]!.id, 'feecert', { financialYear: 2026 }, s.principal.token);
    expect(res.json().result.amount).toBe(1_200_000);
  });
});

describe('PDFs, sharing and other schools', () => {
  it('prints in English and Hindi, says duplicate after the first print, and is the parent’s only when shared', async () => {
    const child = fs.students[1]!;
    // The school's affiliation number and UDISE code head its certificates.
    await env.db.update(schools).set({ affiliationNo: '2130456', udiseCode: '07050123456' }).where(eq(schools.id, fs.school.id));
    const shared = (await issue(child.id, 'bonafide', { purpose: 'For Passport' })).json().result;
    const kept = (await issue(child.id, 'character', { conduct: 'Very good', remarks: '' }, fs.principal.token, false)).json().result;
    const en = await call(fs.principal.token, 'GET', `/api/school/certificates/${shared.certificateId}/pdf?lang=en`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(en.headers['content-disposition']).toContain('bonafide-1.pdf');
    expect(pdfContent(en.rawPayload).text).toMatch(/Affiliation No\. 2130456\s+·\s+UDISE code 07050123456/);
    // The purpose as typed, where a capital reads well (not "for the purpose of For Passport").
    expect(pdfContent(en.rawPayload).text).toMatch(/Purpose: For Passport/);
    expect(pdfContent(en.rawPayload).text).not.toMatch(/purpose of For/);
    // The first print in Hindi is an original too; a reprint in a language says duplicate.
    const hi = await call(fs.admin.token, 'GET', `/api/school/certificates/${shared.certificateId}/pdf?lang=hi`);
    expect(hi.headers['content-disposition']).toContain('bonafide-1.pdf');
    expect(pdfContent(hi.rawPayload).text).not.toContain('प्रतिलिपि');
    const hiAgain = await call(fs.admin.token, 'GET', `/api/school/certificates/${shared.certificateId}/pdf?lang=hi`);
    expect(hiAgain.headers['content-disposition']).toContain('bonafide-1-duplicate.pdf');
    expect(pdfContent(hiAgain.rawPayload).text).toContain('प्रतिलिपि');
    const mine = (await call(parentToken, 'GET', '/api/parent/certificates')).json().result;
    expect(mine.items.map((c: { certificateId: string }) => c.certificateId)).toContain(shared.certificateId);
    expect(mine.items.map((c: { certificateId: string }) => c.certificateId)).not.toContain(kept.certificateId);
    expect((await call(parentToken, 'GET', `/api/school/certificates/${shared.certificateId}/pdf`)).statusCode).toBe(200);
    expect((await call(parentToken, 'GET', `/api/school/certificates/${kept.certificateId}/pdf`)).statusCode).toBe(404);
    // One child's: its own answers, another family's child is not found (as on every other route).
    const own = await call(parentToken, 'GET', `/api/parent/certificates?studentId=${child.id}`);
    expect(own.json().result.items.map((c: { certificateId: string }) => c.certificateId)).toContain(shared.certificateId);
    const others = await call(parentToken, 'GET', `/api/parent/certificates?studentId=${fs.students[2]!.id}`);
    expect(others.statusCode, others.body).toBe(404);
    expect((await call(parentToken, 'GET', `/api/parent/certificates?studentId=${other.students[0]!.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another school's certificate or student, and changes nothing", async () => {
    const [mine] = await env.db.select().from(certificates).where(eq(certificates.schoolId, fs.school.id)).limit(1);
    for (const [method, url, body] of [
      ['GET', `/api/school/certificates/${mine!.id}/pdf`, undefined],
      ['POST', `/api/school/certificates/${mine!.id}/cancel`, { reason: 'Wrong' }],
    ] as const) {
      expect((await call(other.principal.token, method, url, body)).statusCode).toBe(404);
    }
    expect((await issue(fs.students[3]!.id, 'bonafide', { purpose: 'Passport' }, other.principal.token)).statusCode).toBe(404);
    const [after] = await env.db.select().from(certificates).where(eq(certificates.id, mine!.id));
    expect(after).toEqual(mine);
  });
});

describe('the verification page', () => {
  it('shows the type, number, date, school and the student’s name only, to anyone; "cancelled" once cancelled', async () => {
    const child = fs.students[3]!;
    const cert = (await issue(child.id, 'character', { conduct: 'Good', remarks: 'Captain of the football team' })).json().result;
    const page = await call(null, 'GET', `/api/verify${cert.verifyPath.slice('/verify'.length)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result).toEqual({ kind: 'character', number: cert.number, issuedOn: '2026-11-25', schoolName: fs.school.name, studentName: child.name, status: 'valid' });
    expect(page.body).not.toContain('football');
    expect(page.body).not.toContain(child.loginId);
    expect((await call(null, 'GET', '/api/verify/notARealTokenButLongEnough1234')).statusCode).toBe(404);
    const cancelled = await call(fs.principal.token, 'POST', `/api/school/certificates/${cert.certificateId}/cancel`, { reason: 'Issued in error' });
    expect(cancelled.json().result).toMatchObject({ status: 'cancelled', number: cert.number, cancelled: { reason: 'Issued in error' } });
    expect((await call(null, 'GET', `/api/verify${cert.verifyPath.slice('/verify'.length)}`)).json().result.status).toBe('cancelled');
    expect((await call(fs.principal.token, 'POST', `/api/school/certificates/${cert.certificateId}/cancel`, { reason: 'Again' })).json()).toMatchObject({ reason: 'certificate_cancelled' });
  });
});
