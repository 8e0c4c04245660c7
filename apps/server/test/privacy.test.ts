import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { CONSENT_VERSION } from '@shala/contract';
import { attendanceMarks, auditLog, classStudents, consentRecords, examMarks, exams, feePayments, feeRecords, files, messageContacts, mobileCodes, notifications, subjects, users } from '../src/db/schema.js';
import { flushStaffViews } from '../src/modules/privacy/index.js';
import { addRecord, feeSchool, type FeeSchool } from './fees-fixture.js';
import { everyRole, setupApp, type TestEnv, type TestUser } from './helpers.js';
import { pdfContent } from './pdf-text.js';

/**
 * Children's data rights (issue 12): a parent's consent per child (history kept), the admins'
 * consent report, the export of everything held about a student (JSON and PDF), the erasure of a
 * former student (aggregates kept) and the audit log, written by the people routes too. Each
 * route: 401, 400, 403 for a wrong role, 404 for another school's student, success; refused
 * requests change nothing.
 */
let env: TestEnv;
let fs: FeeSchool;
let other: Awaited<ReturnType<typeof everyRole>>;
let parentToken: string;
let child: TestUser;
let P: string;
let A: string;

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env, { count: 3 });
  other = await everyRole(env);
  parentToken = await env.f.token(fs.parent);
  child = fs.students[0]!;
  P = fs.principal.token;
  A = fs.admin.token;
});
afterAll(() => env?.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: object, headers: Record<string, string> = {}) =>
  env.app.inject({ method, url, headers: { ...(token ? { token } : {}), ...headers }, payload });

const consentUrl = (id: string) => `/api/parent/children/${id}/consent`;
const exportUrl = (id: string, q = '') => `/api/school/privacy/students/${id}/export${q}`;
const eraseUrl = (id: string) => `/api/school/privacy/students/${id}/erase`;
const consentRows = (studentId: string) => env.db.select().from(consentRecords).where(eq(consentRecords.studentId, studentId)).orderBy(asc(consentRecords.createdAt));
const auditOf = async (studentId: string) => {
  await flushStaffViews(env.app.deps);
  return env.db.select().from(auditLog).where(eq(auditLog.studentId, studentId)).orderBy(asc(auditLog.at), asc(auditLog.id));
};

