import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { io as connect, type Socket } from 'socket.io-client';
import { users as usersTable } from '../src/db/schema.js';
import { argonWork, configureArgon, hashSecret } from '../src/auth/crypto.js';
import { everyRole, latestMail, setupApp, waitFor, type TestEnv, type TestSchool } from './helpers.js';
import { nowMs } from '../src/clock.js';

let env: TestEnv;
let school: TestSchool;

beforeAll(async () => {
  env = await setupApp();
  school = await env.f.school();
});
afterAll(() => env?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}, on = env) =>
  on.app.inject({ method: url === '/api/reset' ? 'PATCH' : 'POST', url, payload, headers });

/** The argon2 computations that one request made. */
async function workOf(send: () => Promise<{ statusCode: number }>): Promise<number> {
  const before = argonWork.count;
  await send();
  return argonWork.count - before;
}

describe('equal-cost credentials', () => {
  it('sign-in does one argon2 computation for every kind of id', async () => {
    const known = await env.f.user(114, school);
    const inactive = await env.f.user(114, school, { status: false });
    const admin = await env.f.token(await env.f.user(112, school));
    // An account still on its generated first password.
    const created = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token: admin }, payload: { firstName: 'Nisha' } });
    const first = created.json().result as { loginId: string; password: string };
    const cases = {
      'known, right password': { loginId: known.loginId, password: known.password },
      'known, wrong password': { loginId: known.loginId, password: 'not-the-password' },
      'unknown id': { loginId: 'NOBODY-Z9999', password: 'whatever-1234' },
      inactive: { loginId: inactive.loginId, password: inactive.password },
      'first password, right': { loginId: first.loginId, password: first.password },
      'first password, wrong': { loginId: first.loginId, password: 'not-the-password' },
    };
    // One at a time: the counter is shared by everything this process hashes.
    const work: Record<string, number> = {};
    for (const [name, body] of Object.entries(cases)) work[name] = await workOf(() => post('/api/signin', body));
    expect(work).toEqual(Object.fromEntries(Object.keys(cases).map((k) => [k, 1])));
    // The first password is hashed with the same setting as a chosen one.
    const [row] = await env.db.select({ h: usersTable.passwordHash }).from(usersTable).where(eq(usersTable.loginId, first.loginId));
    expect(row!.h).toContain('m=19456,t=2');
  });

  it('rehashes a first password of the old light setting at its first sign-in', async () => {
    const u = await env.f.user(116, school);
    await env.db.update(usersTable).set({ passwordHash: await hash(u.password, { memoryCost: 4096, timeCost: 1 }) }).where(eq(usersTable.id, u.id));
    expect((await post('/api/signin', { loginId: u.loginId, password: u.password })).statusCode).toBe(200);
    const [row] = await env.db.select({ h: usersTable.passwordHash }).from(usersTable).where(eq(usersTable.id, u.id));
    expect(row!.h).toContain('m=19456,t=2');
  });

  it('forgot and reset do the same argon2 work for every kind of id', async () => {
    const withMail = await env.f.user(115, school);
    const noMail = await env.f.user(115, school, { email: null });
    const inactive = await env.f.user(115, school, { status: false });
    // The request only queues the mail job, the same for every id; the job (after the answer)
    // hashes a code only for an account that gets one.
    const forgot: number[] = [];
    for (const loginId of [withMail.loginId, noMail.loginId, inactive.loginId, 'NOBODY-Z9999']) {
      forgot.push(await workOf(async () => {
        const res = await post('/api/forgot', { loginId });
        await env.app.deps.jobs.idle();
        return res;
      }));
    }
    expect(forgot).toEqual([1, 0, 0, 0]);

    await waitFor(() => latestMail(env)?.includes(withMail.loginId));
    const code = /is: (\d{6})/.exec(latestMail(env)!)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const password = 'Fresh-pass-2026';
    const reset = [
      await workOf(() => post('/api/reset', { loginId: 'NOBODY-Z9999', otp: '123456', password })),
      await workOf(() => post('/api/reset', { loginId: noMail.loginId, otp: '123456', password })),
      await workOf(() => post('/api/reset', { loginId: withMail.loginId, otp: wrong, password })),
      await workOf(() => post('/api/reset', { loginId: withMail.loginId, otp: code, password })),
    ];
    expect(reset).toEqual([2, 2, 2, 2]);
    expect((await post('/api/signin', { loginId: withMail.loginId, password })).statusCode).toBe(200);
  });

  it('caps concurrent argon2 work: beyond the queue the answer is 429', async () => {
    configureArgon({ concurrency: 1, queue: 1 });
    try {
      const results = await Promise.allSettled([hashSecret('a-secret-1'), hashSecret('a-secret-2'), hashSecret('a-secret-3')]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    } finally {
      configureArgon({ concurrency: env.config.ARGON2_CONCURRENCY, queue: env.config.ARGON2_QUEUE });
    }
  });
});

