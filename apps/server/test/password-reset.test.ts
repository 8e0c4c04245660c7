import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { otpCodes } from '../src/db/schema.js';
import { FORGOT_MAIL_JOB, FORGOT_MESSAGE } from '../src/auth/service.js';
import type { JobsConnection } from '../src/db/handle.js';
import { latestMail, setupApp, waitFor, type TestEnv, type TestSchool } from './helpers.js';
import { nowMs } from '../src/clock.js';

let env: TestEnv;
let school: TestSchool;

beforeAll(async () => {
  env = await setupApp();
  school = await env.f.school();
});
afterAll(() => env?.close());

const forgot = (loginId: string) => env.app.inject({ method: 'POST', url: '/api/forgot', payload: { loginId } });
const reset = (payload: object) => env.app.inject({ method: 'PATCH', url: '/api/reset', payload });
const signin = (loginId: string, password: string) =>
  env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId, password } });

/** The data of the mail jobs in the queue (pg-boss's tables, read as their owner). */
async function queuedData(jobs: JobsConnection): Promise<unknown[]> {
  const query = 'select data from pgboss.job where name = $1';
  if (!('url' in jobs)) return ((await jobs.executeSql(query, [FORGOT_MAIL_JOB.name])).rows as Array<{ data: unknown }>).map((r) => r.data);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: jobs.url });
  await client.connect();
  try {
    return (await client.query<{ data: unknown }>(query, [FORGOT_MAIL_JOB.name])).rows.map((r) => r.data);
  } finally {
    await client.end();
  }
}

/** Asks for a code and reads it from the outbox mail sent to the user. */
async function codeFor(loginId: string, email: string): Promise<string> {
  const before = latestMail(env);
  const res = await forgot(loginId);
  expect(res.statusCode).toBe(200);
  const mail = await waitFor(() => {
    const m = latestMail(env);
    return m && m !== before && m.includes(email) ? m : null;
  });
  const code = /is: (\d{6})/.exec(mail)?.[1];
  expect(code).toBeDefined();
  return code!;
}

describe('forgot password and one-time code', () => {
  it('mails a code; the code sets a new password, revokes old sessions and works once', async () => {
    const teacher = await env.f.user(114, school, { email: 'ravi@example.test' });
    const oldToken = await env.f.token(teacher);
    const code = await codeFor(teacher.loginId, 'ravi@example.test');

    const ok = await reset({ loginId: teacher.loginId.toLowerCase(), otp: code, password: 'Brand-new-pass1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password Update successful');

    expect((await env.app.inject({ url: '/api/dashboard', headers: { token: oldToken } })).statusCode).toBe(401);
    expect((await signin(teacher.loginId, teacher.password)).statusCode).toBe(401);
    expect((await signin(teacher.loginId, 'Brand-new-pass1')).statusCode).toBe(200);

    const again = await reset({ loginId: teacher.loginId, otp: code, password: 'Another-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('INVALID_OTP');
  });

  it('answers the same for unknown ids and accounts without email, and sends nothing', async () => {
    const noMail = await env.f.user(116, school, { email: null });
    const before = latestMail(env);
    const a = await forgot('NOBODY-Z9999');
    const b = await forgot(noMail.loginId);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(b.json()).toEqual(a.json());
    await new Promise((r) => setTimeout(r, 200));
    expect(latestMail(env)).toBe(before);
  });

  it('answers before the code is made: the mail job of the queue (JOBS on) makes, stores and mails it', async () => {
    const queued = await setupApp({ JOBS: 'on' });
    try {
      const s = await queued.f.school();
      const teacher = await queued.f.user(114, s, { email: 'asha@example.test' });
      const res = await queued.app.inject({ method: 'POST', url: '/api/forgot', payload: { loginId: teacher.loginId } });
      expect(res.json()).toEqual({ message: FORGOT_MESSAGE });
      // Answered with the job in the queue: its data is the login id, never the code.
      expect(await queuedData(queued.database.jobs)).toEqual([{ loginId: teacher.loginId.toLowerCase() }]);
      // The app's worker runs it: the code is made, stored and mailed.
      const mail = await waitFor(() => latestMail(queued)?.includes('asha@example.test') && latestMail(queued), 30_000);
      expect(mail).toMatch(/is: \d{6}/);
    } finally {
      await queued.close();
    }
  }, 60_000);

  it('stores the code hashed and gives up after 5 wrong tries', async () => {
    const parent = await env.f.user(115, school, { email: 'meena@example.test' });
    const code = await codeFor(parent.loginId, 'meena@example.test');
    const [row] = await env.db.select().from(otpCodes).where(eq(otpCodes.userId, parent.id));
    expect(row!.codeHash).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await reset({ loginId: parent.loginId, otp: wrong, password: 'Whatever-123' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('INVALID_OTP');
    }
    const right = await reset({ loginId: parent.loginId, otp: code, password: 'Whatever-123' });
    expect(right.statusCode).toBe(400);
    expect((await signin(parent.loginId, parent.password)).statusCode).toBe(200);
  });

  it('refuses an expired code and a replaced code', async () => {
    const student = await env.f.user(116, school, { email: 'aarav@example.test' });
    const first = await codeFor(student.loginId, 'aarav@example.test');
    const second = await codeFor(student.loginId, 'aarav@example.test');
    if (first !== second) {
      expect((await reset({ loginId: student.loginId, otp: first, password: 'Whatever-123' })).statusCode).toBe(400);
    }
    await env.db.update(otpCodes).set({ expiresAt: new Date(nowMs() - 1000) }).where(eq(otpCodes.userId, student.id));
    const res = await reset({ loginId: student.loginId, otp: second, password: 'Whatever-123' });
    expect(res.statusCode).toBe(400);
    expect((await signin(student.loginId, student.password)).statusCode).toBe(200);
  });

  it('validates the reset body', async () => {
    for (const payload of [{}, { loginId: 'x', otp: '12ab56', password: 'Long-enough-1' }, { loginId: 'x', otp: '123456', password: 'short' }]) {
      const res = await reset(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
  });
});
