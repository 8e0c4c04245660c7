import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { setClock } from '../src/clock.js';
import { channelRules, classStudents, classes, deliveries, messageContacts, messagingAccounts, users } from '../src/db/schema.js';
import { saveAccount } from '../src/modules/messaging/accounts.js';
import { sendDue } from '../src/modules/messaging/deliveries.js';
import { startFakeMsg91 } from './fakes/msg91.js';
import { startFakeWhatsApp } from './fakes/whatsapp.js';
import { postWebhook } from './fakes/server.js';
import { latestMail, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * Notifications carried to phones (issue 24), against a fake MSG91 and a fake WhatsApp Cloud API
 * on loopback: a teacher marks a child absent, and the parent who has SMS on gets it once, in
 * Hindi, its delivery report moves it forward (a replayed or forged one changes nothing); WhatsApp
 * only with consent, and a STOP ends it; quiet hours hold a kind that is not urgent till morning.
 */

const MSG91_KEY = 'school-msg91-key';
const ABSENT_EN = { dltTemplateId: '1107170000000000001', header: 'SHALAS', body: 'Dear parent, ##var1## was absent on ##var2##. - ##var3##' };
const ABSENT_HI = { dltTemplateId: '1107170000000000002', header: 'SHALAS', body: 'प्रिय अभिभावक, ##var1## ##var2## को अनुपस्थित रहे। - ##var3##' };
const WA = { phoneNumberId: '109876543210', accessToken: 'wa-token', appSecret: 'wa-app-secret', verifyToken: 'wa-verify' };

const HOOK_LIMIT = 20;

let env: TestEnv;
let sms: Awaited<ReturnType<typeof startFakeMsg91>>;
let wa: Awaited<ReturnType<typeof startFakeWhatsApp>>;
let school: TestSchool;
let teacher: TestUser & { token: string };
let parent: TestUser;
let child: TestUser;
let classId: string;
let reportToken: string;
let base: string;

const save = (date: string, status: 'absent' | 'present') =>
  env.app.inject({ method: 'POST', url: `/api/school/attendance/${classId}/${school.sessionId}`, headers: { token: teacher.token }, payload: { date, marks: [{ studentId: child.id, status }] } });
const deliveriesOf = () => env.db.select().from(deliveries).where(eq(deliveries.userId, parent.id)).orderBy(deliveries.createdAt, deliveries.channel);

beforeAll(async () => {
  sms = await startFakeMsg91({ authKey: MSG91_KEY, templates: { absent_en: ABSENT_EN, absent_hi: ABSENT_HI } });
  wa = await startFakeWhatsApp({
    phoneNumberId: WA.phoneNumberId,
    accessToken: WA.accessToken,
    appSecret: WA.appSecret,
    templates: { 'absence_alert:en': '{{1}} was absent on {{2}}. - {{3}}', 'absence_alert:hi': '{{1}} {{2}} को अनुपस्थित रहे। - {{3}}' },
  });
  // The WhatsApp webhook's limit a client address, lowered from 300 a minute (the calls above come
  // from 127.0.0.1, well under it; the limit's own test calls from addresses of its own).
  env = await setupApp({ SECRETS_KEY: randomBytes(32).toString('base64'), SMS_MSG91_URL: sms.url, WHATSAPP_GRAPH_URL: wa.url, WHATSAPP_HOOK_RATE_LIMIT_MAX: String(HOOK_LIMIT) });
  // The providers post their reports to a listening server.
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  const address = env.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  school = await env.f.school({ name: 'Sunrise School' });
  const t = await env.f.user(114, school);
  teacher = { ...t, token: await env.f.token(t) };
  parent = await env.f.user(115, school);
  child = await env.f.user(116, school, { parentUserId: parent.id, firstName: 'Asha' });
  await env.db.update(users).set({ lang: 'hi' }).where(eq(users.id, parent.id));
  const [c] = await env.db.insert(classes).values({ schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A', classLimit: 40, classTeacherId: teacher.id }).returning();
  classId = c!.id;
  await env.db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId, studentId: child.id, rollNo: 1 });
  // The parent's number, verified (the code's own test is messaging-preferences.test.ts).
  await env.db.insert(messageContacts).values({ userId: parent.id, schoolId: school.id, mobile: '+919876543210', mobileVerifiedAt: new Date(TEST_NOW) });
  ({ reportToken } = await saveAccount(env.app.deps, {
    schoolId: school.id,
    channel: 'sms',
    provider: 'msg91',
    settings: {
      entityId: '1201159000000000001',
      header: 'SHALAS',
      templates: {
        absence: { templateId: ABSENT_EN.dltTemplateId, providerTemplateId: 'absent_en', text: 'Dear parent, {#var#} was absent on {#var#}. - {#var#}', params: ['child', 'date', 'school'] },
        'absence:hi': { templateId: ABSENT_HI.dltTemplateId, providerTemplateId: 'absent_hi', text: 'प्रिय अभिभावक, {#var#} {#var#} को अनुपस्थित रहे। - {#var#}', params: ['child', 'date', 'school'] },
      },
    },
    credentials: { authKey: MSG91_KEY },
    updatedBy: null,
  }));
  await saveAccount(env.app.deps, {
    schoolId: school.id,
    channel: 'whatsapp',
    provider: 'meta',
    settings: { phoneNumberId: WA.phoneNumberId, templates: { absence: { name: 'absence_alert', params: ['child', 'date', 'school'] } } },
    credentials: WA,
    updatedBy: null,
  });
});
afterAll(async () => {
  setClock(TEST_NOW);
  await env?.close();
  await sms?.close();
  await wa?.close();
});

describe('notifications to phones', () => {
  it('sends an absence by SMS once, in the parent’s Hindi, and follows its delivery report', async () => {
    // 10:00 in India on a school day before the test's today.
    setClock('2026-11-23T04:30:00.000Z');
    expect((await save('2026-11-23', 'absent')).statusCode).toBe(200);
    await env.app.deps.jobs.idle();
    // SMS only: WhatsApp has no consent yet.
    const [d] = await deliveriesOf();
    expect(await deliveriesOf()).toHaveLength(1);
    expect(d).toMatchObject({ channel: 'sms', status: 'sent', provider: 'msg91', address: '+919876543210' });
    expect(sms.sent.map((s) => [s.mobiles, s.templateId, s.text])).toEqual([['919876543210', 'absent_hi', 'प्रिय अभिभावक, Asha Test 23 नव॰ 2026 को अनुपस्थित रहे। - Sunrise School']]);
    // Unicode: 71 characters are two parts of 67 (one part holds 70).
    expect(d!.parts).toBe(2);

    // Saved again (a correction, then back): the alert of that day is not sent twice.
    await save('2026-11-23', 'present');
    await save('2026-11-23', 'absent');
    await sendDue(env.app.deps);
    expect(sms.sent).toHaveLength(1);

    // The report: delivered. A forged token and a replay change nothing.
    const hook = (token: string) => `${base}/api/hooks/sms/msg91?token=${encodeURIComponent(token)}`;
    const forged = await sms.report(hook('guess'), d!.providerMessageId!, { status: '1', number: '919876543210', date: '2026-11-23 10:00:05' });
    expect(forged.status).toBe(400);
    expect((await deliveriesOf())[0]!.status).toBe('sent');
    expect((await sms.report(hook(reportToken), d!.providerMessageId!, { status: '1', number: '919876543210', date: '2026-11-23 10:00:05' })).status).toBe(200);
    expect((await deliveriesOf())[0]!.status).toBe('delivered');
    // A late "sent" after "delivered" does not move it back.
    await sms.report(hook(reportToken), d!.providerMessageId!, { status: '8', number: '919876543210', date: '2026-11-23 10:00:04' });
    expect((await deliveriesOf())[0]!.status).toBe('delivered');
  });

  it('adds WhatsApp with consent, holds a message in quiet hours unless urgent, and stops at STOP', async () => {
    await env.db.update(messageContacts).set({ whatsappOptInAt: new Date(TEST_NOW) }).where(eq(messageContacts.userId, parent.id));
    // 22:30 in India: quiet, but an absence is urgent.
    setClock('2026-11-24T17:00:00.000Z');
    expect((await save('2026-11-24', 'absent')).statusCode).toBe(200);
    await env.app.deps.jobs.idle();
    const now = (await deliveriesOf()).slice(1);
    expect(now.map((d) => [d.channel, d.status])).toEqual([
      ['sms', 'sent'],
      ['whatsapp', 'sent'],
    ]);
    expect(wa.sent.at(-1)).toMatchObject({ template: 'absence_alert', language: 'hi', text: 'Asha Test 24 नव॰ 2026 को अनुपस्थित रहे। - Sunrise School' });

    // The status webhook: signed by the app secret, else refused; "read" moves it on.
    const waId = now[1]!.providerMessageId!;
    const read = { wamid: waId, status: 'read' as const, to: '+919876543210', at: new Date('2026-11-24T17:01:00Z') };
    expect((await wa.deliver(`${base}/api/hooks/whatsapp`, { object: 'whatsapp_business_account', entry: [] }, 'sha256=' + '0'.repeat(64))).status).toBe(400);
    // Another school has its own number, with secrets that no longer open: an event is checked with
    // the account of the number it names only (one account opened, one HMAC), so a forged event
    // costs one check and the other account is never opened (issue 39).
    const other = await env.f.school();
    await saveAccount(env.app.deps, { schoolId: other.id, channel: 'whatsapp', provider: 'meta', settings: { phoneNumberId: '109800000002', templates: {} }, credentials: { ...WA, appSecret: 'other-secret' }, updatedBy: null });
    const [sealed] = await env.db.select({ secrets: messagingAccounts.secrets }).from(messagingAccounts).where(and(eq(messagingAccounts.schoolId, school.id), eq(messagingAccounts.channel, 'whatsapp')));
    await env.db.update(messagingAccounts).set({ secrets: sealed!.secrets }).where(eq(messagingAccounts.schoolId, other.id));
    const about = (phoneNumberId: string) => ({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: phoneNumberId }, statuses: [{ id: waId, status: 'read', timestamp: '1764003660', recipient_id: '919876543210' }] } }] }] });
    for (const [number, signature] of [[WA.phoneNumberId, 'sha256=' + '0'.repeat(64)], [WA.phoneNumberId, undefined], ['109800000002', 'sha256=' + '1'.repeat(64)], ['100000000999', 'sha256=' + '2'.repeat(64)]] as const) {
      const forged = await postWebhook(`${base}/api/hooks/whatsapp`, JSON.stringify(about(number)), { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) });
      expect(forged.status, `${number} ${signature}`).toBe(400);
      expect((JSON.parse(forged.text) as { reason?: string }).reason).toBe('webhook_untrusted');
    }
    expect((await deliveriesOf()).find((d) => d.id === now[1]!.id)!.status).toBe('sent');
    expect((await wa.status(`${base}/api/hooks/whatsapp`, read)).status).toBe(200);
    expect((await deliveriesOf()).find((d) => d.id === now[1]!.id)!.status).toBe('read');

    // The school makes absences not urgent: one marked at 22:35 waits for 07:00, then goes.
    await env.db.insert(channelRules).values({ schoolId: school.id, kind: 'absence', sms: true, whatsapp: true, email: false, urgent: false });
    setClock('2026-11-24T17:05:00.000Z');
    expect((await save('2026-11-20', 'absent')).statusCode).toBe(200);
    await env.app.deps.jobs.idle();
    const held = (await deliveriesOf()).slice(3);
    expect(held.map((d) => [d.channel, d.status, d.notBefore.toISOString()])).toEqual([
      ['sms', 'queued', '2026-11-25T01:30:00.000Z'],
      ['whatsapp', 'queued', '2026-11-25T01:30:00.000Z'],
    ]);
    setClock('2026-11-25T01:31:00.000Z');
    await sendDue(env.app.deps);
    expect((await deliveriesOf()).slice(3).map((d) => d.status)).toEqual(['sent', 'sent']);

    // The parent replies STOP: no more WhatsApp, SMS goes on.
    expect((await wa.inbound(`${base}/api/hooks/whatsapp`, { from: '+919876543210', text: 'STOP', at: new Date('2026-11-24T17:02:00Z') })).status).toBe(200);
    setClock('2026-11-25T04:30:00.000Z');
    expect((await save('2026-11-25', 'absent')).statusCode).toBe(200);
    await env.app.deps.jobs.idle();
    expect((await deliveriesOf()).slice(5).map((d) => d.channel)).toEqual(['sms']);
  });

  it('skips what has no account to go on, and says why', async () => {
    const { notifyMany } = await import('../src/modules/notifications/service.js');
    const other = await env.f.school();
    const parents = [await env.f.user(115, other), await env.f.user(115, other)];
    await env.db.insert(messageContacts).values(parents.map((p, i) => ({ userId: p.id, schoolId: other.id, mobile: `+91980000001${i}`, mobileVerifiedAt: new Date(TEST_NOW) })));
    setClock('2026-11-25T04:40:00.000Z');
    await notifyMany(env.app.deps, env.db, parents.map((p) => ({ schoolId: other.id, userId: p.id, senderId: null, senderName: 'Office', kind: 'absence' as const, params: { child: 'Ravi', date: '2026-11-25' } })));
    await env.app.deps.jobs.idle();
    const rows = await env.db.select().from(deliveries).where(eq(deliveries.schoolId, other.id));
    expect(rows.map((d) => [d.channel, d.status, d.reason])).toEqual([
      ['sms', 'skipped', 'no_account'],
      ['sms', 'skipped', 'no_account'],
    ]);
  });

  it('mails a parent who chose mail, in Hindi, at night too (a mail waits in the inbox), once', async () => {
    const parentToken = await env.f.token(parent);
    const chose = await env.app.inject({ method: 'PUT', url: '/api/account/notification-preferences', headers: { token: parentToken }, payload: { choices: [{ kind: 'absence', channel: 'email', enabled: true }] } });
    expect(chose.statusCode, chose.body).toBe(200);
    // 22:40 in India, absences not urgent (the test before): SMS waits for the morning, the mail goes.
    setClock('2026-11-25T17:10:00.000Z');
    expect((await save('2026-11-18', 'absent')).statusCode).toBe(200);
    await env.app.deps.jobs.idle();
    const made = (await deliveriesOf()).slice(6);
    expect(made.map((d) => [d.channel, d.status])).toEqual([
      ['email', 'sent'],
      ['sms', 'queued'],
    ]);
    const [{ email }] = (await env.db.select({ email: users.email }).from(users).where(eq(users.id, parent.id))) as [{ email: string }];
    expect(made[0]!.address).toBe(email);
    const mail = decodeMail(latestMail(env)!);
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toContain('Asha Test 18 नव॰ 2026 को अनुपस्थित रहे।');
    expect(mail).toContain('/sms_frontend/notificationsettings');
    // Sent once: another run of the job finds nothing to send.
    expect(await sendDue(env.app.deps, 'instant')).toEqual({});
  });
});

