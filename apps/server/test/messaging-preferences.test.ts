import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WHATSAPP_CONSENT_VERSION, type NotificationPreferences } from '@shala/contract';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { setClock } from '../src/clock.js';
import { consentRecords, mobileCodeSends } from '../src/db/schema.js';
import { saveAccount } from '../src/modules/messaging/accounts.js';
import { startFakeMsg91 } from './fakes/msg91.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * A person's channels beyond the bell (issue 24): the school's rules until the person chooses,
 * the mobile number verified by a code sent through the platform's SMS account (a fake MSG91 on
 * loopback), WhatsApp consent recorded per child with its text's version.
 */

const AUTH = 'platform-msg91-key';
const OTP = { dltTemplateId: '1107170000000000009', header: 'SHALAS', body: 'Your Shala code is ##var1##. It works for ##var2## minutes.' };

/** Requests a person may make to a code route from one address a window (10 by default); the tests above stay under it. */
const AUTH_LIMIT = 5;

let env: TestEnv;
let fake: Awaited<ReturnType<typeof startFakeMsg91>>;
let school: TestSchool;
let parent: TestUser & { token: string };
let child: TestUser;
let teacher: TestUser & { token: string };

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) => env.app.inject({ method, url, headers: { token }, payload: payload as object });
const prefs = async (token: string) => (await call('GET', '/api/account/notification-preferences', token)).json().result as NotificationPreferences;
const kind = (p: NotificationPreferences, k: string) => p.kinds.find((x) => x.kind === k)!;

beforeAll(async () => {
  fake = await startFakeMsg91({ authKey: AUTH, templates: { tmpl_otp: OTP } });
  env = await setupApp({ SECRETS_KEY: randomBytes(32).toString('base64'), SMS_MSG91_URL: fake.url, MOBILE_CODES_PER_SCHOOL_DAY: '5', AUTH_ADDRESS_LIMIT_MAX: '11', AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT) });
  school = await env.f.school();
  const p = await env.f.user(115, school);
  parent = { ...p, token: await env.f.token(p) };
  child = await env.f.user(116, school, { parentUserId: p.id });
  const t = await env.f.user(114, school);
  teacher = { ...t, token: await env.f.token(t) };
});
afterAll(async () => {
  await env?.close();
  await fake?.close();
});

