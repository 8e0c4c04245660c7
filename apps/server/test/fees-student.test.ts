import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords, formatRupees } from '@shala/contract';
import { auditLog, feePayments, schools } from '../src/db/schema.js';
import { flushStaffViews } from '../src/modules/privacy/index.js';
import { multipart, setupApp, type TestEnv, type TestUser } from './helpers.js';
import { addRecord, feeSchool, type FeeSchool } from './fees-fixture.js';
import { scriptRuns } from '../src/modules/fees/receipt-pdf.js';
import { pdfContent } from './pdf-text.js';
import { countStatements } from './statements.js';

let env: TestEnv;
let fs: FeeSchool;
/** Another school with a paid instalment: its payment must stay invisible. */
let other: FeeSchool;
let tokens: { parent: string; student: string; sibling: string; teacher: string };
/** The first student's record: 4 instalments from 10 May 2026, the first paid. */
let first: Awaited<ReturnType<typeof addRecord>>;
let paymentId: string;
/** A payment of the third student (not the parent's child). */
let strangerPaymentId: string;
let otherPaymentId: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGMw8z8ORwzEcQASwhTBN1/SQAAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env);
  other = await feeSchool(env);
  const teacher = await env.f.user(114, fs.school);
  tokens = {
    parent: await env.f.token(fs.parent),
    student: await env.f.token(fs.students[0]!),
    sibling: await env.f.token(fs.students[1]!),
    teacher: await env.f.token(teacher),
  };
  first = await addRecord(env, fs, fs.students[0]!, { instalments: 4, start: '2026-05-10', paidCount: 1 });
  const stranger = await addRecord(env, fs, fs.students[2]!, { instalments: 2, start: '2026-05-10', paidCount: 1 });
  const elsewhere = await addRecord(env, other, other.students[0]!, { instalments: 2, start: '2026-05-10', paidCount: 1 });
  const paymentOf = async (recordId: string) => (await env.db.select().from(feePayments).where(eq(feePayments.feeRecordId, recordId)))[0]!.id;
  paymentId = await paymentOf(first.record.id);
  strangerPaymentId = await paymentOf(stranger.record.id);
  otherPaymentId = await paymentOf(elsewhere.record.id);
});
afterAll(() => env.close());

const url = (studentId: string, sessionId: string) => `/api/school/feerecord/emi/student/${studentId}/${sessionId}`;
const receiptUrl = (id: string, lang?: string) => `/api/fee/receipt/${id}${lang ? `?lang=${lang}` : ''}`;
const get = (path: string, token?: string) => env.app.inject({ method: 'GET', url: path, headers: token ? { token } : {} });

describe("a student's fees", () => {
  it('shows the record, the plan with paid, overdue and due instalments, and the payments', async () => {
    const student = fs.students[0]!;
    const res = await get(url(student.id, fs.school.sessionId), fs.principal.token);
    expect(res.statusCode).toBe(200);
    const fees = res.json().result;
    expect(fees.record.total).toBe(3_200_000);
    expect(fees.record.paid).toBe(800_000);
    expect(fees.record.balance).toBe(2_400_000);
    expect(fees.instalments.map((i: { state: string }) => i.state)).toEqual(['paid', ...fees.instalments.slice(1).map((i: { dueDate: string }) => (i.dueDate < fees.today ? 'overdue' : 'due'))]);
    expect(fees.instalments[0].payment.receiptNo).toBe(1);
    expect(fees.instalments[0].payment.paymentId).toBe(paymentId);
    expect(fees.payments).toHaveLength(1);
  });

  it('answers a student without a record with record null, and another family 404', async () => {
    const sibling = fs.students[1]!;
    const res = await get(url(sibling.id, fs.school.sessionId), fs.principal.token);
    expect(res.json().result.record).toBeNull();
    expect((await get(url(sibling.id, fs.school.sessionId), tokens.parent)).statusCode).toBe(404);
    const own = await get(url(fs.students[0]!.id, fs.school.sessionId), tokens.parent);
    expect(own.statusCode).toBe(200);
    expect(own.json().result.record.total).toBe(3_200_000);
  });

  it('shows a student its own fees, and another student’s answers 404', async () => {
    const own = await get(url(fs.students[0]!.id, fs.school.sessionId), tokens.student);
    expect(own.statusCode).toBe(200);
    expect(own.json().result.student.userId).toBe(fs.students[0]!.id);
    const theirs = await get(url(fs.students[0]!.id, fs.school.sessionId), tokens.sibling);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('NOT_FOUND');
  });

  it('answers 401 without a session, 400 for a malformed id, 403 for a teacher, 404 for another school', async () => {
    const path = url(fs.students[0]!.id, fs.school.sessionId);
    expect((await get(path)).statusCode).toBe(401);
    const bad = await get(url('not-a-uuid', fs.school.sessionId), fs.principal.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_ERROR');
    expect((await get(path, tokens.teacher)).statusCode).toBe(403);
    // Another school's admin: the student and the session are not theirs.
    expect((await get(path, other.admin.token)).statusCode).toBe(404);
    expect((await get(url(other.students[0]!.id, other.school.sessionId), fs.admin.token)).statusCode).toBe(404);
    // Our student with another school's session.
    expect((await get(url(fs.students[0]!.id, other.school.sessionId), fs.admin.token)).statusCode).toBe(404);
  });

  it('records a staff view of the fees only once the read succeeded: a refused one leaves no audit row', async () => {
    const student = fs.students[0]!;
    const views = async () => {
      await flushStaffViews(env.app.deps);
      return (await env.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.studentId, student.id), eq(auditLog.action, 'view'))))[0]!.n;
    };
    const before = await views();
    // Our student with another school's session: 404, nothing was shown.
    expect((await get(url(student.id, other.school.sessionId), fs.admin.token)).statusCode).toBe(404);
    expect(await views()).toBe(before);
    expect((await get(url(student.id, fs.school.sessionId), fs.admin.token)).statusCode).toBe(200);
    expect(await views()).toBe(before + 1);
  });
});