describe('the WhatsApp webhook', () => {
  it('refuses a flood from one address with 429 in the envelope, before anything is read or changed; other addresses go on', async () => {
    const mobile = '+919811100001';
    const other = await env.f.user(115, school);
    await env.db.insert(messageContacts).values({ userId: other.id, schoolId: school.id, mobile, mobileVerifiedAt: new Date(TEST_NOW), whatsappOptInAt: new Date(TEST_NOW) });
    // A genuine STOP from the parent, signed with the school's app secret as Meta signs it.
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: WA.phoneNumberId }, contacts: [{ profile: { name: 'Parent' }, wa_id: mobile.slice(1) }], messages: [{ from: mobile.slice(1), id: 'wamid.flood-stop', timestamp: '1764003660', type: 'text', text: { body: 'STOP' } }] } }] }],
    });
    const stop = (remoteAddress: string) =>
      env.app.inject({ method: 'POST', url: '/api/hooks/whatsapp', remoteAddress, payload: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', WA.appSecret).update(body).digest('hex')}` } });
    const stoppedAt = async () => (await env.db.select({ at: messageContacts.whatsappStoppedAt }).from(messageContacts).where(eq(messageContacts.userId, other.id)))[0]!.at;

    // One address spends its minute on forged calls (each refused as untrusted) …
    const flood = '203.0.113.40';
    for (let i = 0; i < HOOK_LIMIT; i++) {
      const forged = await env.app.inject({ method: 'POST', url: '/api/hooks/whatsapp', remoteAddress: flood, payload: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=' + '0'.repeat(64) } });
      expect(forged.statusCode).toBe(400);
    }
    // … then even a genuine event from it is refused, in the envelope, and changes nothing.
    const refused = await stop(flood);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringContaining('Too many') });
    expect(await stoppedAt()).toBeNull();
    // Meta's own address is not held up by it.
    expect((await stop('203.0.113.41')).statusCode).toBe(200);
    expect(await stoppedAt()).not.toBeNull();

    // The verification GET has the same limit: the right verify token answers its challenge until the minute is spent.
    const check = () => env.app.inject({ method: 'GET', url: '/api/hooks/whatsapp', remoteAddress: flood, query: { 'hub.mode': 'subscribe', 'hub.challenge': '1158201444', 'hub.verify_token': WA.verifyToken } });
    for (let i = 0; i < HOOK_LIMIT; i++) expect((await check()).body).toBe('1158201444');
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
  });
});

/** A mail file's text with its encoded words and parts decoded (base64 or quoted-printable). */
function decodeMail(eml: string): string {
  const words = eml.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, t: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(t, 'base64').toString() : decodeQp(t.replace(/_/g, ' ')));
  const [head, ...body] = words.split(/\r?\n\r?\n/);
  const text = body.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return `${head}\n\n${Buffer.from(text.replace(/\s+/g, ''), 'base64').toString()}`;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) return `${head}\n\n${decodeQp(text)}`;
  return words;
}
function decodeQp(t: string): string {
  return Buffer.from(t.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString();
}
