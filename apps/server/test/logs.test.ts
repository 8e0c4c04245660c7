import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/app.js';
import { FIRST_PASSWORD_KEEP_MS } from '../src/adapters/mail/index.js';
import { everyRole, setupApp, waitFor, type TestEnv } from './helpers.js';
import { nowMs } from '../src/clock.js';

let env: TestEnv;
/** A second app on the same database whose log lines this file reads. */
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  env = await setupApp();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ config: { ...env.config, LOG_LEVEL: 'info' }, database: env.database, logger: { stream } });
  // A handler whose query fails in the database with personal data among its parameters.
  app.get('/api/test/db-failure', async () => {
    await env.db.execute(sql`select ${'Asha.Verma@example.org'}::int, ${'$argon2id$v=19$m=19456'}::text`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

const outbox = () => (fs.existsSync(env.config.outboxDir) ? fs.readdirSync(env.config.outboxDir) : []);

describe('logs', () => {
  it('log a failed query by code and stack, never with its parameters', async () => {
    const res = await app.inject({ url: '/api/test/db-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'INTERNAL', message: 'Server error' });
    const line = lines.find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    expect(line).toContain('"sqlState":"22P02"');
    expect(line).toContain('    at ');
    expect(line).not.toContain('example.org');
    expect(line).not.toContain('$argon2');
    expect(line).not.toContain('Asha');
  });

  it('redact secrets and personal data wherever a log call passes them', async () => {
    app.log.info(
      {
        user: { email: 'asha@example.org', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc', firstName: 'Asha', lastName: 'Verma' },
        headers: { token: 'P6CnSPKla2g_4RunVvgTHdH9UNW8d6P6t4iVQGVjwJA' },
        query: { search: 'Kavya' },
        body: { password: 'Secret-pass-1' },
      },
      'redaction check',
    );
    const line = await waitFor(() => lines.find((l) => l.includes('redaction check')));
    for (const secret of ['asha@example.org', '$argon2', 'Asha', 'Verma', 'P6CnSPKla2g', 'Kavya', 'Secret-pass-1']) expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
  });

  it('keep per-request lines, search terms and recipients out at the default level', async () => {
    const { users } = await everyRole(env);
    lines.length = 0;
    await app.inject({ url: '/api/school/student?search=Kavya', headers: { token: users[112].token } });
    await app.inject({ method: 'POST', url: '/api/forgot', payload: { loginId: users[114].loginId } });
    await waitFor(() => lines.find((l) => l.includes('outbox')));
    expect(lines.join('\n')).not.toContain('Kavya');
    expect(lines.join('\n')).not.toContain('incoming request');
    expect(lines.join('\n')).not.toMatch(/@example\.test/);
  });
});

describe('debug request lines', () => {
  it('name a verification page by its route, never its token', async () => {
    const debug: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        debug.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const verbose = await buildApp({ config: { ...env.config, LOG_LEVEL: 'debug' }, database: env.database, logger: { stream } });
    try {
      const token = 'SecretVerifyToken0123456789abcdef';
      await verbose.inject({ url: `/api/verify/${token}` });
      await verbose.inject({ url: `/verify/${token}` });
      await waitFor(() => debug.filter((l) => l.includes('incoming request')).length >= 2);
      expect(debug.join('\n')).not.toContain(token);
      expect(debug.find((l) => l.includes('incoming request') && l.includes('"url":"/api/verify/:token"'))).toBeDefined();
      expect(debug.find((l) => l.includes('incoming request') && l.includes('"url":"/verify/:token"'))).toBeDefined();
    } finally {
      await verbose.close();
    }
  });
});

describe('caches', () => {
  it('tell browsers and proxies not to keep any API answer', async () => {
    const { users } = await everyRole(env);
    const ok = await env.app.inject({ url: '/api/dashboard', headers: { token: users[113].token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const profile = await env.app.inject({ url: `/api/account/${users[116].id}`, headers: { token: users[116].token } });
    expect(profile.headers['cache-control']).toBe('no-store');
    const denied = await env.app.inject({ url: '/api/dashboard' });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
  });
});

describe('outbox', () => {
  it('removes a one-time code mail once the code has expired, and a first password after a day', async () => {
    const { school, users } = await everyRole(env);
    const before = new Set(outbox());
    await env.app.inject({ method: 'POST', url: '/api/forgot', payload: { loginId: users[115].loginId } });
    const codeFile = await waitFor(() => outbox().find((f) => !before.has(f)));
    const created = await env.app.inject({
      method: 'POST',
      url: '/api/school/teacher',
      headers: { token: users[113].token },
      payload: { firstName: 'Meera', lastName: 'Test', email: `meera.${school.code.toLowerCase()}@example.test` },
    });
    expect(created.statusCode).toBe(200);
    const passwordFile = await waitFor(() => outbox().find((f) => !before.has(f) && f !== codeFile));

    // The server's own sweep runs at start and every few minutes; here it is run at chosen times.
    await env.app.deps.mailer.sweep(new Date(nowMs() + 60_000));
    expect(outbox()).toContain(codeFile);
    await env.app.deps.mailer.sweep(new Date(nowMs() + 11 * 60_000));
    expect(outbox()).not.toContain(codeFile);
    expect(outbox()).toContain(passwordFile);
    await env.app.deps.mailer.sweep(new Date(nowMs() + FIRST_PASSWORD_KEEP_MS + 60_000));
    expect(outbox()).not.toContain(passwordFile);
  });
});
