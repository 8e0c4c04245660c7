import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authSessions, schools, users } from '../src/db/schema.js';
import { sha256 } from '../src/auth/crypto.js';
import { setupApp, type TestEnv, type TestSchool } from './helpers.js';
import { buildApp } from '../src/app.js';
import { nowMs } from '../src/clock.js';

let env: TestEnv;
let school: TestSchool;

beforeAll(async () => {
  env = await setupApp();
  school = await env.f.school({ name: 'Vidya Mandir' });
});
afterAll(() => env?.close());

const signin = (payload: unknown, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url: '/api/signin', payload: payload as object, headers });

describe('POST /api/signin', () => {
  it('signs in with the login id in any case and returns the login result of the spec', async () => {
    const teacher = await env.f.user(114, school);
    const res = await signin({ loginId: teacher.loginId.toLowerCase(), password: teacher.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login successful');
    expect(body.result).toMatchObject({
      userId: teacher.id,
      loginId: teacher.loginId,
      roleId: 114,
      schoolId: school.id,
      schoolName: 'Vidya Mandir',
      name: teacher.name,
    });
    expect(body.result.token).toMatch(/^[\w-]{40,}$/);
    // Only the hash of the token is stored.
    const rows = await env.db.select().from(authSessions).where(eq(authSessions.userId, teacher.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(body.result.token));
    expect(JSON.stringify(rows)).not.toContain(body.result.token);
  });

  it('answers 401 with the same message for a wrong password and an unknown id', async () => {
    const teacher = await env.f.user(114, school);
    const wrong = await signin({ loginId: teacher.loginId, password: 'not-the-password' });
    const unknown = await signin({ loginId: 'NOBODY-X0001', password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'INVALID_CREDENTIALS', message: 'Invalid id or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an inactive user and the users of an inactive school', async () => {
    const inactive = await env.f.user(116, school, { status: false });
    const res = await signin({ loginId: inactive.loginId, password: inactive.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ACCOUNT_INACTIVE');

    const closed = await env.f.school({ status: false });
    const principal = await env.f.user(113, closed);
    const res2 = await signin({ loginId: principal.loginId, password: principal.password });
    expect(res2.statusCode).toBe(403);
    expect(res2.json().error).toBe('SCHOOL_INACTIVE');
  });

  it.each([
    ['missing fields', {}],
    ['wrong types', { loginId: 42, password: true }],
    ['empty id', { loginId: '   ', password: 'x' }],
    ['over-long password', { loginId: 'a', password: 'x'.repeat(500) }],
  ])('answers 400 in the envelope for %s', async (_name, payload) => {
    const res = await signin(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(res.json().issues.length).toBeGreaterThan(0);
  });

  it('answers 400 for malformed JSON and 415 for an unsupported content type', async () => {
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: '{"loginId": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('BAD_REQUEST');
    const xml = await env.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for an oversized body', async () => {
    const res = await signin({ loginId: 'a', password: 'b', pad: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('sessions', () => {
  it('accepts the token header and Authorization: Bearer, and refuses tampered tokens', async () => {
    const parent = await env.f.user(115, school);
    const token = await env.f.token(parent);
    const viaHeader = await env.app.inject({ url: '/api/dashboard', headers: { token } });
    const viaBearer = await env.app.inject({ url: '/api/dashboard', headers: { authorization: `Bearer ${token}` } });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaBearer.statusCode).toBe(200);
    for (const bad of [token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 'x', 'a'.repeat(5000), "' or 1=1 --"]) {
      const res = await env.app.inject({ url: '/api/dashboard', headers: { token: bad } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('UNAUTHENTICATED');
    }
    const none = await env.app.inject({ url: '/api/dashboard' });
    expect(none.statusCode).toBe(401);
  });

  it('signing out revokes only that session', async () => {
    const student = await env.f.user(116, school);
    const a = await env.f.token(student);
    const b = await env.f.token(student);
    const out = await env.app.inject({ method: 'POST', url: '/api/signout', headers: { token: a } });
    expect(out.statusCode).toBe(200);
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: a } })).statusCode).toBe(401);
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: b } })).statusCode).toBe(200);
  });

  it('an expired session, a deactivated user and a deactivated school end the session', async () => {
    const s2 = await env.f.school();
    const t1 = await env.f.user(114, s2);
    const t2 = await env.f.user(114, s2);
    const t3 = await env.f.user(114, school);
    const [k1, k2, k3] = [await env.f.token(t1), await env.f.token(t2), await env.f.token(t3)];
    await env.db.update(authSessions).set({ expiresAt: new Date(nowMs() - 1000) }).where(eq(authSessions.userId, t3.id));
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: k3 } })).statusCode).toBe(401);
    // These writes go around the services, which drop cached sessions when they revoke: clear the
    // cache so the lookup itself is what is tested.
    await env.db.update(users).set({ status: false }).where(eq(users.id, t1.id));
    env.app.deps.sessionCache.clear();
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: k1 } })).statusCode).toBe(401);
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: k2 } })).statusCode).toBe(200);
    await env.db.update(schools).set({ status: false }).where(eq(schools.id, s2.id));
    env.app.deps.sessionCache.clear();
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: k2 } })).statusCode).toBe(401);
  });

  it('a session just used (so cached) ends at once when the school deactivates the user or the owner the school', async () => {
    const s2 = await env.f.school();
    const admin = await env.f.user(113, s2);
    const [teacher, other] = [await env.f.user(114, s2), await env.f.user(114, s2)];
    const owner = await env.f.user(111, null);
    const [ka, kt, ko, kw] = [await env.f.token(admin), await env.f.token(teacher), await env.f.token(other), await env.f.token(owner)];
    const dashboard = (token: string) => env.app.inject({ url: '/api/dashboard', headers: { token } }).then((r) => r.statusCode);
    expect(await dashboard(kt)).toBe(200);
    expect(await dashboard(ko)).toBe(200);
    const off = await env.app.inject({ method: 'PATCH', url: `/api/school/teacher/${teacher.id}/status`, headers: { token: ka }, payload: { status: false } });
    expect(off.statusCode).toBe(200);
    expect(await dashboard(kt)).toBe(401);
    expect(await dashboard(ko)).toBe(200);
    const closed = await env.app.inject({ method: 'PATCH', url: `/api/schools/${s2.id}/status`, headers: { token: kw }, payload: { status: false } });
    expect(closed.statusCode).toBe(200);
    expect(await dashboard(ko)).toBe(401);
    expect(await dashboard(ka)).toBe(401);
  });

  it('changing the password keeps this session, revokes the others and checks the current one', async () => {
    const admin = await env.f.user(113, school);
    const here = await env.f.token(admin);
    const other = await env.f.token(admin);
    const wrong = await env.app.inject({
      method: 'PATCH',
      url: '/api/account/password',
      headers: { token: here },
      payload: { currentPassword: 'nope', newPassword: 'NewPassword#1' },
    });
    expect(wrong.statusCode).toBe(400);
    const short = await env.app.inject({
      method: 'PATCH',
      url: '/api/account/password',
      headers: { token: here },
      payload: { currentPassword: admin.password, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await env.app.inject({
      method: 'PATCH',
      url: '/api/account/password',
      headers: { token: here },
      payload: { currentPassword: admin.password, newPassword: 'NewPassword#1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: here } })).statusCode).toBe(200);
    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: other } })).statusCode).toBe(401);
    expect((await signin({ loginId: admin.loginId, password: 'NewPassword#1' })).statusCode).toBe(200);
    expect((await signin({ loginId: admin.loginId, password: admin.password })).statusCode).toBe(401);
  });
});