describe('consent', () => {
  it('a parent gives consent with its evidence, sees it, withdraws it; the history keeps both', async () => {
    const first = await call('GET', consentUrl(child.id), parentToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ studentId: child.id, status: 'missing', current: null, history: [] });

    const given = await call('POST', consentUrl(child.id), parentToken, { version: CONSENT_VERSION, photos: true }, { 'user-agent': 'TestBrowser/1.0' });
    expect(given.statusCode, given.body).toBe(200);
    const g = given.json().result;
    expect(g.status).toBe('given');
    expect(g.current).toMatchObject({ action: 'given', version: CONSENT_VERSION, processing: true, photos: true, notifications: false, parentId: fs.parent.id, userAgent: 'TestBrowser/1.0' });
    expect(g.current.ip).toBeTruthy();

    const withdrawn = await call('POST', `${consentUrl(child.id)}/withdraw`, parentToken);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const w = withdrawn.json().result;
    expect(w.status).toBe('withdrawn');
    expect(w.history.map((h: { action: string }) => h.action)).toEqual(['withdrawn', 'given']);
    expect((await consentRows(child.id)).map((r) => r.action)).toEqual(['given', 'withdrawn']);
    const audit = (await auditOf(child.id)).map((a) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['consent_given', 'consent_withdrawn']));

    // Withdrawing again: nothing in force (409), nothing recorded.
    const again = await call('POST', `${consentUrl(child.id)}/withdraw`, parentToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('consent_not_given');
    expect(await consentRows(child.id)).toHaveLength(2);

    // Given again: in force once more.
    expect((await call('POST', consentUrl(child.id), parentToken, { version: CONSENT_VERSION })).json().result.status).toBe('given');
  });

  it('refuses: no session 401, an old text version 400, a non-parent 403, another child or school 404; nothing recorded', async () => {
    const stranger = fs.students[1]!;
    expect((await call('POST', consentUrl(child.id), undefined, { version: CONSENT_VERSION })).statusCode).toBe(401);
    const old = await call('POST', consentUrl(stranger.id), parentToken, { version: '1999-1' });
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe('VALIDATION_ERROR');
    expect((await call('POST', consentUrl(stranger.id), P, { version: CONSENT_VERSION })).statusCode).toBe(403);
    expect((await call('POST', consentUrl(stranger.id), parentToken, { version: CONSENT_VERSION })).statusCode).toBe(404);
    expect((await call('GET', consentUrl(stranger.id), parentToken)).statusCode).toBe(404);
    expect((await call('POST', consentUrl(other.users[116].id), parentToken, { version: CONSENT_VERSION })).statusCode).toBe(404);
    expect(await consentRows(stranger.id)).toHaveLength(0);
    expect(await consentRows(other.users[116].id)).toHaveLength(0);
  });

  it('the report shows each student’s state and the counts; filters and search; admins only', async () => {
    const res = await call('GET', '/api/school/privacy/consent?pageSize=50', P);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.counts).toEqual({ students: 3, given: 1, withdrawn: 0, missing: 2 });
    expect(r.total).toBe(3);
    expect(r.items.find((i: { studentId: string }) => i.studentId === child.id)).toMatchObject({ consent: 'given', version: CONSENT_VERSION, parentName: fs.parent.name });
    const missing = (await call('GET', '/api/school/privacy/consent?status=missing', A)).json().result;
    expect(missing.items.map((i: { studentId: string }) => i.studentId).sort()).toEqual([fs.students[1]!.id, fs.students[2]!.id].sort());
    const found = (await call('GET', `/api/school/privacy/consent?search=${encodeURIComponent(fs.students[2]!.loginId)}`, P)).json().result;
    expect(found.items.map((i: { studentId: string }) => i.studentId)).toEqual([fs.students[2]!.id]);
    // Another school sees only its own.
    expect((await call('GET', '/api/school/privacy/consent', other.users[113].token)).json().result.counts.students).toBe(1);
    expect((await call('GET', '/api/school/privacy/consent?status=nope', P)).statusCode).toBe(400);
    expect((await call('GET', '/api/school/privacy/consent', parentToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/school/privacy/consent')).statusCode).toBe(401);
    // One student's history for the admins; another school's student: 404.
    const one = await call('GET', `/api/school/privacy/students/${child.id}/consent`, A);
    expect(one.json().result.history.length).toBe(3);
    expect((await call('GET', `/api/school/privacy/students/${other.users[116].id}/consent`, A)).statusCode).toBe(404);
  });
});

describe('export', () => {
  let examId: string;
  beforeAll(async () => {
    await addRecord(env, fs, child, { instalments: 3, paidCount: 1 });
    await env.db.insert(attendanceMarks).values(
      ['2026-07-01', '2026-07-02'].map((date, i) => ({ schoolId: fs.school.id, sessionId: fs.school.sessionId, classId: fs.classId, studentId: child.id, date, status: i ? 'present' : 'absent' })),
    );
    const [subject] = await env.db.insert(subjects).values({ schoolId: fs.school.id, name: 'गणित Mathematics' }).returning();
    const [exam] = await env.db
      .insert(exams)
      .values({ schoolId: fs.school.id, sessionId: fs.school.sessionId, name: 'Half-Yearly', weight: 100, maxMarks: 100, termStart: '2026-08-01', termEnd: '2026-10-31' })
      .returning();
    examId = exam!.id;
    await env.db.insert(examMarks).values({ schoolId: fs.school.id, sessionId: fs.school.sessionId, examId, classId: fs.classId, subjectId: subject!.id, studentId: child.id, status: 'marked', marks: 77 });
    await env.db.insert(notifications).values({ schoolId: fs.school.id, userId: child.id, senderName: 'Principal', message: 'Welcome back' });
  });

  it('the principal exports everything held about a student as JSON, and it is audited', async () => {
    const res = await call('GET', exportUrl(child.id), P);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toContain(`student-data-${child.loginId}.json`);
    const b = res.json();
    expect(b.profile).toMatchObject({ studentId: child.id, loginId: child.loginId, fullName: child.name });
    expect(b.parents).toEqual([expect.objectContaining({ parentId: fs.parent.id, fullName: fs.parent.name })]);
    expect(b.classes.items).toEqual([expect.objectContaining({ className: '5', section: 'A', rollNo: 1 })]);
    expect(b.attendance.items.map((a: { date: string; status: string }) => [a.date, a.status])).toEqual([['2026-07-02', 'present'], ['2026-07-01', 'absent']]);
    expect(b.fees.records.items).toHaveLength(1);
    expect(b.fees.instalments.items).toHaveLength(3);
    expect(b.fees.payments.items).toHaveLength(1);
    expect(b.marks.items).toEqual([expect.objectContaining({ exam: 'Half-Yearly', subject: 'गणित Mathematics', marks: 77 })]);
    expect(b.notifications.items).toEqual([expect.objectContaining({ message: 'Welcome back' })]);
    expect(b.consent.items.map((c: { action: string }) => c.action)).toEqual(['given', 'withdrawn', 'given']);
    expect(b.audit.items.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['consent_given']));
    expect(b.attendance.truncated).toBe(false);
    const exportsLogged = (await auditOf(child.id)).filter((a) => a.action === 'export');
    expect(exportsLogged).toHaveLength(1);
    expect(exportsLogged[0]).toMatchObject({ actorId: fs.principal.id, actorRole: 113 });
  });

  it('as a PDF in Hindi, with Devanagari text', async () => {
    const res = await call('GET', exportUrl(child.id, '?format=pdf&lang=hi'), A);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = pdfContent(res.rawPayload);
    expect(text).toContain('विद्यार्थी के बारे में रखा गया व्यक्तिगत डेटा');
    expect(text).toContain('गणित');
    expect(text).toContain(child.loginId);
  });

  it('a parent exports its own child only; others: 401, 400, 403, 404', async () => {
    expect((await call('GET', exportUrl(child.id), parentToken)).statusCode).toBe(200);
    expect((await call('GET', exportUrl(fs.students[1]!.id), parentToken)).statusCode).toBe(404);
    expect((await call('GET', exportUrl(other.users[116].id), P)).statusCode).toBe(404);
    expect((await call('GET', exportUrl(child.id))).statusCode).toBe(401);
    expect((await call('GET', exportUrl(child.id, '?format=xml'), P)).statusCode).toBe(400);
    expect((await call('GET', exportUrl(child.id), other.users[114].token)).statusCode).toBe(403);
    expect((await auditOf(other.users[116].id)).length).toBe(0);
  });
});