describe('the PDF receipt', () => {
  it('is downloaded by the admins, the parent and the student itself: a PDF named by its number, never cached', async () => {
    for (const token of [fs.admin.token, fs.principal.token, tokens.parent, tokens.student]) {
      const res = await get(receiptUrl(paymentId), token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-1.pdf"; filename*=UTF-8''receipt-1.pdf`);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('shows the school, the receipt number and date, the student, the instalment, the amount in figures and in words', async () => {
    // A district named like its city is printed once (the report card prints the same line).
    await env.db.update(schools).set({ address: '12 MI Road', city: 'Jaipur', district: 'jaipur', state: 'Rajasthan', zipCode: '302001' }).where(eq(schools.id, fs.school.id));
    const res = await get(receiptUrl(paymentId, 'en'), tokens.parent);
    const { text } = pdfContent(res.rawPayload);
    expect(text).toContain('12 MI Road, Jaipur, Rajasthan – 302001');
    const amount = first.instalments[0]!.amount;
    expect(amount).toBe(800_000);
    expect(text).toContain(fs.school.name);
    expect(text).toContain('Fee receipt');
    expect(text).toMatch(/Receipt no\. 1 /);
    expect(text).toContain('10 May 2026');
    expect(text).toContain('Session 2026-27');
    expect(text).toContain(`Student ${(fs.students[0] as TestUser).name}`);
    expect(text).toContain(fs.students[0]!.loginId);
    expect(text).toContain('Class 5 – A · Roll no. 1');
    expect(text).toContain('Instalment 1 · due 10 May 2026');
    expect(text).toContain(formatRupees(amount));
    expect(text).toContain(amountInWords(amount, 'en'));
    expect(text).toContain('Rupees Eight Thousand Only');
    expect(text).toContain('Payment mode Cash');
    expect(text).toContain(`Received by ${fs.principal.name}`);
    expect(text).toContain('computer-generated receipt');
    expect(text).not.toContain('REVERSED');
  });

  it('in Hindi: the Devanagari font is embedded and the receipt speaks Hindi', async () => {
    const res = await get(receiptUrl(paymentId, 'hi'), tokens.student);
    expect(res.statusCode).toBe(200);
    const { text, fonts } = pdfContent(res.rawPayload);
    expect(fonts.some((f) => /^[A-Z]{6}\+NotoSansDevanagari-(Regular|Bold)$/.test(f))).toBe(true);
    expect(text).toContain('शुल्क रसीद');
    expect(text).toContain('आठ हज़ार रुपये मात्र');
    expect(text).toContain('10 मई 2026');
    expect(text).toContain('कक्षा 5 – A · अनुक्रमांक 1');
    expect(text).toContain('भुगतान का माध्यम नकद');
    expect(text).toContain('कंप्यूटर से बनी रसीद');
  });

  it('marks a reversed payment REVERSED, with the date and the reason', async () => {
    const [p] = await env.db.select().from(feePayments).where(eq(feePayments.id, strangerPaymentId));
    await env.db
      .update(feePayments)
      .set({ reversedAt: new Date('2026-05-12T20:00:00Z'), reversedBy: fs.principal.id, reversalReason: 'Cheque returned unpaid' })
      .where(eq(feePayments.id, p!.id));
    const en = pdfContent((await get(receiptUrl(strangerPaymentId), fs.principal.token)).rawPayload).text;
    expect(en).toContain('REVERSED');
    // 20:00 UTC is 01:30 the next day in India: the school's date.
    expect(en).toContain('This payment was reversed on 13 May 2026.');
    expect(en).toContain('Reason: Cheque returned unpaid');
    expect(en).toContain(`Reversed by: ${fs.principal.name}`);
    const hi = pdfContent((await get(receiptUrl(strangerPaymentId, 'hi'), fs.principal.token)).rawPayload).text;
    expect(hi).toContain('यह भुगतान 13 मई 2026 को वापस किया गया।');
    expect(hi).toContain('कारण: Cheque returned unpaid');
  });

  it('carries the school’s logo when it has one', async () => {
    const upload = multipart('file', 'logo.png', PNG, 'image/png');
    const res = await env.app.inject({ method: 'POST', url: '/api/fileupload', headers: { ...upload.headers, token: fs.admin.token }, payload: upload.payload });
    expect(res.statusCode).toBe(200);
    const without = (await get(receiptUrl(paymentId), fs.admin.token)).rawPayload.toString('latin1');
    expect(without).not.toContain('/Subtype /Image');
    await env.db.update(schools).set({ image: res.json().result.imageName }).where(eq(schools.id, fs.school.id));
    const withLogo = (await get(receiptUrl(paymentId), fs.admin.token)).rawPayload.toString('latin1');
    expect(withLogo).toContain('/Subtype /Image');
    // Another school's file named as the logo is not read.
    await env.db.update(schools).set({ image: res.json().result.imageName }).where(eq(schools.id, other.school.id));
    const foreign = (await get(receiptUrl(otherPaymentId), other.admin.token)).rawPayload.toString('latin1');
    expect(foreign).not.toContain('/Subtype /Image');
  });

  it('answers 401 without a session, 400 for a bad id or language, 403 for other roles', async () => {
    expect((await get(receiptUrl(paymentId))).statusCode).toBe(401);
    const badId = await get(receiptUrl('12'), fs.admin.token);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('VALIDATION_ERROR');
    const badLang = await get(receiptUrl(paymentId, 'fr'), fs.admin.token);
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json().error).toBe('VALIDATION_ERROR');
    expect((await get(receiptUrl(paymentId), tokens.teacher)).statusCode).toBe(403);
    const owner = await env.f.user(111, null);
    expect((await get(receiptUrl(paymentId), await env.f.token(owner))).statusCode).toBe(403);
  });

  it('answers 404 for another child’s payment (parent), another student’s (student), another school’s and an unknown one', async () => {
    const cases: [string, string][] = [
      [tokens.parent, strangerPaymentId],
      [tokens.sibling, paymentId],
      [tokens.student, strangerPaymentId],
      [fs.admin.token, otherPaymentId],
      [fs.principal.token, otherPaymentId],
      [other.principal.token, paymentId],
      [fs.admin.token, '00000000-0000-4000-8000-000000000000'],
    ];
    for (const [token, id] of cases) {
      const res = await get(receiptUrl(id), token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('NOT_FOUND');
    }
  });

  it('reads the payment and all it shows in one statement', async () => {
    const { result, statements } = await countStatements(env, fs.school.id, () => get(receiptUrl(paymentId, 'hi'), tokens.parent));
    expect(result.statusCode).toBe(200);
    expect(statements).toBe(1);
  });
});

describe('runs of text by script', () => {
  it('draws Devanagari in its font and Latin in the other, neutral characters joining the run they follow', () => {
    expect(scriptRuns('कक्षा 5 – A')).toEqual([
      { script: 'deva', text: 'कक्षा 5 – ' },
      { script: 'latin', text: 'A' },
    ]);
    expect(scriptRuns('(Arjun) अर्जुन।')).toEqual([
      { script: 'latin', text: '(Arjun) ' },
      { script: 'deva', text: 'अर्जुन।' },
    ]);
    expect(scriptRuns('₹1,000.00')).toEqual([{ script: 'latin', text: '₹1,000.00' }]);
    expect(scriptRuns('12 मई', 'latin')).toEqual([{ script: 'deva', text: '12 मई' }]);
  });
});
