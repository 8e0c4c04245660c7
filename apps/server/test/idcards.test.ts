import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, idCards, users } from '../src/db/schema.js';
import { runIdCardBatches } from '../src/modules/certificates/idcards.js';
import { multipart, setupApp, type TestEnv } from './helpers.js';
import { feeSchool, type FeeSchool } from './fees-fixture.js';
import { pdfContent } from './pdf-text.js';

/**
 * ID cards (issue 26): a batch for a class is queued by the request and made by the job's run: one
 * PDF of CR80 cards with each student's name, class, roll and admission numbers and a QR code,
 * the photo where there is one, and who has none listed; staff cards in Hindi; a card's QR page
 * says only that its holder is a student (staff) of the school, or no longer is; a card printed
 * again keeps its QR code; another school's class, person or batch answers 404.
 */
let env: TestEnv;
let fs: FeeSchool;
let other: FeeSchool;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGMw8z8ORwzEcQASwhTBN1/SQAAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  env = await setupApp();
  fs = await feeSchool(env, { count: 3, classFee: null });
  other = await feeSchool(env, { count: 1, classFee: null });
});
afterAll(() => env?.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => env.app.inject({ method, url, headers: { token }, payload });
const make = (body: object, token = fs.principal.token) => call(token, 'POST', '/api/school/idcards', body);
const images = (pdf: Buffer) => pdf.toString('latin1').split('/Subtype /Image').length - 1;
const photos = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Width 4\b/g) ?? []).length;

describe('ID cards of a class', () => {
  let batchId: string;

  it('are queued, then made in one PDF with every student, a QR code each and the photo where there is one', async () => {
    // The second student has a photo (uploaded by the office, set on its account).
    const upload = multipart('file', 'photo.png', PNG, 'image/png');
    const up = await env.app.inject({ method: 'POST', url: '/api/fileupload', headers: { ...upload.headers, token: fs.admin.token }, payload: upload.payload });
    expect(up.statusCode).toBe(200);
    await env.db.update(users).set({ image: up.json().result.imageName, bloodGroup: 'B+' }).where(eq(users.id, fs.students[1]!.id));

    const res = await make({ kind: 'students', classId: fs.classId, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json().result;
    expect(queued).toMatchObject({ kind: 'students', className: '5-A', status: 'queued', count: 3, fileUrl: null, withoutPhoto: [] });
    batchId = queued.batchId;

    expect(await runIdCardBatches(env.app.deps)).toEqual({ done: 1, failed: 0 });
    const batch = (await call(fs.principal.token, 'GET', `/api/school/idcards/${batchId}`)).json().result;
    expect(batch).toMatchObject({ status: 'done', count: 3, fileUrl: `/api/school/idcards/${batchId}/pdf` });
    // Those without a photo, in roll order.
    expect(batch.withoutPhoto.map((p: { userId: string }) => p.userId)).toEqual([fs.students[0]!.id, fs.students[2]!.id]);

    const pdf = await call(fs.admin.token, 'GET', batch.fileUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = pdfContent(pdf.rawPayload);
    for (const s of fs.students) expect(text).toContain(s.name);
    expect(text).toContain('Student identity card');
    expect(text).toContain('5-A');
    expect(text).toContain('B+');
    expect(text).toContain(fs.school.name);
    // One photo (the 4 × 4 PNG), and a QR code on each card.
    expect(photos(pdf.rawPayload)).toBe(1);
    expect(images(pdf.rawPayload)).toBeGreaterThanOrEqual(4);
    // The list shows it, newest first.
    const list = (await call(fs.admin.token, 'GET', '/api/school/idcards?page=1&pageSize=10')).json().result;
    expect(list.total).toBe(1);
    expect(list.items[0].batchId).toBe(batchId);
  });

  it("gives each card a verification page that says only that its holder is on the school's rolls", async () => {
    const child = fs.students[0]!;
    const [card] = await env.db.select().from(idCards).where(eq(idCards.userId, child.id));
    const res = await env.app.inject({ method: 'GET', url: `/api/verify/${card!.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ kind: 'idcard', number: null, issuedOn: '2026-11-25', schoolName: fs.school.name, studentName: child.name, status: 'valid' });
    // Printed again: the same QR code.
    await make({ kind: 'students', userIds: [child.id] });
    await runIdCardBatches(env.app.deps);
    const [again] = await env.db.select().from(idCards).where(eq(idCards.userId, child.id));
    expect(again!.token).toBe(card!.token);
    // Left the school: the card is no longer valid.
    await env.db.update(users).set({ status: false }).where(eq(users.id, child.id));
    expect((await env.app.inject({ method: 'GET', url: `/api/verify/${card!.token}` })).json().result.status).toBe('cancelled');
    await env.db.update(users).set({ status: true }).where(eq(users.id, child.id));
  });

  it('are for staff too, in Hindi: every active member of staff', async () => {
    const res = await make({ kind: 'staff', lang: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    // The principal and the office.
    expect(res.json().result.count).toBe(2);
    await runIdCardBatches(env.app.deps);
    const pdf = await call(fs.principal.token, 'GET', `/api/school/idcards/${res.json().result.batchId}/pdf`);
    const { text } = pdfContent(pdf.rawPayload);
    expect(text).toContain('कर्मचारी पहचान पत्र');
    expect(text).toContain('प्रधानाचार्य');
    expect(text).toContain(fs.principal.name);
    const [card] = await env.db.select().from(idCards).where(eq(idCards.userId, fs.principal.id));
    expect((await env.app.inject({ method: 'GET', url: `/api/verify/${card!.token}` })).json().result).toMatchObject({ kind: 'staffcard', status: 'valid' });
  });

  it("answers 404 for another school's class, student or batch, 400 for an empty class, 403 for a teacher", async () => {
    expect((await make({ kind: 'students', classId: other.classId })).statusCode).toBe(404);
    expect((await make({ kind: 'students', userIds: [fs.students[0]!.id, other.students[0]!.id] })).statusCode).toBe(404);
    // A student is not staff.
    expect((await make({ kind: 'staff', userIds: [fs.students[0]!.id] })).statusCode).toBe(404);
    expect((await call(other.principal.token, 'GET', `/api/school/idcards/${batchId}`)).statusCode).toBe(404);
    expect((await call(other.principal.token, 'GET', `/api/school/idcards/${batchId}/pdf`)).statusCode).toBe(404);
    expect((await call(other.principal.token, 'GET', '/api/school/idcards')).json().result.total).toBe(0);
    // Neither a class and people, nor a class for staff.
    expect((await make({ kind: 'students', classId: fs.classId, userIds: [fs.students[0]!.id] })).statusCode).toBe(400);
    expect((await make({ kind: 'staff', classId: fs.classId })).statusCode).toBe(400);
    const [empty] = await env.db
      .insert(classes)
      .values({ schoolId: fs.school.id, sessionId: fs.school.sessionId, masterClass: '5', name: '5', section: 'B', classLimit: 40 })
      .returning();
    const none = await make({ kind: 'students', classId: empty!.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ reason: 'idcards_empty' });
    const teacher = await env.f.user(114, fs.school);
    expect((await make({ kind: 'staff' }, await env.f.token(teacher))).statusCode).toBe(403);
  });
});