describe('erase', () => {
  it('refuses an active student (409), a wrong name (400), a non-principal (403), another school (404): nothing changes', async () => {
    const target = fs.students[2]!;
    const active = await call('POST', eraseUrl(target.id), P, { confirmName: target.name });
    expect(active.statusCode).toBe(409);
    expect(active.json().reason).toBe('student_active');
    await env.db.update(users).set({ status: false }).where(eq(users.id, target.id));
    const wrong = await call('POST', eraseUrl(target.id), P, { confirmName: 'Somebody Else' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ reason: 'confirm_name', field: 'confirmName' });
    expect((await call('POST', eraseUrl(target.id), P, {})).statusCode).toBe(400);
    expect((await call('POST', eraseUrl(target.id), A, { confirmName: target.name })).statusCode).toBe(403);
    expect((await call('POST', eraseUrl(target.id), undefined, { confirmName: target.name })).statusCode).toBe(401);
    expect((await call('POST', eraseUrl(other.users[116].id), P, { confirmName: other.users[116].name })).statusCode).toBe(404);
    const [row] = await env.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ firstName: 'Pupil03', erasedAt: null });
    expect((await auditOf(target.id)).filter((a) => a.action === 'erase')).toHaveLength(0);
  });

  it('anonymises a former student: identity, photo, login and the only-child parent go; attendance, fees and marks stay', async () => {
    const storage = env.app.deps.storage;
    const photo = `${randomUUID()}.png`;
    await storage.put(photo, Buffer.from('png'), 'image/png');
    await env.db.insert(files).values({ name: photo, schoolId: fs.school.id, ownerId: fs.principal.id, size: 3, mime: 'image/png', attachedAt: new Date() });
    // The child left with a TC (it becomes inactive); the parent verified a mobile and opted in to WhatsApp, and asked a new code.
    const tc = await call('POST', '/api/school/certificates', P, { type: 'tc', studentId: child.id, shareWithParent: true, fields: {
      applicationDate: '2026-11-20', leavingDate: '2026-11-24', reason: 'Moved away', lastExam: '', result: '', subjects: '', activities: '', conduct: 'Good', remarks: '', duesOverride: 'Settled by the trust',
    } });
    expect(tc.statusCode, tc.body).toBe(200);
    const verifyUrl = `/api${tc.json().result.verifyPath}`;
    expect((await call('GET', verifyUrl)).json().result.studentName).toBe(child.name);
    const at = new Date();
    await env.db.insert(messageContacts).values([
      { userId: fs.parent.id, schoolId: fs.school.id, mobile: '+919812345678', mobileVerifiedAt: at, whatsappOptInAt: at },
      { userId: child.id, schoolId: fs.school.id, mobile: '+919812345679', mobileVerifiedAt: at },
    ]);
    await env.db.insert(mobileCodes).values({ userId: fs.parent.id, schoolId: fs.school.id, mobile: '+919812345670', codeHash: 'x', expiresAt: at, createdAt: at });
    await env.db.update(users).set({ image: photo, contact: '9876543210', address: 'Lane 4', dateOfBirth: '2015-03-04' }).where(eq(users.id, child.id));
    const before = {
      attendance: (await env.db.select().from(attendanceMarks).where(eq(attendanceMarks.studentId, child.id))).length,
      fees: await env.db.select().from(feeRecords).where(eq(feeRecords.studentId, child.id)),
      marks: (await env.db.select().from(examMarks).where(eq(examMarks.studentId, child.id))).length,
      payments: (await env.db.select().from(feePayments).where(eq(feePayments.schoolId, fs.school.id))).length,
    };

    const res = await call('POST', eraseUrl(child.id), P, { confirmName: `  ${child.name.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const num = child.loginId.match(/\d+$/)![0];
    expect(res.json().result).toEqual({ studentId: child.id, fullName: `Former student ${num}`, parentErased: true });

    const [row] = await env.db.select().from(users).where(eq(users.id, child.id));
    expect(row).toMatchObject({ firstName: 'Former student', lastName: num, email: null, contact: null, address: null, image: null, dateOfBirth: null, parentUserId: null, status: false });
    expect(row!.erasedAt).toBeTruthy();
    const [parentRow] = await env.db.select().from(users).where(eq(users.id, fs.parent.id));
    expect(parentRow).toMatchObject({ firstName: 'Former parent', email: null, status: false });
    expect(await storage.exists(photo)).toBe(false);
    expect(await env.db.select().from(files).where(eq(files.name, photo))).toHaveLength(0);
    expect(await env.db.select().from(notifications).where(eq(notifications.userId, child.id))).toHaveLength(0);
    // Their mobile numbers, WhatsApp opt-in and pending code are gone.
    expect(await env.db.select().from(messageContacts).where(inArray(messageContacts.userId, [child.id, fs.parent.id]))).toHaveLength(0);
    expect(await env.db.select().from(mobileCodes).where(eq(mobileCodes.userId, fs.parent.id))).toHaveLength(0);
    // The TC stays (kept by law) and is still valid, but its public page names nobody.
    const page = await call('GET', verifyUrl);
    expect(page.json().result).toMatchObject({ kind: 'tc', status: 'valid', studentName: null });
    expect(page.body).not.toContain(child.name.split(' ')[0]!);
    // Its TC can be cancelled, but nobody is restored: the erased account stays as it is.
    const [listed] = (await call('GET', `/api/school/certificates?studentId=${child.id}`, P)).json().result.items;
    expect(listed.student.erased).toBe(true);
    const restore = await call('POST', `/api/school/certificates/${listed.certificateId}/cancel`, P, { reason: 'Issued in error' });
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toMatchObject({ reason: 'tc_restore_erased' });
    expect((await call('POST', `/api/school/certificates/${listed.certificateId}/cancel`, P, { reason: 'Issued in error', restoreStudent: false })).statusCode).toBe(200);
    const [still] = await env.db.select({ status: users.status }).from(users).where(eq(users.id, child.id));
    expect(still!.status).toBe(false);
    // The school's records stay, without identity.
    expect((await env.db.select().from(attendanceMarks).where(eq(attendanceMarks.studentId, child.id))).length).toBe(before.attendance);
    expect(await env.db.select().from(feeRecords).where(eq(feeRecords.studentId, child.id))).toEqual(before.fees);
    expect((await env.db.select().from(examMarks).where(eq(examMarks.studentId, child.id))).length).toBe(before.marks);
    expect((await env.db.select().from(feePayments).where(eq(feePayments.schoolId, fs.school.id))).length).toBe(before.payments);
    // The consent history stays as evidence; the erasure is in the audit log.
    expect(await consentRows(child.id)).toHaveLength(3);
    expect((await auditOf(child.id)).filter((a) => a.action === 'erase')).toEqual([expect.objectContaining({ actorId: fs.principal.id, actorRole: 113 })]);
    // The login is gone; a second erasure answers 409.
    expect((await call('POST', '/api/signin', undefined, { loginId: child.loginId, password: child.password })).statusCode).not.toBe(200);
    const again = await call('POST', eraseUrl(child.id), P, { confirmName: `Former student ${num}` });
    expect(again.json().reason).toBe('student_erased');
  });

  it('keeps a parent who has other children', async () => {
    const s = await env.f.school();
    const principal = await env.f.user(113, s);
    const parent = await env.f.user(115, s);
    const a = await env.f.user(116, s, { parentUserId: parent.id, status: false, firstName: 'Asha' });
    await env.f.user(116, s, { parentUserId: parent.id, firstName: 'Ravi' });
    const res = await call('POST', eraseUrl(a.id), await env.f.token(principal), { confirmName: a.name });
    expect(res.json().result.parentErased).toBe(false);
    const [p] = await env.db.select().from(users).where(eq(users.id, parent.id));
    expect(p).toMatchObject({ firstName: 'User115', status: true });
  });
});

describe('audit log', () => {
  it('the people routes record a student’s detail view, edit, status change and creation; lists do not', async () => {
    const s = fs.students[1]!;
    const before = (await auditOf(s.id)).length;
    expect((await call('GET', '/api/school/student?pageSize=10', P)).statusCode).toBe(200);
    expect((await auditOf(s.id)).length).toBe(before);
    expect((await call('GET', `/api/school/student/${s.id}`, P)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/school/student/${s.id}`, A, { contact: '9123456780' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/school/student/${s.id}/status`, P, { status: false })).statusCode).toBe(200);
    const rows = (await auditOf(s.id)).slice(before);
    expect(rows.map((r) => [r.action, r.actorRole])).toEqual([
      ['view', 113],
      ['edit', 112],
      ['status', 113],
    ]);
    expect(rows[1]!.details).toEqual({ fields: ['contact'] });
    expect(rows[2]!.details).toEqual({ status: false });
    // A 404 view (another school's student) records nothing.
    expect((await call('GET', `/api/school/student/${other.users[116].id}`, P)).statusCode).toBe(404);
    expect(await auditOf(other.users[116].id)).toHaveLength(0);

    const created = await call('POST', '/api/school/student', P, { firstName: 'Meera', lastName: 'Nair', gender: 'female' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.person.userId as string;
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['create']);
  });

  it('a parent viewing its child is recorded', async () => {
    const s = await env.f.school();
    const parent = await env.f.user(115, s);
    const kid = await env.f.user(116, s, { parentUserId: parent.id });
    expect((await call('GET', `/api/parent/children/${kid.id}`, await env.f.token(parent))).statusCode).toBe(200);
    expect((await auditOf(kid.id)).map((r) => [r.action, r.actorId])).toEqual([['view', parent.id]]);
  });

  it('a student’s report card (and its PDF) and fees seen by staff are recorded, with what was seen; its parent’s views, its own and refused ones are not', async () => {
    // A family of its own in the class (the tests above erased or deactivated the class's others).
    const parent = await env.f.user(115, fs.school);
    const s = await env.f.user(116, fs.school, { parentUserId: parent.id });
    await env.db.insert(classStudents).values({ schoolId: fs.school.id, sessionId: fs.school.sessionId, classId: fs.classId, studentId: s.id, rollNo: 40 });
    const parentToken = await env.f.token(parent);
    const card = (id: string, token: string, pdf = '') => call('GET', `/api/school/exam/reportcard/${id}${pdf}`, token);
    const fees = (id: string, token: string) => call('GET', `/api/school/feerecord/emi/student/${id}/${fs.school.sessionId}`, token);
    const before = (await auditOf(s.id)).length;
    expect((await card(s.id, P)).statusCode).toBe(200);
    expect((await card(s.id, P, '/pdf?lang=hi')).statusCode).toBe(200);
    expect((await fees(s.id, A)).statusCode).toBe(200);
    // Its parent: its card, the PDF and its fees are shown, nothing is recorded.
    expect((await card(s.id, parentToken)).statusCode).toBe(200);
    expect((await card(s.id, parentToken, '/pdf?lang=hi')).statusCode).toBe(200);
    expect((await fees(s.id, parentToken)).statusCode).toBe(200);
    // The student itself: its card and fees are shown, nothing is recorded.
    const own = await env.f.token(s);
    expect((await card(s.id, own)).statusCode).toBe(200);
    expect((await fees(s.id, own)).statusCode).toBe(200);
    // Refused: another school's principal (404) and a stranger parent (404) leave no row.
    expect((await card(s.id, other.users[113].token)).statusCode).toBe(404);
    expect((await fees(s.id, other.users[115].token)).statusCode).toBe(404);
    const rows = (await auditOf(s.id)).slice(before);
    expect(rows.map((r) => [r.action, r.actorId, r.details])).toEqual([
      ['view', fs.principal.id, { of: 'reportcard' }],
      ['view', fs.principal.id, { of: 'reportcardPdf' }],
      ['view', fs.admin.id, { of: 'fees' }],
    ]);
  });

  it('lists newest first, by student and action, paged; admins only; another school sees none and its student answers 404', async () => {
    const res = await call('GET', '/api/school/privacy/audit?pageSize=5', P);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().result;
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const ats = page.items.map((i: { at: string }) => i.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const s = fs.students[1]!;
    const bySt = (await call('GET', `/api/school/privacy/audit?studentId=${s.id}&action=edit`, A)).json().result;
    expect(bySt.items).toEqual([expect.objectContaining({ action: 'edit', studentId: s.id, actorId: fs.admin.id, actorRole: 112, studentName: s.name })]);
    expect(bySt.total).toBe(1);
    expect((await call('GET', '/api/school/privacy/audit', other.users[113].token)).json().result.items.filter((i: { studentId: string }) => i.studentId === s.id)).toHaveLength(0);
    expect((await call('GET', '/api/school/privacy/audit?action=nope', P)).statusCode).toBe(400);
    // A student the school does not have, or another school's, answers 404 (not an empty page).
    expect((await call('GET', `/api/school/privacy/audit?studentId=${randomUUID()}`, P)).statusCode).toBe(404);
    expect((await call('GET', `/api/school/privacy/audit?studentId=${s.id}`, other.users[113].token)).statusCode).toBe(404);
    expect((await call('GET', '/api/school/privacy/audit', other.users[115].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/school/privacy/audit')).statusCode).toBe(401);
  });
});