/** Several nodes on PostgreSQL without Redis: none hears of another's revocations, so none caches sessions. */
if (process.env.TEST_DATABASE_URL) describe('a second node on the same PostgreSQL without Redis', () => {
  it('refuses a session signed out on the first node at once', async () => {
    const second = await buildApp({ config: env.config, database: env.database, logger: false });
    try {
      await second.ready();
      const teacher = await env.f.user(114, school);
      const token = await env.f.token(teacher);
      const dashboard = (app: typeof second) => app.inject({ url: '/api/dashboard', headers: { token } }).then((r) => r.statusCode);
      expect(await dashboard(second)).toBe(200);
      expect((await env.app.inject({ method: 'POST', url: '/api/signout', headers: { token } })).statusCode).toBe(200);
      expect(await dashboard(second)).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe('rate limit', () => {
  it('limits sign-in attempts per address and id with a 429 in the envelope', async () => {
    const limited = await setupApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const s = await limited.f.school();
      const u = await limited.f.user(114, s);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: u.loginId, password: 'wrong-password' } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringContaining('Too many') });
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Another id from the same address is not locked out by the first.
      const other = await limited.f.user(114, s);
      const res = await limited.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: other.loginId, password: other.password } });
      expect(res.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('security headers', () => {
  it('allow only same-origin connections and inline style elements, and send HSTS only over https', async () => {
    // The document (the web app's page) carries the content security policy and the rest.
    const plain = await env.app.inject({ url: '/sms_frontend/' });
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = plain.headers['content-security-policy'] as string;
    // Same origin, and the payment gateway's Checkout (issue 25): nothing else.
    expect(csp).toContain("connect-src 'self' https://checkout.razorpay.com https://api.razorpay.com;");
    expect(csp).not.toMatch(/wss?:/);
    // The counter prints a receipt's PDF (a blob URL of the page) in a hidden frame (issue 39): blob:
    // frames are allowed, and no other origin beyond the gateway's.
    expect(csp).toContain('frame-src blob: https://checkout.razorpay.com https://api.razorpay.com;');
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("style-src-attr 'none'");
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // An untrusted client saying https is not believed.
    expect((await env.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    // An API answer carries what an API answer needs: never sniffed, never stored, never read by
    // another site's page; the document's policy means nothing on JSON (issue 23), except on the
    // API's own documentation page, which is HTML.
    const api = await env.app.inject({ url: '/api/health' });
    expect(api.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'cross-origin-resource-policy': 'same-origin' });
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBeUndefined();
    expect((await env.app.inject({ url: '/api/docs/' })).headers['content-security-policy']).toBeDefined();
    const proxied = await setupApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const viaHttps = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaHttps.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect((await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