describe('notification preferences and the mobile number', () => {
  it('starts from the school rules, verifies a mobile by SMS code, then takes choices, quiet hours and WhatsApp consent', async () => {
    const start = await prefs(parent.token);
    expect(start).toMatchObject({ mobile: null, mobileVerified: false, whatsappOptIn: false, quietHours: { from: 21 * 60, to: 7 * 60 } });
    expect(kind(start, 'absence')).toEqual({ kind: 'absence', urgent: true, channels: { sms: { enabled: true, chosen: false }, whatsapp: { enabled: true, chosen: false }, email: { enabled: false, chosen: false } } });
    expect(kind(start, 'notice').channels.sms).toEqual({ enabled: false, chosen: false });

    // WhatsApp needs a verified number; no SMS account yet: no code can be sent.
    const early = await call('PUT', '/api/account/notification-preferences', parent.token, { whatsappOptIn: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().reason).toBe('mobile_not_verified');
    expect((await call('POST', '/api/account/mobile', parent.token, { mobile: '9876543210' })).json().reason).toBe('sms_not_configured');

    await saveAccount(env.app.deps, {
      schoolId: null,
      channel: 'sms',
      provider: 'msg91',
      settings: { entityId: '1201159000000000001', header: 'SHALAS', templates: { otp: { templateId: OTP.dltTemplateId, providerTemplateId: 'tmpl_otp', text: 'Your Shala code is {#var#}. It works for {#var#} minutes.', params: ['code', 'minutes'] } } },
      credentials: { authKey: AUTH },
      updatedBy: null,
    });

    const bad = await call('POST', '/api/account/mobile', parent.token, { mobile: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'body.mobile' });
    const sent = await call('POST', '/api/account/mobile', parent.token, { mobile: '098765 43210' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result.mobile).toBe('+919876543210');
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.mobiles).toBe('919876543210');
    const code = /code is (\d{6})\./.exec(fake.sent[0]!.text)![1]!;
    // Once a minute at most.
    expect((await call('POST', '/api/account/mobile', parent.token, { mobile: '9876543210' })).json().reason).toBe('code_too_soon');
    expect(fake.sent).toHaveLength(1);

    const wrong = await call('POST', '/api/account/mobile/verify', parent.token, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json().reason).toBe('code_wrong');
    const verified = await call('POST', '/api/account/mobile/verify', parent.token, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().result).toMatchObject({ mobile: '+919876543210', mobileVerified: true });
    // A code works once.
    expect((await call('POST', '/api/account/mobile/verify', parent.token, { code })).json().reason).toBe('code_expired');

    const saved = await call('PUT', '/api/account/notification-preferences', parent.token, {
      whatsappOptIn: true,
      quietHours: { from: 22 * 60, to: 6 * 60 },
      choices: [
        { kind: 'notice', channel: 'sms', enabled: true },
        { kind: 'absence', channel: 'whatsapp', enabled: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().result as NotificationPreferences;
    expect(after).toMatchObject({ whatsappOptIn: true, quietHours: { from: 1320, to: 360 } });
    expect(kind(after, 'notice').channels.sms).toEqual({ enabled: true, chosen: true });
    expect(kind(after, 'absence').channels.whatsapp).toEqual({ enabled: false, chosen: true });
    expect(await prefs(parent.token)).toEqual(after);

    // The consent is the child's record, with the text's version; the data consent is not touched.
    const rows = await env.db.select().from(consentRecords).where(and(eq(consentRecords.schoolId, school.id), eq(consentRecords.studentId, child.id)));
    expect(rows.map((r) => [r.purpose, r.action, r.version, r.parentId])).toEqual([['whatsapp', 'given', WHATSAPP_CONSENT_VERSION, parent.id]]);
    expect((await call('GET', `/api/parent/children/${child.id}/consent`, parent.token)).json().result).toMatchObject({ status: 'missing', history: [] });

    // Choices given back to the school's rule (two channels at once; the others stay); the consent withdrawn.
    await call('PUT', '/api/account/notification-preferences', parent.token, { choices: [{ kind: 'notice', channel: 'email', enabled: true }] });
    const back = await call('PUT', '/api/account/notification-preferences', parent.token, {
      whatsappOptIn: false,
      choices: [
        { kind: 'notice', channel: 'sms', enabled: null },
        { kind: 'absence', channel: 'whatsapp', enabled: null },
      ],
    });
    expect(kind(back.json().result, 'notice').channels.sms).toEqual({ enabled: false, chosen: false });
    expect(kind(back.json().result, 'absence').channels.whatsapp).toEqual({ enabled: true, chosen: false });
    expect(kind(back.json().result, 'notice').channels.email).toEqual({ enabled: true, chosen: true });
    expect(back.json().result.whatsappOptIn).toBe(false);
    const actions = await env.db.select({ action: consentRecords.action }).from(consentRecords).where(and(eq(consentRecords.studentId, child.id), eq(consentRecords.purpose, 'whatsapp')));
    expect(actions.map((a) => a.action).sort()).toEqual(['given', 'withdrawn']);
  });

  it('keeps WhatsApp to parents, answers unknown fields with 400 and another person sees only its own', async () => {
    const forbidden = await call('PUT', '/api/account/notification-preferences', teacher.token, { whatsappOptIn: true });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().reason).toBe('whatsapp_parents_only');
    for (const body of [{ choices: [{ kind: 'chat', channel: 'sms', enabled: true }] }, { choices: [{ kind: 'notice', channel: 'fax', enabled: true }] }, { quietHours: { from: 1440, to: 0 } }, { mobile: '+919876543210' }]) {
      expect((await call('PUT', '/api/account/notification-preferences', teacher.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await prefs(teacher.token)).toMatchObject({ mobile: null, mobileVerified: false });
    expect((await call('GET', '/api/account/notification-preferences', '')).statusCode).toBe(401);
    // Quiet hours from a minute to the same minute are refused on the field, and change nothing.
    const before = await prefs(parent.token);
    const same = await call('PUT', '/api/account/notification-preferences', parent.token, { quietHours: { from: 600, to: 600 } });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ reason: 'quiet_hours_empty', field: 'quietHours.to' });
    expect(await prefs(parent.token)).toEqual(before);
  });

  it('limits mobile codes per number, per school a day and per client address: a refused request sends nothing (SMS pumping)', async () => {
    // The platform's SMS account is saved by the first test.
    const other = await env.f.school();
    const principalUser = await env.f.user(113, other);
    const principalToken = await env.f.token(principalUser);
    const people = await Promise.all(([115, 115, 116, 116, 114, 115, 116, 114, 115] as const).map((role) => env.f.user(role, other)));
    const tokens = await Promise.all(people.map((p) => env.f.token(p)));
    const ask = (token: string, mobile: string, remoteAddress = '10.39.0.1') =>
      env.app.inject({ method: 'POST', url: '/api/account/mobile', headers: { token }, payload: { mobile }, remoteAddress });
    const sentTo = (mobile: string) => fake.sent.filter((s) => s.mobiles === mobile.replace('+', '')).length;

    // Eight accounts ask codes for one number at once: three SMS go out, whoever asked.
    const target = '+919811100001';
    const answers = await Promise.all(tokens.slice(0, 8).map((t) => ask(t, target)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json().error, a.json().reason, a.json().params])).toEqual(Array(5).fill([429, 'RATE_LIMITED', 'mobile_code_number_limit', { max: 3 }]));
    expect(sentTo(target)).toBe(3);

    // The school's cap (5 in this test): the send that reaches it tells the principal; the next is refused.
    const free = tokens.filter((_, i) => answers[i]?.statusCode !== 200);
    expect((await ask(free[0]!, '+919811100002')).statusCode).toBe(200);
    expect((await ask(free[1]!, '+919811100003')).statusCode).toBe(200);
    const capped = await ask(free[2]!, '+919811100004');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ error: 'RATE_LIMITED', reason: 'mobile_code_school_limit', params: { max: 5 } });
    expect(sentTo('+919811100004')).toBe(0);
    const bell = (await call('GET', '/api/notifications', principalToken)).json().result.items as Array<{ kind: string; params: unknown; link: string | null }>;
    expect(bell.filter((n) => n.kind === 'messaging_limit')).toEqual([expect.objectContaining({ params: { max: 5 }, link: '/messages/usage' })]);
    const usage = await call('GET', '/api/school/messages/usage', principalToken);
    expect(usage.json().result.mobileCodes).toEqual({ today: 5, cap: 5 });

    // The client address: 11 requests in its window (11 here) (each code request counts), then 429 before anything else is looked at.
    const address = await ask(free[3]!, '+919811100005');
    expect(address.statusCode).toBe(429);
    expect(address.json().reason).toBeUndefined();
    // From another address the same request meets the school's cap; nothing was sent.
    expect((await ask(free[3]!, '+919811100005', '10.39.0.2')).json().reason).toBe('mobile_code_school_limit');
    expect(sentTo('+919811100005')).toBe(0);

    // The next day (the school's): the limits start again, and the day before is not kept.
    setClock(new Date(Date.parse(TEST_NOW) + 24 * 3_600_000).toISOString());
    try {
      expect((await ask(free[3]!, '+919811100005', '10.39.0.3')).statusCode).toBe(200);
      expect(sentTo('+919811100005')).toBe(1);
      expect(await env.db.select({ mobile: mobileCodeSends.mobile }).from(mobileCodeSends).where(eq(mobileCodeSends.schoolId, other.id))).toEqual([{ mobile: '+919811100005' }]);
    } finally {
      setClock(TEST_NOW);
    }
  });

  it("limits a person's code requests with the sign-in limit (AUTH_RATE_LIMIT_MAX), before the route is reached; another person on that address goes on", async () => {
    const other = await env.f.school();
    const [asker, neighbour] = await Promise.all([env.f.user(115, other), env.f.user(116, other)]);
    const [askerToken, neighbourToken] = await Promise.all([env.f.token(asker), env.f.token(neighbour)]);
    const ask = (token: string, mobile: string) => env.app.inject({ method: 'POST', url: '/api/account/mobile', headers: { token }, payload: { mobile }, remoteAddress: '10.39.1.1' });
    const answers = [];
    for (let i = 0; i <= AUTH_LIMIT; i++) answers.push(await ask(askerToken, `+91981120000${i}`));
    // One code, then the route's own refusals (a minute between codes), then the limit: no reason, nothing asked of the route.
    expect(answers.map((a) => [a.statusCode, a.json().reason])).toEqual([[200, undefined], ...Array(AUTH_LIMIT - 1).fill([429, 'code_too_soon']), [429, undefined]]);
    expect(answers.at(-1)!.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please try again/) });
    expect(fake.sent.filter((m) => m.mobiles.startsWith('91981120000')).map((m) => m.mobiles)).toEqual(['919811200000']);
    expect((await ask(neighbourToken, '+919811200009')).statusCode).toBe(200);
  });
});