describe('password spraying', () => {
  it('limits failed attempts per address across ids; successes do not count', async () => {
    const limited = await setupApp({ AUTH_ADDRESS_LIMIT_MAX: '5' });
    try {
      const s = await limited.f.school();
      const people = await Promise.all(Array.from({ length: 7 }, () => limited.f.user(116, s)));
      for (let i = 0; i < 6; i++) {
        expect((await post('/api/signin', { loginId: people[0]!.loginId, password: people[0]!.password }, {}, limited)).statusCode).toBe(200);
      }
      const sprayed = [];
      for (const p of people.slice(0, 6)) sprayed.push((await post('/api/signin', { loginId: p.loginId, password: 'Spring-2026!' }, {}, limited)).statusCode);
      expect(sprayed).toEqual([401, 401, 401, 401, 401, 429]);
      const blocked = await post('/api/signin', { loginId: people[6]!.loginId, password: people[6]!.password }, {}, limited);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringContaining('Too many attempts') });
      expect((await post('/api/forgot', { loginId: people[6]!.loginId }, {}, limited)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('a spray of 100 ids from one address is limited, while a browser that signed in before still signs in (device cookie)', async () => {
    const limited = await setupApp({ AUTH_ADDRESS_LIMIT_MAX: '30' });
    try {
      const s = await limited.f.school();
      const [teacher, newcomer] = [await limited.f.user(114, s), await limited.f.user(114, s)];
      const first = await post('/api/signin', { loginId: teacher.loginId, password: teacher.password }, {}, limited);
      expect(first.statusCode).toBe(200);
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/; Path=\/api\/signin; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
      const device = setCookie.split(';')[0]!;
      const sprayed: number[] = [];
      for (let i = 0; i < 100; i++) sprayed.push((await post('/api/signin', { loginId: `spray-${i}`, password: 'Spring-2026!' }, {}, limited)).statusCode);
      expect(sprayed.filter((c) => c === 401)).toHaveLength(30);
      expect(sprayed.slice(30).every((c) => c === 429)).toBe(true);
      // The teacher's browser presents its device cookie: its own budget, not the address's.
      const known = await post('/api/signin', { loginId: teacher.loginId.toLowerCase(), password: teacher.password }, { cookie: `other=1; ${device}` }, limited);
      expect(known.statusCode).toBe(200);
      // A browser without one (or with a forged one, or one of another id) waits with the address.
      expect((await post('/api/signin', { loginId: newcomer.loginId, password: newcomer.password }, {}, limited)).statusCode).toBe(429);
      expect((await post('/api/signin', { loginId: newcomer.loginId, password: newcomer.password }, { cookie: device }, limited)).statusCode).toBe(429);
      const forged = device.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
      expect((await post('/api/signin', { loginId: teacher.loginId, password: teacher.password }, { cookie: forged }, limited)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('with TRUST_PROXY counts the forwarded client address', async () => {
    const proxied = await setupApp({ AUTH_ADDRESS_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const s = await proxied.f.school();
      const u = await proxied.f.user(114, s);
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let i = 0; i < 2; i++) await post('/api/signin', { loginId: u.loginId, password: 'wrong-password-x' }, from('203.0.113.7'), proxied);
      expect((await post('/api/signin', { loginId: u.loginId, password: u.password }, from('203.0.113.7'), proxied)).statusCode).toBe(429);
      expect((await post('/api/signin', { loginId: u.loginId, password: u.password }, from('198.51.100.9'), proxied)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

/** Where a Redis is given (CI sets TEST_REDIS_URL), the counters are shared through it. */
if (process.env.TEST_REDIS_URL) describe('password spraying across nodes (Redis)', () => {
  it('counts failures in Redis', async () => {
    const env2 = await setupApp({ AUTH_ADDRESS_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1', REDIS_URL: process.env.TEST_REDIS_URL! });
    try {
      const s = await env2.f.school();
      const u = await env2.f.user(114, s);
      // A fresh documentation address per run, so counters of earlier runs do not count.
      const from = { 'x-forwarded-for': `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}` };
      for (let i = 0; i < 2; i++) await post('/api/signin', { loginId: u.loginId, password: 'wrong-password-x' }, from, env2);
      expect((await post('/api/signin', { loginId: u.loginId, password: u.password }, from, env2)).statusCode).toBe(429);
    } finally {
      await env2.close();
    }
  });
});

describe('password policy', () => {
  it('refuses short, blank and common passwords with a 400 naming the field', async () => {
    const u = await env.f.user(114, school);
    const token = await env.f.token(u);
    const change = (newPassword: string) =>
      env.app.inject({ method: 'PATCH', url: '/api/account/password', headers: { token }, payload: { currentPassword: u.password, newPassword } });
    for (const [bad, message] of [
      ['12345678', /at least 10|>=10/],
      [' '.repeat(10), /only spaces/],
      ['1234567890', /too common/],
      ['qwertyuiop', /too common/],
      ['Password123', /too common/],
    ] as const) {
      const res = await change(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path: 'body.newPassword', message: expect.stringMatching(message) }));
      expect(res.json().issues.every((i: { path: string }) => i.path === 'body.newPassword')).toBe(true);
    }
    const reset = await post('/api/reset', { loginId: u.loginId, otp: '123456', password: 'q1w2e3r4t5' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().issues[0].path).toBe('body.password');
    expect((await change('Chalk-and-slate-9')).statusCode).toBe(200);
  });
});

describe('own profile', () => {
  it('may change contact fields and photo only; a name, birth date or category answers 400 and changes nothing', async () => {
    const { users } = await everyRole(env);
    const me = users[116];
    const patch = (body: object) => env.app.inject({ method: 'PATCH', url: `/api/account/${me.id}`, headers: { token: me.token }, payload: body });
    for (const body of [{ firstName: 'Hacked' }, { dateOfBirth: '2001-01-01' }, { category: 'General' }, { religion: 'X' }, { contact: '9000000003', lastName: 'X' }]) {
      const res = await patch(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.id, me.id));
    expect(row).toMatchObject({ firstName: 'User116', lastName: 'Test', dateOfBirth: null, contact: null });
    const ok = await patch({ email: 'new.me@example.test', contact: '9000000004', address: '7 Hill Road', image: null });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ email: 'new.me@example.test', contact: '9000000004', address: '7 Hill Road', firstName: 'User116' });
  });
});

describe('export follows the list roles', () => {
  it('principals export only for 112; teachers for 112 and 113', async () => {
    const { users } = await everyRole(env);
    const exp = (kind: string, role: 112 | 113) => env.app.inject({ url: `/api/school/export/${kind}`, headers: { token: users[role].token } });
    expect((await exp('principals', 113)).statusCode).toBe(403);
    expect((await exp('principals', 113)).json().error).toBe('FORBIDDEN');
    expect((await exp('principals', 112)).statusCode).toBe(200);
    expect((await exp('teachers', 113)).statusCode).toBe(200);
  });
});

describe('sockets end with their session', () => {
  let url: string;
  let live: TestEnv;
  beforeAll(async () => {
    live = await setupApp();
    await live.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = live.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(() => live?.close());

  const open = async (token: string): Promise<Socket> => {
    const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const closed = (socket: Socket) =>
    new Promise<string>((resolve) => (socket.disconnected ? resolve('already') : socket.once('disconnect', (reason) => resolve(reason))));

  it('on sign-out (that session only)', async () => {
    const { users } = await everyRole(live);
    const other = await live.f.token(users[114]);
    const a = await open(users[114].token);
    const b = await open(other);
    const ended = closed(a);
    expect((await live.app.inject({ method: 'POST', url: '/api/signout', headers: { token: users[114].token } })).statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
    expect(b.connected).toBe(true);
    b.close();
  });

  it('on password change (other sessions), deactivation of the user and of the school', async () => {
    const { users, school: s } = await everyRole(live);
    const teacher = users[114];
    const second = await live.f.token(teacher);
    const here = await open(teacher.token);
    const there = await open(second);
    const thereEnded = closed(there);
    const changed = await live.app.inject({
      method: 'PATCH',
      url: '/api/account/password',
      headers: { token: teacher.token },
      payload: { currentPassword: teacher.password, newPassword: 'Chalk-and-slate-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await thereEnded).toBe('io server disconnect');
    expect(here.connected).toBe(true);

    const hereEnded = closed(here);
    const off = await live.app.inject({ method: 'PATCH', url: `/api/school/teacher/${teacher.id}/status`, headers: { token: users[112].token }, payload: { status: false } });
    expect(off.statusCode).toBe(200);
    expect(await hereEnded).toBe('io server disconnect');

    const student = await open(users[116].token);
    const studentEnded = closed(student);
    const schoolOff = await live.app.inject({ method: 'PATCH', url: `/api/schools/${s.id}/status`, headers: { token: users[111].token }, payload: { status: false } });
    expect(schoolOff.statusCode).toBe(200);
    expect(await studentEnded).toBe('io server disconnect');
    // A revoked session cannot connect again.
    await expect(open(users[116].token)).rejects.toThrow('UNAUTHENTICATED');
  });

  it('when the session expires', async () => {
    const { users } = await everyRole(live);
    const socket = await open(users[115].token);
    const ended = closed(socket);
    const { authSessions } = await import('../src/db/schema.js');
    // The timer is set at connect from the session's expiry: connect again after moving it close.
    await live.db.update(authSessions).set({ expiresAt: new Date(nowMs() + 300) }).where(eq(authSessions.userId, users[115].id));
    // A write around the services: the session cache would keep the old expiry for a few seconds.
    live.app.deps.sessionCache.clear();
    socket.close();
    await ended;
    const again = await open(users[115].token);
    expect(await closed(again)).toBe('io server disconnect');
  });
});
