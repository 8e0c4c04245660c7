import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { setClock } from '../src/clock.js';
import { classStudents, classes, deliveries, files, messageContacts, messages, notifications } from '../src/db/schema.js';
import { saveAccount } from '../src/modules/messaging/accounts.js';
import { DELIVERY_JOB } from '../src/modules/messaging/job.js';
import { startFakeMsg91 } from './fakes/msg91.js';
import { startFakeWhatsApp } from './fakes/whatsapp.js';
import { everyRole, latestMail, multipart, setupApp, type TestEnv, type TestUser } from './helpers.js';

/**
 * The composer (issue 24): the principal writes to class 5-A's parents by SMS and WhatsApp, sees
 * beforehand whom it reaches and what it costs, and watches the delivery report fill; a message
 * set for later goes when its time comes; a file sent with a message goes privately to its
 * recipients. Against a fake MSG91 and WhatsApp on loopback.
 */

const KEY = 'school-key';
const SMS_TEMPLATE = { dltTemplateId: '1107170000000000005', header: 'SHALAS', body: '##var1####var2####var3## - ##var4##' };
const WA = { phoneNumberId: '109876543211', accessToken: 'wa-token-2', appSecret: 'wa-secret-2', verifyToken: 'wa-verify-2' };

let env: TestEnv;
let sms: Awaited<ReturnType<typeof startFakeMsg91>>;
let wa: Awaited<ReturnType<typeof startFakeWhatsApp>>;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let classId: string;
let emptyClassId: string;
let parents: TestUser[];

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => env.app.inject({ method, url, headers: { token }, payload });
const principal = () => mine.users[113].token;
const body = 'The school bus leaves at 7:15 tomorrow for the science fair.';

beforeAll(async () => {
  sms = await startFakeMsg91({ authKey: KEY, templates: { msg_en: SMS_TEMPLATE } });
  wa = await startFakeWhatsApp({ ...WA, templates: { 'school_message:en': '{{1}} - {{2}}', 'school_message:hi': '{{1}} - {{2}}' } });
  env = await setupApp({ SECRETS_KEY: randomBytes(32).toString('base64'), SMS_MSG91_URL: sms.url, WHATSAPP_GRAPH_URL: wa.url });
  mine = await everyRole(env);
  theirs = await everyRole(env);
  const school = mine.school;
  const [c, e] = await env.db
    .insert(classes)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A', classLimit: 40 },
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '6', name: '6', section: 'A', classLimit: 40 },
    ])
    .returning();
  classId = c!.id;
  emptyClassId = e!.id;
  parents = [];
  for (let i = 0; i < 3; i++) {
    const parent = await env.f.user(115, school, { firstName: `Parent${i}` });
    const child = await env.f.user(116, school, { parentUserId: parent.id, firstName: `Child${i}` });
    await env.db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId, studentId: child.id, rollNo: i + 1 });
    parents.push(parent);
  }
  // Parent0: SMS and WhatsApp; Parent1: SMS only; Parent2: no number (the bell only).
  await env.db.insert(messageContacts).values([
    { userId: parents[0]!.id, schoolId: school.id, mobile: '+919800000001', mobileVerifiedAt: new Date(TEST_NOW), whatsappOptInAt: new Date(TEST_NOW) },
    { userId: parents[1]!.id, schoolId: school.id, mobile: '+919800000002', mobileVerifiedAt: new Date(TEST_NOW) },
  ]);
  await saveAccount(env.app.deps, {
    schoolId: school.id,
    channel: 'sms',
    provider: 'msg91',
    settings: { entityId: '1201159000000000001', header: 'SHALAS', pricePaisePerPart: 20, templates: { message: { templateId: SMS_TEMPLATE.dltTemplateId, providerTemplateId: 'msg_en', text: '{#var#}{#var#}{#var#} - {#var#}', params: ['message', 'message', 'message', 'school'] } } } as never,
    credentials: { authKey: KEY },
    updatedBy: null,
  });
  await saveAccount(env.app.deps, { schoolId: school.id, channel: 'whatsapp', provider: 'meta', settings: { phoneNumberId: WA.phoneNumberId, templates: { message: { name: 'school_message', params: ['school', 'message'] } } }, credentials: WA, updatedBy: null });
  await env.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  setClock(TEST_NOW);
  await env?.close();
  await sms?.close();
  await wa?.close();
});

