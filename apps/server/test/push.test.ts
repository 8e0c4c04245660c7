import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateFor, TEMPLATED_KINDS } from '@shala/contract';
import { NOTIFICATION_TEXTS, renderNotification } from '../src/texts/notifications.js';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deliveries, pushSubscriptions } from '../src/db/schema.js';
import { setClock } from '../src/clock.js';
import { INSTANT_DELIVERY_JOB } from '../src/modules/messaging/job.js';
import { loadConfig } from '../src/config.js';
import { isPushService, vapidKeys } from '../src/adapters/push/index.js';
import { everyRole, setupApp, type TestEnv } from './helpers.js';

// Web Push (issue 10): the VAPID key, browsers' subscriptions (known push services only, an
// endpoint moves to whoever subscribes it last), and a real notification reaching a fake push
// service on 127.0.0.1, encrypted for the subscription (RFC 8291), a gone subscription removed.

/** A fake push service: records each request, answers with the status of the path's last segment. */
interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Recorded[] = [];
const service = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    // `/gone`: the browser unsubscribed; `/busy`: the service cannot take it the first time.
    const busy = req.url?.endsWith('/busy') && received.filter((r) => r.url === req.url).length === 1;
    res.statusCode = req.url?.endsWith('/gone') ? 410 : busy ? 503 : 201;
    res.end();
  });
});
let origin: string;

let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  env = await setupApp({ PUSH: 'on', PUSH_SERVICES: `fcm.googleapis.com,*.push.services.mozilla.com,${origin}` });
  mine = await everyRole(env);
  theirs = await everyRole(env);
});
afterAll(async () => {
  await env?.close();
  await new Promise((resolve) => service.close(resolve));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });

/** A browser's subscription: a real P-256 key pair and 16 random auth bytes. */
function browser(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, body: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}

/** Decrypts an aes128gcm push body (RFC 8188 / RFC 8291) as the browser would. */
function decrypt(sub: ReturnType<typeof browser>, body: Buffer): string {
  const hmac = (key: Buffer, ...data: Buffer[]) => data.reduce((h, d) => h.update(d), createHmac('sha256', key)).digest();
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLen);
  const cipher = body.subarray(21 + idLen);
  const secret = sub.ecdh.computeSecret(serverKey);
  const prkKey = hmac(sub.auth, secret);
  const ikm = hmac(prkKey, Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverKey, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

const subsOf = (endpoint: string) => env.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('push key', () => {
  it('answers the VAPID public key to a signed-in user, 401 without a session', async () => {
    expect((await call('GET', '/api/push/key')).statusCode).toBe(401);
    for (const user of [mine.users[111], mine.users[115], mine.users[116]]) {
      const res = await call('GET', '/api/push/key', user.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    }
  });

  it('is made once in DATA_DIR (mode 0600) and reused by the next start; the environment wins', () => {
    const config = loadConfig({ DATA_DIR: env.dataDir });
    const first = vapidKeys(config);
    expect(vapidKeys(config)).toEqual(first);
    const file = `${env.dataDir}/vapid.json`;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const shared = vapidKeys(loadConfig({ DATA_DIR: env.dataDir, VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'A'.repeat(43) }));
    expect(shared.publicKey).toBe('B'.repeat(87));
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/together/);
  });

  it('two app builds on one DATA_DIR give the same public key', async () => {
    const a = (await call('GET', '/api/push/key', mine.users[113].token)).json().result.publicKey as string;
    // A second app on the same folder (its close removes the folder: the keys are in memory here).
    const other = await setupApp({ PUSH: 'on', DATA_DIR: env.dataDir });
    try {
      expect(other.app.deps.push.publicKey).toBe(a);
    } finally {
      await other.close();
    }
    const elsewhere = await setupApp({ PUSH: 'on' });
    try {
      expect(elsewhere.app.deps.push.publicKey).not.toBe(a);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('push services (no request to an arbitrary host)', () => {
  const list = ['fcm.googleapis.com', '*.push.services.mozilla.com', 'http://127.0.0.1:4000'];
  it.each([
    ['https://fcm.googleapis.com/fcm/send/x', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://push.services.mozilla.com/x', false],
    ['https://evil.com/fcm.googleapis.com', false],
    ['https://fcm.googleapis.com.evil.com/x', false],
    ['http://fcm.googleapis.com/x', false],
    ['https://fcm.googleapis.com:8443/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['http://127.0.0.1:4000/x', true],
    ['http://127.0.0.1:4001/x', false],
    ['not a url', false],
  ])('%s → %s', (endpoint, ok) => expect(isPushService(endpoint, list)).toBe(ok));
});

describe('subscriptions', () => {
  it('401 without a session, 400 on bad keys, bad endpoints and unknown push services; nothing stored', async () => {
    const sub = browser('https://fcm.googleapis.com/fcm/send/refused');
    expect((await call('POST', '/api/push/subscriptions', undefined, sub.body)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/push/subscriptions', undefined, { endpoint: sub.body.endpoint })).statusCode).toBe(401);
    const T = mine.users[115].token;
    for (const bad of [
      { ...sub.body, keys: { ...sub.body.keys, p256dh: 'short' } },
      { ...sub.body, keys: { ...sub.body.keys, auth: 'no good!' } },
      { ...sub.body, endpoint: 'not a url' },
      { ...sub.body, endpoint: 'ftp://fcm.googleapis.com/x' },
      { endpoint: sub.body.endpoint },
    ]) {
      const res = await call('POST', '/api/push/subscriptions', T, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    for (const endpoint of ['https://evil.example/push', 'http://169.254.169.254/latest', 'http://127.0.0.1:1/x']) {
      const res = await call('POST', '/api/push/subscriptions', T, { ...sub.body, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', reason: 'push_endpoint' });
      expect(await subsOf(endpoint)).toEqual([]);
    }
    expect((await call('DELETE', '/api/push/subscriptions', T, { endpoint: 'nope' })).statusCode).toBe(400);
  });

  it('stores a subscription; the same endpoint moves to another user (another school too); unsubscribe removes only the own', async () => {
    const sub = browser(`https://updates.push.services.mozilla.com/wpush/v2/${randomBytes(8).toString('hex')}`);
    const parent = mine.users[115];
    const res = await call('POST', '/api/push/subscriptions', parent.token, sub.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ subscribed: true });
    expect(await subsOf(sub.body.endpoint)).toMatchObject([{ userId: parent.id, schoolId: mine.school.id, p256dh: sub.body.keys.p256dh, auth: sub.body.keys.auth }]);
    // Again by the same user: still one row.
    expect((await call('POST', '/api/push/subscriptions', parent.token, sub.body)).statusCode).toBe(200);
    expect(await subsOf(sub.body.endpoint)).toHaveLength(1);

    // The family phone passes to a teacher of another school.
    const teacher = theirs.users[114];
    expect((await call('POST', '/api/push/subscriptions', teacher.token, sub.body)).statusCode).toBe(200);
    expect(await subsOf(sub.body.endpoint)).toMatchObject([{ userId: teacher.id, schoolId: theirs.school.id }]);

    // The parent unsubscribing that endpoint changes nothing: it is no longer its own.
    const off = await call('DELETE', '/api/push/subscriptions', parent.token, { endpoint: sub.body.endpoint });
    expect(off.statusCode).toBe(200);
    expect(off.json().result).toEqual({ subscribed: false });
    expect(await subsOf(sub.body.endpoint)).toHaveLength(1);
    expect((await call('DELETE', '/api/push/subscriptions', teacher.token, { endpoint: sub.body.endpoint })).statusCode).toBe(200);
    expect(await subsOf(sub.body.endpoint)).toEqual([]);
  });

  it('the platform owner subscribes with no school', async () => {
    const sub = browser(`https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`);
    const owner = mine.users[111];
    expect((await call('POST', '/api/push/subscriptions', owner.token, sub.body)).statusCode).toBe(200);
    expect(await subsOf(sub.body.endpoint)).toMatchObject([{ userId: owner.id, schoolId: null }]);
    expect((await call('DELETE', '/api/push/subscriptions', owner.token, { endpoint: sub.body.endpoint })).statusCode).toBe(200);
    expect(await subsOf(sub.body.endpoint)).toEqual([]);
  });
});

describe('delivery', () => {
  it('a holiday announced to parents reaches their browsers through the push service, encrypted; a 410 removes the subscription', async () => {
    const parent = mine.users[115];
    const teacher = mine.users[114];
    const phone = browser(`${origin}/push/${randomBytes(8).toString('hex')}`);
    const gone = browser(`${origin}/push/${randomBytes(8).toString('hex')}/gone`);
    const teachers = browser(`${origin}/push/${randomBytes(8).toString('hex')}`);
    for (const [user, sub] of [[parent, phone], [parent, gone], [teacher, teachers]] as const) {
      expect((await call('POST', '/api/push/subscriptions', user.token, sub.body)).statusCode).toBe(200);
    }
    received.length = 0;
    const res = await call('POST', '/api/school/holidays', mine.users[113].token, {
      sessionId: mine.school.sessionId,
      title: 'Push day',
      startDate: '2026-10-02',
      notifyRoles: [115],
    });
    expect(res.statusCode, res.body).toBe(200);
    await env.app.deps.jobs.idle();

    // Only the parent's two browsers: the teacher was not notified.
    expect(received.map((r) => r.url).sort()).toEqual([new URL(phone.body.endpoint).pathname, new URL(gone.body.endpoint).pathname].sort());
    const publicKey = (await call('GET', '/api/push/key', parent.token)).json().result.publicKey as string;
    const hit = received.find((r) => r.url === new URL(phone.body.endpoint).pathname)!;
    expect(hit.method).toBe('POST');
    expect(hit.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(hit.headers['content-encoding']).toBe('aes128gcm');
    expect(hit.headers.ttl).toBe('86400');
    expect(hit.body.length).toBeGreaterThan(0);
    const payload = JSON.parse(decrypt(phone, hit.body));
    expect(payload).toMatchObject({ title: mine.users[113].name, body: expect.stringContaining('Push day'), tag: expect.any(String) });
    expect(typeof payload.link).toBe('string');
    const jwt = JSON.parse(Buffer.from(hit.headers.authorization!.split(/[ ,.=]+/)[2]!, 'base64url').toString()) as object;
    expect(jwt).toMatchObject({ typ: 'JWT', alg: 'ES256' });

    expect(await subsOf(gone.body.endpoint)).toEqual([]);
    expect(await subsOf(phone.body.endpoint)).toHaveLength(1);
  });

  it('a notification with a sender and no link opens the chat with the sender (chat roles)', async () => {
    const { notify } = await import('../src/modules/notifications/service.js');
    const teacher = mine.users[114];
    const sub = browser(`${origin}/push/${randomBytes(8).toString('hex')}`);
    expect((await call('POST', '/api/push/subscriptions', teacher.token, sub.body)).statusCode).toBe(200);
    received.length = 0;
    const sender = mine.users[113];
    const n = await notify(env.app.deps, env.db, { schoolId: mine.school.id, userId: teacher.id, senderId: sender.id, senderName: sender.name, message: 'See me', kind: 'chat' });
    await env.app.deps.jobs.idle();
    // The teacher's browser of the test before, and this one.
    expect(received).toHaveLength(2);
    const hit = received.find((r) => r.url === new URL(sub.body.endpoint).pathname)!;
    expect(JSON.parse(decrypt(sub, hit.body))).toEqual({
      title: sender.name,
      body: 'See me',
      link: `/chat?teacherId=${sender.id}&UserName=${encodeURIComponent(sender.name)}`,
      tag: n.id,
    });
  });

  it('is a delivery on the queue: a push service that cannot take it now gets it again from the job, once', async () => {
    const { notify } = await import('../src/modules/notifications/service.js');
    const student = mine.users[116];
    const sub = browser(`${origin}/push/${randomBytes(8).toString('hex')}/busy`);
    expect((await call('POST', '/api/push/subscriptions', student.token, sub.body)).statusCode).toBe(200);
    received.length = 0;
    const sender = mine.users[114];
    const n = await notify(env.app.deps, env.db, { schoolId: mine.school.id, userId: student.id, senderId: sender.id, senderName: sender.name, message: 'Bring your atlas', kind: 'chat' });
    await env.app.deps.jobs.idle();
    const row = async () => (await env.db.select().from(deliveries).where(eq(deliveries.notificationId, n.id)))[0]!;
    // Refused for now (503): queued again 30 s on, not lost.
    expect(received).toHaveLength(1);
    expect(await row()).toMatchObject({ channel: 'push', status: 'queued', reason: 'unreachable', attempts: 1 });
    // Too early: nothing goes. Then the job (every minute, and at a restart) sends it.
    await INSTANT_DELIVERY_JOB.run(env.app.deps, {});
    expect(received).toHaveLength(1);
    // (The clock stays ahead: what is written next is later, as in life.)
    setClock(new Date((await row()).notBefore.getTime() + 1000).toISOString());
    await INSTANT_DELIVERY_JOB.run(env.app.deps, {});
    await INSTANT_DELIVERY_JOB.run(env.app.deps, {});
    expect(received).toHaveLength(2);
    expect(JSON.parse(decrypt(sub, received[1]!.body))).toMatchObject({ body: 'Bring your atlas', tag: n.id });
    expect(await row()).toMatchObject({ status: 'sent', provider: 'webpush', attempts: 2 });
    // A week and a day on, the job forgets it (the bell keeps the notification).
    const sentAt = (await row()).updatedAt.getTime();
    setClock(new Date(sentAt + 8 * 24 * 3600_000).toISOString());
    await INSTANT_DELIVERY_JOB.run(env.app.deps, {});
    expect(await env.db.select().from(deliveries).where(eq(deliveries.notificationId, n.id))).toEqual([]);
    // Back to just after the send (the sessions of the tests that follow stay alive).
    setClock(new Date(sentAt + 2000).toISOString());
  });

  it('is written in the language the reader picked (Hindi: Hindi words and date); English by default; a bad language 400', async () => {
    const parent = mine.users[115];
    expect((await call('PUT', '/api/notifications/language', parent.token, { language: 'fr' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/notifications/language')).statusCode).toBe(401);
    const picked = await call('PUT', '/api/notifications/language', parent.token, { language: 'hi' });
    expect([picked.statusCode, picked.json().result]).toEqual([200, { language: 'hi' }]);
    const sub = browser(`${origin}/push/${randomBytes(8).toString('hex')}`);
    expect((await call('POST', '/api/push/subscriptions', parent.token, sub.body)).statusCode).toBe(200);
    received.length = 0;
    const res = await call('POST', '/api/school/holidays', mine.users[113].token, {
      sessionId: mine.school.sessionId,
      title: 'Dussehra',
      startDate: '2026-10-20',
      endDate: '2026-10-21',
      notifyRoles: [115],
    });
    expect(res.statusCode, res.body).toBe(200);
    await env.app.deps.jobs.idle();
    const hit = received.find((r) => r.url === new URL(sub.body.endpoint).pathname)!;
    const hindi = `अवकाश: Dussehra, ${formatDateFor('hi', '2026-10-20')} से ${formatDateFor('hi', '2026-10-21')} तक`;
    expect(JSON.parse(decrypt(sub, hit.body)).body).toBe(hindi);
    expect(hindi).toMatch(/^अवकाश: Dussehra, 20 \S*[\u0900-\u097F]\S* 2026 से 21 /);
    // The same notification in the bell: kind and params, for the web to write in its language.
    const bell = (await call('GET', '/api/notifications', parent.token)).json().result.items[0];
    expect(bell).toMatchObject({ kind: 'holiday', message: '', params: { title: 'Dussehra', startDate: '2026-10-20', endDate: '2026-10-21' } });
    expect(renderNotification(bell, 'en')).toBe('Holiday: Dussehra, 20 Oct 2026 to 21 Oct 2026');
  });
});

describe("the server's notification texts", () => {
  it('every templated kind has its text in English and Hindi, and every param it names is filled', () => {
    for (const kind of TEMPLATED_KINDS) {
      const texts = NOTIFICATION_TEXTS[kind];
      expect(texts.en, kind).toBeTruthy();
      expect(texts.hi, kind).toMatch(/[\u0900-\u097F]/);
      expect([...texts.hi.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort(), kind).toEqual([...texts.en.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort());
    }
    expect(renderNotification({ kind: 'fee', params: { child: 'Asha Rao', amount: 1_250_00, receiptNo: 7 }, message: '' }, 'hi')).toBe('Asha Rao की ₹1,250.00 फ़ीस प्राप्त हुई, रसीद संख्या 7।');
    // Stored before (one text in both languages): the reader's half.
    expect(renderNotification({ kind: 'absence', params: { en: 'Asha was absent.', hi: 'आशा अनुपस्थित रहीं।' }, message: '' }, 'hi')).toBe('आशा अनुपस्थित रहीं।');
  });
});