describe('the composer', () => {
  it("previews, sends to a class's parents by SMS and WhatsApp, and reports each delivery", async () => {
    const input = { title: 'Trip', body, audience: { kind: 'classes', classIds: [classId], who: 'parents' }, channels: ['sms', 'whatsapp'] };
    const preview = await call('POST', '/api/school/messages/preview', principal(), input);
    expect(preview.statusCode, preview.body).toBe(200);
    // "Trip: The school bus …" is 66 characters: one SMS part of 160 with the school's name.
    expect(preview.json().result).toEqual({
      recipients: 3,
      channels: [
        { channel: 'sms', reachable: 2, parts: 1, account: true, template: true, estimatedPaise: 40 },
        { channel: 'whatsapp', reachable: 1, parts: 1, account: true, template: true, estimatedPaise: 0 },
      ],
    });

    const sent = await call('POST', '/api/school/messages', principal(), input);
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json().result;
    expect(message).toMatchObject({ status: 'sent', recipients: 3, channels: ['sms', 'whatsapp'] });
    await env.app.deps.jobs.idle();

    // Every parent has it in the bell, as written.
    const bell = await env.db.select().from(notifications).where(and(eq(notifications.userId, parents[2]!.id), eq(notifications.kind, 'message')));
    expect(bell.map((n) => n.message)).toEqual([`Trip: ${body}`]);
    // The SMS carries the text over the template's variables of 30 characters.
    expect(sms.sent.map((s) => [s.mobiles, s.text]).sort()).toEqual([
      ['919800000001', `Trip: ${body} - ${mine.school.name}`],
      ['919800000002', `Trip: ${body} - ${mine.school.name}`],
    ]);
    expect(wa.sent.map((s) => s.text)).toEqual([`${mine.school.name} - Trip: ${body}`]);

    const report = async (query = '') => (await call('GET', `/api/school/messages/${message.messageId}/deliveries${query}`, principal())).json().result;
    expect((await report()).items.map((d: { fullName: string; channel: string; status: string }) => [d.fullName, d.channel, d.status])).toEqual([
      ['Parent0 Test', 'sms', 'sent'],
      ['Parent0 Test', 'whatsapp', 'sent'],
      ['Parent1 Test', 'sms', 'sent'],
    ]);
    // Meta reports the WhatsApp one failed: the report says why, filtered.
    const waDelivery = (await report('?channel=whatsapp')).items[0];
    expect(waDelivery.status).toBe('sent');
    const base = `http://127.0.0.1:${(env.app.server.address() as { port: number }).port}`;
    await wa.status(`${base}/api/hooks/whatsapp`, { wamid: wa.sent[0]!.wamid, status: 'failed', at: new Date(TEST_NOW), to: '+919800000001', error: { code: 131026, title: 'Message undeliverable', details: 'Receiver is incapable of receiving this message' } });
    const failed = await report('?status=failed');
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({ fullName: 'Parent0 Test', channel: 'whatsapp', status: 'failed', reason: expect.stringMatching(/undeliverable|incapable/i) });

    const list = (await call('GET', '/api/school/messages', principal())).json().result;
    expect(list.items[0]).toMatchObject({ messageId: message.messageId, recipients: 3, counts: { sent: 2, failed: 1 } });
    const one = await call('GET', `/api/school/messages/${message.messageId}`, principal());
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().result).toEqual(list.items[0]);
    // The month's usage: two SMS of one part, one WhatsApp failed.
    expect((await call('GET', '/api/school/messages/usage', principal())).json().result).toEqual({
      months: [
        { month: '2026-11', channel: 'sms', sent: 2, failed: 0, parts: 2 },
        { month: '2026-11', channel: 'whatsapp', sent: 0, failed: 1, parts: 0 },
      ],
      mobileCodes: { today: 0, cap: 200 },
    });
  });

  it('keeps messages to the school: roles, other schools, unknown classes and nobody to send to', async () => {
    const input = { title: 'Hello', body: 'Short note.', audience: { kind: 'classes', classIds: [classId], who: 'parents' }, channels: [] };
    expect((await call('POST', '/api/school/messages', mine.users[114].token, input)).statusCode).toBe(403);
    expect((await call('POST', '/api/school/messages', mine.users[115].token, input)).statusCode).toBe(403);
    // Another school's principal: the class is not theirs, nor the message.
    expect((await call('POST', '/api/school/messages', theirs.users[113].token, input)).statusCode).toBe(404);
    const mineList = (await call('GET', '/api/school/messages', principal())).json().result.items;
    expect((await call('GET', `/api/school/messages/${mineList[0].messageId}/deliveries`, theirs.users[113].token)).statusCode).toBe(404);
    // A school with no SMS or WhatsApp account (nor the platform): the preview says so, not "no template".
    const bare = await call('POST', '/api/school/messages/preview', theirs.users[113].token, { title: 'Hello', body: 'Short note.', audience: { kind: 'roles', roles: [114] }, channels: ['sms', 'whatsapp'] });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().result.channels.map((c: { channel: string; account: boolean; template: boolean }) => [c.channel, c.account, c.template])).toEqual([
      ['sms', false, false],
      ['whatsapp', false, false],
    ]);
    expect((await call('GET', `/api/school/messages/${mineList[0].messageId}`, theirs.users[113].token)).statusCode).toBe(404);
    expect((await call('GET', `/api/school/messages/${mineList[0].messageId}`, mine.users[114].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/school/messages', theirs.users[113].token)).json().result.items).toEqual([]);
    const empty = await call('POST', '/api/school/messages', principal(), { ...input, audience: { kind: 'classes', classIds: [emptyClassId], who: 'parents' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().reason).toBe('message_no_recipients');
    for (const bad of [{ ...input, title: '' }, { ...input, channels: ['fax'] }, { ...input, audience: { kind: 'roles', roles: [111] } }, { ...input, extra: 1 }]) {
      expect((await call('POST', '/api/school/messages', principal(), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('sends a message set for later when its time comes, once', async () => {
    const input = { title: 'PTM', body: 'Parents meet the teachers on Saturday.', audience: { kind: 'roles', roles: [115] }, channels: ['sms'], scheduledFor: '2026-11-25T12:30:00.000Z' };
    const res = await call('POST', '/api/school/messages', principal(), input);
    expect(res.json().result).toMatchObject({ status: 'scheduled', recipients: 0, scheduledFor: '2026-11-25T12:30:00.000Z' });
    const before = sms.sent.length;
    await DELIVERY_JOB.run(env.app.deps, {});
    expect(sms.sent.length).toBe(before);
    setClock('2026-11-25T12:31:00.000Z');
    // Two nodes' jobs at once: the message is released once, each SMS sent once.
    const runs = (await Promise.all([DELIVERY_JOB.run(env.app.deps, {}), DELIVERY_JOB.run(env.app.deps, {})])) as Array<{ released: number; sent?: number }>;
    expect(runs.map((r) => r.released).sort()).toEqual([0, 1]);
    // A run that looked for deliveries before the other released the message leaves them to the
    // next run (and a send the provider could not take at once waits for its retry, a minute at
    // most): between them, each SMS is sent once.
    const messageId = res.json().result.messageId as string;
    const waiting = async () => (await env.db.select().from(deliveries).where(and(eq(deliveries.messageId, messageId), eq(deliveries.status, 'queued')))).length;
    // The release itself starts a run in this process (the queued deliveries' hook: jobs.send without
    // a queue), which may take the deliveries before either run above and send them at the
    // providers' rate: what it sends is settled once the process's jobs are idle.
    for (let minute = 32; minute <= 34; minute++) {
      const next = (await DELIVERY_JOB.run(env.app.deps, {})) as { released: number; sent?: number };
      expect(next).toMatchObject({ released: 0 });
      runs.push(next);
      await env.app.deps.jobs.idle();
      if (!(await waiting())) break;
      setClock(`2026-11-25T12:${minute}:00.000Z`);
    }
    const outcomes = (await env.db.select({ status: deliveries.status, reason: deliveries.reason }).from(deliveries).where(eq(deliveries.messageId, messageId))).filter((d) => d.status !== 'skipped');
    expect(outcomes).toEqual([
      { status: 'sent', reason: null },
      { status: 'sent', reason: null },
    ]);
    // Each SMS once: by the runs above or the one the release started, never both.
    expect(runs.reduce((n, r) => n + (r.sent ?? 0), 0)).toBeLessThanOrEqual(2);
    expect(sms.sent.length).toBe(before + 2);
    expect(new Set(sms.sent.slice(before).map((m) => JSON.stringify(m))).size).toBe(2);
    const list = (await call('GET', '/api/school/messages', principal())).json().result;
    // The school's four parents (the role's everyone): two reachable by SMS.
    expect(list.items[0]).toMatchObject({ title: 'PTM', status: 'sent', recipients: 4, counts: { sent: 2 } });
  });

  it('sends by mail to everyone with an address, as written, at no cost', async () => {
    const input = { title: 'Sports day', body: 'Sports day is on Friday. Children come in house colours.', audience: { kind: 'classes', classIds: [classId], who: 'parents' }, channels: ['email'] };
    const preview = await call('POST', '/api/school/messages/preview', principal(), input);
    expect(preview.json().result).toEqual({ recipients: 3, channels: [{ channel: 'email', reachable: 3, parts: 0, account: true, template: true, estimatedPaise: 0 }] });
    const sent = await call('POST', '/api/school/messages', principal(), input);
    expect(sent.statusCode, sent.body).toBe(200);
    await env.app.deps.jobs.idle();
    const report = (await call('GET', `/api/school/messages/${sent.json().result.messageId}/deliveries?channel=email`, principal())).json().result;
    expect(report.items.map((d: { channel: string; status: string }) => [d.channel, d.status])).toEqual([
      ['email', 'sent'],
      ['email', 'sent'],
      ['email', 'sent'],
    ]);
    const mail = latestMail(env)!;
    expect(mail).toMatch(new RegExp(`Subject: ${mine.school.name}: Sports day`));
    expect(mail).toContain('Sports day is on Friday. Children come in house colours.');
  });
});

describe('cancelling a message set for later', () => {
  const tomorrow = '2026-11-26T04:30:00.000Z';
  const afterIt = '2026-11-26T04:31:00.000Z';
  const later = (title: string, token = principal()) =>
    call('POST', '/api/school/messages', token, { title, body: 'Sports day moves to Monday.', audience: { kind: 'roles', roles: [115] }, channels: ['sms'], scheduledFor: tomorrow });
  const cancel = (messageId: string, token = principal()) => call('POST', `/api/school/messages/${messageId}/cancel`, token);
  const statusOf = async (messageId: string) => (await call('GET', `/api/school/messages/${messageId}`, principal())).json().result.status;

  it('cancels it before it goes: the release then sends nothing, and a second cancel is refused', async () => {
    setClock(TEST_NOW);
    const { messageId } = (await later('Sports day')).json().result;
    // Refused: no session, a teacher or a parent, another school's principal, a bad or unknown id; nothing changes.
    expect((await env.app.inject({ method: 'POST', url: `/api/school/messages/${messageId}/cancel` })).statusCode).toBe(401);
    expect((await cancel(messageId, mine.users[114].token)).statusCode).toBe(403);
    expect((await cancel(messageId, mine.users[115].token)).statusCode).toBe(403);
    expect((await cancel(messageId, theirs.users[113].token)).statusCode).toBe(404);
    expect((await cancel('not-an-id')).statusCode).toBe(400);
    expect((await cancel(randomUUID())).statusCode).toBe(404);
    expect(await statusOf(messageId)).toBe('scheduled');

    const res = await cancel(messageId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ messageId, title: 'Sports day', status: 'cancelled', scheduledFor: tomorrow, recipients: 0, counts: {} });
    const again = await cancel(messageId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'CONFLICT', reason: 'message_not_scheduled' });

    // Its time comes: nobody gets it, by SMS or in the bell.
    const before = sms.sent.length;
    setClock(afterIt);
    expect(await DELIVERY_JOB.run(env.app.deps, {})).toMatchObject({ released: 0 });
    expect(sms.sent.length).toBe(before);
    expect((await call('GET', `/api/school/messages/${messageId}`, principal())).json().result).toMatchObject({ status: 'cancelled', recipients: 0, counts: {} });
    expect(await env.db.select().from(notifications).where(and(eq(notifications.kind, 'message'), eq(notifications.message, 'Sports day: Sports day moves to Monday.')))).toEqual([]);
  });

  it('refuses a message that went; of a cancel and a release at once, exactly one happens', async () => {
    setClock(TEST_NOW);
    const sent = (await call('GET', '/api/school/messages?pageSize=100', principal())).json().result.items.find((m: { title: string }) => m.title === 'Trip');
    const went = await cancel(sent.messageId);
    expect(went.statusCode).toBe(409);
    expect(went.json().reason).toBe('message_not_scheduled');

    // The system admin may cancel as the principal may.
    const { messageId } = (await later('Sports day again', mine.users[112].token)).json().result;
    setClock(afterIt);
    const [cancelled, run] = await Promise.all([cancel(messageId, mine.users[112].token), DELIVERY_JOB.run(env.app.deps, {}) as Promise<{ released: number }>]);
    expect([
      [200, 0, 'cancelled'],
      [409, 1, 'sent'],
    ]).toContainEqual([cancelled.statusCode, run.released, await statusOf(messageId)]);
  });
});

describe('a file sent with a message', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const ORIGINAL = 'Rehearsal plan – योजना.pdf';
  const upload = async (token: string) => {
    const form = multipart('files', ORIGINAL, PDF, 'application/pdf');
    const res = await env.app.inject({ method: 'POST', url: '/api/fileupload/multi', payload: form.payload, headers: { ...form.headers, token } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result[0].imageName as string;
  };
  const input = (attachment: string) => ({ title: 'Annual day', body: 'The plan is attached.\nPlease bring it signed.', audience: { kind: 'classes', classIds: [classId], who: 'parents' }, channels: [], attachment });

  it('goes privately to those it was sent to: they read the message and download the file; nobody else does', async () => {
    setClock(TEST_NOW);
    const name = await upload(principal());
    const sent = await call('POST', '/api/school/messages', principal(), input(name));
    expect(sent.statusCode, sent.body).toBe(200);
    const attachment = { name, originalName: ORIGINAL, mime: 'application/pdf', size: PDF.length };
    const message = sent.json().result;
    expect(message).toMatchObject({ status: 'sent', recipients: 3, attachment });
    const { messageId } = message;
    const listed = (await call('GET', '/api/school/messages', principal())).json().result.items.find((m: { messageId: string }) => m.messageId === messageId);
    expect(listed.attachment).toEqual(attachment);

    // Each recipient's notification names the message and leads to where it is read.
    const notes = await env.db.select().from(notifications).where(and(eq(notifications.userId, parents[1]!.id), eq(notifications.link, `/inbox/${messageId}`)));
    expect(notes.map((n) => [n.kind, n.params])).toEqual([['message', { messageId }]]);

    // A parent of the class reads it as written and downloads the exact bytes, never cached or sniffed.
    const parent = await env.f.token(parents[1]!);
    const read = await call('GET', `/api/messages/${messageId}`, parent);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().result).toEqual({ messageId, title: 'Annual day', body: 'The plan is attached.\nPlease bring it signed.', senderName: message.senderName, createdAt: message.createdAt, attachment });
    const file = await env.app.inject({ method: 'GET', url: `/api/messages/${messageId}/attachment`, headers: { token: parent } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="Rehearsal plan _ _____.pdf"; filename*=UTF-8''${encodeURIComponent(ORIGINAL)}`,
    });
    // The school's admins read it too (the system admin, who did not send it).
    expect((await call('GET', `/api/messages/${messageId}/attachment`, mine.users[112].token)).statusCode).toBe(200);

    // A parent it was not sent to, a teacher, another school's principal: 404, the message and its file.
    for (const token of [mine.users[115].token, mine.users[114].token, theirs.users[113].token]) {
      expect((await call('GET', `/api/messages/${messageId}`, token)).statusCode).toBe(404);
      expect((await call('GET', `/api/messages/${messageId}/attachment`, token)).statusCode).toBe(404);
    }
    expect((await env.app.inject({ method: 'GET', url: `/api/messages/${messageId}` })).statusCode).toBe(401);
    expect((await call('GET', `/api/messages/${messageId}`, mine.users[111].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/messages/not-an-id', parent)).statusCode).toBe(400);
    expect((await call('GET', `/api/messages/${randomUUID()}`, parent)).statusCode).toBe(404);
    // A message without a file: read, but no file to download.
    const trip = (await call('GET', '/api/school/messages?pageSize=100', principal())).json().result.items.find((m: { title: string }) => m.title === 'Trip');
    expect((await call('GET', `/api/messages/${trip.messageId}`, parent)).json().result.attachment).toBeNull();
    expect((await call('GET', `/api/messages/${trip.messageId}/attachment`, parent)).statusCode).toBe(404);

    // The school-wide uploads route keeps the private file from the parent; its owner alone reads it there.
    expect((await call('GET', `/api/uploads/${name}`, parent)).statusCode).toBe(404);
    expect((await call('GET', `/api/uploads/${name}`, principal())).statusCode).toBe(200);
  });

  it("refuses someone else's upload (400 file_not_yours): no message is stored, the file stays as it was", async () => {
    const name = await upload(mine.users[112].token);
    const stored = async () => (await env.db.select({ n: count() }).from(messages).where(eq(messages.schoolId, mine.school.id)))[0]!.n;
    const before = await stored();
    const res = await call('POST', '/api/school/messages', principal(), input(name));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'file_not_yours', field: 'attachment' });
    expect(await stored()).toBe(before);
    const [file] = await env.db.select().from(files).where(eq(files.name, name));
    expect(file).toMatchObject({ attachedAt: null, private: false });
  });
});
