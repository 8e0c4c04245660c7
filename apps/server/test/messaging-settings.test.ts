import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PREFERENCE_KINDS, TEXT_VARIANTS, templateParamsOf, type MessagingSettings, type NotificationPreferences, type Role } from '@shala/contract';
import { messagingAccounts } from '../src/db/schema.js';
import { NOTIFICATION_TEXTS } from '../src/texts/notifications.js';
import { startFakeMsg91 } from './fakes/msg91.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';

/**
 * The school's messaging settings (issue 24): the principal saves its own MSG91 and WhatsApp
 * accounts (secrets write-only: only their hints come back, an update without them keeps them and
 * the webhook's token), the system admin reads without the token, other roles and schools see
 * nothing of it; the school's rules per kind become a parent's defaults.
 */

const AUTH = 'school-msg91-authkey-7f3a';
const OTP = { dltTemplateId: '1107170000000000009', header: 'SHALAS', body: 'Your Shala code is ##var1##. It works for ##var2## minutes.' };
const OTP_TEMPLATE = { kind: 'otp', templateId: OTP.dltTemplateId, providerTemplateId: 'tmpl_otp', text: 'Your Shala code is {#var#}. It works for {#var#} minutes.', params: ['code', 'minutes'] };
const ABSENCE_HI = { kind: 'absence:hi', templateId: '1107170000000000011', text: '{#var#}: {#var#} {#var#} को अनुपस्थित रहे।', params: ['school', 'child', 'date'] };
const SMS = { entityId: '1201159000000000001', header: 'shalas', templates: [OTP_TEMPLATE], pricePaisePerPart: 25, authKey: AUTH };
const WA = { phoneNumberId: '109876543210', templates: [{ kind: 'absence', name: 'absence_alert', params: ['child', 'date'] }], accessToken: 'EAAG-access-token-91ab', appSecret: 'app-secret-0c0ffee1', verifyToken: 'verify-token-5e5e' };

type Person = TestUser & { token: string };
let env: TestEnv;
let fake: Awaited<ReturnType<typeof startFakeMsg91>>;
let school: TestSchool;
let principal: Person;
let admin: Person;
let teacher: Person;
let parent: Person;
let otherPrincipal: Person;

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) => env.app.inject({ method, url, headers: { token }, payload: payload as object });
const settings = async (token: string) => {
  const res = await call('GET', '/api/school/messaging/settings', token);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, result: res.json().result as MessagingSettings };
};
const person = async (role: Role, s: TestSchool | null): Promise<Person> => {
  const u = await env.f.user(role, s);
  return { ...u, token: await env.f.token(u) };
};

beforeAll(async () => {
  fake = await startFakeMsg91({ authKey: AUTH, templates: { tmpl_otp: OTP } });
  // The webhook addresses given to providers are PUBLIC_URL's (not the browser's), without a doubled slash.
  env = await setupApp({ SECRETS_KEY: randomBytes(32).toString('base64'), SMS_MSG91_URL: fake.url, PUBLIC_URL: 'https://school.example.in/' });
  school = await env.f.school();
  principal = await person(113, school);
  admin = await person(112, school);
  teacher = await person(114, school);
  parent = await person(115, school);
  otherPrincipal = await person(113, await env.f.school());
});
afterAll(async () => {
  await env?.close();
  await fake?.close();
});

describe('the school SMS account', () => {
  it('saves it, shows the hint and never the secret, keeps the key and the webhook token on an update without it', async () => {
    const empty = await settings(principal.token);
    expect(empty.result).toMatchObject({ secretsKey: true, sms: { source: 'none', account: null }, whatsapp: { source: 'none', account: null } });
    expect(empty.result.rules.find((r) => r.kind === 'absence')).toEqual({ kind: 'absence', sms: true, whatsapp: true, email: false, urgent: true });

    // No code can go out yet: nothing to send on.
    expect((await call('POST', '/api/account/mobile', parent.token, { mobile: '9876543210' })).json().reason).toBe('sms_not_configured');

    const saved = await call('PUT', '/api/school/messaging/sms', principal.token, SMS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(AUTH);
    const account = (saved.json().result as MessagingSettings).sms.account!;
    expect(saved.json().result.sms.source).toBe('own');
    expect(account).toMatchObject({ provider: 'msg91', entityId: SMS.entityId, header: 'SHALAS', pricePaisePerPart: 25, secrets: { authKey: '…7f3a' }, templates: [OTP_TEMPLATE] });
    expect(account.webhookUrl).toMatch(/^https:\/\/school\.example\.in\/api\/hooks\/sms\/msg91\?token=[\w-]{20,}$/);

    const read = await settings(principal.token);
    expect(read.body).not.toContain(AUTH);
    expect(read.result.sms.account).toEqual(account);
    // The system admin reads the settings, not the webhook's token.
    const asAdmin = await settings(admin.token);
    expect(asAdmin.result.sms.account).toEqual({ ...account, webhookUrl: null });
    expect(asAdmin.body).not.toContain(AUTH);
    expect(asAdmin.body).not.toContain(account.webhookUrl!.split('token=')[1]);

    // An update without the key: another template, the key and the webhook URL stay.
    const updated = await call('PUT', '/api/school/messaging/sms', principal.token, { ...SMS, authKey: undefined, templates: [OTP_TEMPLATE, ABSENCE_HI], pricePaisePerPart: null });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (updated.json().result as MessagingSettings).sms.account!;
    expect(after).toMatchObject({ secrets: { authKey: '…7f3a' }, webhookUrl: account.webhookUrl, pricePaisePerPart: null });
    expect(after.templates.map((t) => t.kind)).toEqual(['absence:hi', 'otp']);
    const [row] = await env.db.select().from(messagingAccounts).where(and(eq(messagingAccounts.schoolId, school.id), eq(messagingAccounts.channel, 'sms')));
    expect(row!.updatedBy).toBe(principal.id);
    expect(row!.secrets).not.toContain(AUTH);

    // The stored key still sends: a parent's mobile code goes out on the school's account.
    const sent = await call('POST', '/api/account/mobile', parent.token, { mobile: '9876543210' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(fake.sent.at(-1)).toMatchObject({ mobiles: '919876543210', templateId: 'tmpl_otp' });
    expect(fake.sent.at(-1)!.text).toMatch(/^Your Shala code is \d{6}\. It works for 10 minutes\.$/);

    // A new key replaces it (the hint follows); the report token still stays.
    const rekeyed = await call('PUT', '/api/school/messaging/sms', principal.token, { ...SMS, authKey: 'another-msg91-key-2b2b' });
    expect(rekeyed.json().result.sms.account).toMatchObject({ secrets: { authKey: '…2b2b' }, webhookUrl: account.webhookUrl });
    await call('PUT', '/api/school/messaging/sms', principal.token, SMS);
  });

  it('refuses bad settings with a 400 naming the field, and changes nothing', async () => {
    const before = (await settings(principal.token)).body;
    const cases: Array<[object, string]> = [
      [{ ...SMS, header: 'SHAL1' }, 'body.header'],
      [{ ...SMS, header: 'SHALASX' }, 'body.header'],
      [{ ...SMS, entityId: '12011590000000000AB' }, 'body.entityId'],
      [{ ...SMS, templates: [{ ...OTP_TEMPLATE, templateId: 'T-1' }] }, 'body.templates.0.templateId'],
      [{ ...SMS, templates: [{ ...OTP_TEMPLATE, params: ['code'] }] }, 'body.templates.0.params'],
      [{ ...SMS, templates: [OTP_TEMPLATE, { ...ABSENCE_HI, params: ['school', 'child', 'salary'] }] }, 'body.templates.1.params.2'],
      [{ ...SMS, templates: [{ ...OTP_TEMPLATE, params: ['code', 'child'] }] }, 'body.templates.0.params.1'],
      [{ ...SMS, templates: [{ ...OTP_TEMPLATE, kind: 'chat' }] }, 'body.templates.0.kind'],
      [{ ...SMS, templates: [{ ...OTP_TEMPLATE, kind: 'absence:ta' }] }, 'body.templates.0.kind'],
      [{ ...SMS, templates: [OTP_TEMPLATE, OTP_TEMPLATE] }, 'body.templates.1.kind'],
      [{ ...SMS, templates: [{ ...OTP_TEMPLATE, text: 'Code {#var#}\u0000' }] }, 'body.templates.0.text'],
      [{ ...SMS, authKey: 'has a space' }, 'body.authKey'],
      [{ ...SMS, pricePaisePerPart: -1 }, 'body.pricePaisePerPart'],
      [{ ...SMS, senderId: 'X' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await call('PUT', '/api/school/messaging/sms', principal.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path), JSON.stringify(body)).toContain(path);
    }
    const wa = await call('PUT', '/api/school/messaging/whatsapp', principal.token, { ...WA, templates: [{ kind: 'otp', name: 'Bad Name', params: [] }] });
    expect(wa.json().issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['body.templates.0.kind', 'body.templates.0.name']));
    // A first save needs every secret.
    const first = await call('PUT', '/api/school/messaging/whatsapp', principal.token, { ...WA, appSecret: undefined });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ reason: 'secret_required', field: 'appSecret' });
    expect((await settings(principal.token)).body).toBe(before);
  });

  it('is the principal’s to change: others are refused, another school sees only its own', async () => {
    for (const who of [teacher, parent]) {
      expect((await call('GET', '/api/school/messaging/settings', who.token)).statusCode).toBe(403);
      expect((await call('PUT', '/api/school/messaging/rules', who.token, { rules: [{ kind: 'notice', sms: true, whatsapp: false, email: false, urgent: false }] })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/school/messaging/settings', '')).statusCode).toBe(401);
    expect((await call('PUT', '/api/school/messaging/sms', admin.token, SMS)).statusCode).toBe(403);
    expect((await call('PUT', '/api/school/messaging/whatsapp', admin.token, WA)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/school/messaging/sms', admin.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/school/messaging/rules', admin.token, { rules: [{ kind: 'notice', sms: true, whatsapp: false, email: false, urgent: false }] })).statusCode).toBe(403);

    const other = await settings(otherPrincipal.token);
    expect(other.result).toMatchObject({ sms: { source: 'none', account: null }, whatsapp: { source: 'none', account: null } });
    expect(other.body).not.toContain(SMS.entityId);
    // Its delete finds nothing of its own; the first school's account stays.
    expect((await call('DELETE', '/api/school/messaging/sms', otherPrincipal.token)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/school/messaging/fax', otherPrincipal.token)).statusCode).toBe(400);
    const first = await call('PUT', '/api/school/messaging/sms', otherPrincipal.token, { ...SMS, authKey: undefined });
    expect(first.json()).toMatchObject({ reason: 'secret_required', field: 'authKey' });
    expect((await settings(principal.token)).result.sms.source).toBe('own');
  });
});

describe('the school WhatsApp account', () => {
  it('keeps the secrets left out and seals the ones given under the same account', async () => {
    const saved = await call('PUT', '/api/school/messaging/whatsapp', principal.token, WA);
    expect(saved.statusCode, saved.body).toBe(200);
    for (const s of [WA.accessToken, WA.appSecret, WA.verifyToken]) expect(saved.body).not.toContain(s);
    expect(saved.json().result.whatsapp).toEqual({
      source: 'own',
      account: {
        provider: 'meta',
        phoneNumberId: WA.phoneNumberId,
        templates: WA.templates,
        pricePaise: null,
        secrets: { accessToken: '…91ab', appSecret: '…fee1', verifyToken: '…5e5e' },
        webhookUrl: 'https://school.example.in/api/hooks/whatsapp',
        updatedAt: expect.any(String),
      },
    });
    const verify = (token: string) => env.app.inject({ method: 'GET', url: `/api/hooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=4711` });
    expect((await verify(WA.verifyToken)).body).toBe('4711');

    // Only a new verify token: the others stay (opened and sealed again), Meta's check takes the new one.
    const changed = await call('PUT', '/api/school/messaging/whatsapp', principal.token, { phoneNumberId: WA.phoneNumberId, templates: [], pricePaise: 80, verifyToken: 'new-verify-token-7777' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result.whatsapp.account).toMatchObject({ templates: [], pricePaise: 80, secrets: { accessToken: '…91ab', appSecret: '…fee1', verifyToken: '…7777' } });
    expect((await verify('new-verify-token-7777')).body).toBe('4711');
    expect((await verify(WA.verifyToken)).statusCode).toBe(400);

    // Removed: the platform's account is used from now on (none here, then one).
    const removed = await call('DELETE', '/api/school/messaging/whatsapp', principal.token);
    expect(removed.json().result.whatsapp).toEqual({ source: 'none', account: null });
    // The platform owner stores the platform's number: the school sends on it, sees none of it.
    const owner = await person(111, null);
    const platformWa = { phoneNumberId: '1', templates: [], accessToken: 'platform-token-1234', appSecret: 'platform-secret', verifyToken: 'platform-verify' };
    const stored = await call('PUT', '/api/platform/messaging/whatsapp', owner.token, platformWa);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().result.whatsapp).toMatchObject({ source: 'own', account: { phoneNumberId: '1', secrets: { accessToken: '…1234' } } });
    expect(stored.body).not.toContain('platform-token-1234');
    const platform = await settings(principal.token);
    expect(platform.result.whatsapp).toEqual({ source: 'platform', account: null });
    expect(platform.body).not.toContain('platform-token-1234');
  });
});

describe('the platform accounts', () => {
  it('are the owner’s: a school without its own sends its codes on the platform’s MSG91 account, and none once it goes', async () => {
    const owner = await person(111, null);
    const other = await person(115, await env.f.school());
    const read = await call('GET', '/api/platform/messaging/settings', owner.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().result.sms).toEqual({ source: 'none', account: null });
    expect((await call('POST', '/api/account/mobile', other.token, { mobile: '9876500001' })).json().reason).toBe('sms_not_configured');

    const saved = await call('PUT', '/api/platform/messaging/sms', owner.token, SMS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(AUTH);
    // The owner gets the report URL with its token (it may change the account).
    expect(saved.json().result.sms).toMatchObject({ source: 'own', account: { secrets: { authKey: '…7f3a' }, webhookUrl: expect.stringMatching(/^https:\/\/school\.example\.in\/api\/hooks\/sms\/msg91\?token=/) } });
    const sent = await call('POST', '/api/account/mobile', other.token, { mobile: '9876500001' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(fake.sent.at(-1)).toMatchObject({ mobiles: '919876500001', templateId: 'tmpl_otp' });
    // A school's principal cannot touch it.
    expect((await call('PUT', '/api/platform/messaging/sms', principal.token, SMS)).statusCode).toBe(403);

    const removed = await call('DELETE', '/api/platform/messaging/sms', owner.token);
    expect(removed.json().result.sms).toEqual({ source: 'none', account: null });
    expect((await call('DELETE', '/api/platform/messaging/sms', owner.token)).statusCode).toBe(404);
  });
});

describe('the school rules per kind', () => {
  it('saves them; they are a parent’s defaults where the parent has not chosen', async () => {
    const chooser = await person(115, school);
    await call('PUT', '/api/account/notification-preferences', chooser.token, { choices: [{ kind: 'notice', channel: 'sms', enabled: false }] });
    const res = await call('PUT', '/api/school/messaging/rules', principal.token, {
      rules: [
        { kind: 'notice', sms: true, whatsapp: false, email: true, urgent: true },
        { kind: 'absence', sms: false, whatsapp: true, email: false, urgent: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toHaveLength(PREFERENCE_KINDS.length);
    expect(res.json().result[0]).toEqual({ kind: 'notice', sms: true, whatsapp: false, email: true, urgent: true });
    expect((await settings(admin.token)).result.rules.find((r) => r.kind === 'absence')).toEqual({ kind: 'absence', sms: false, whatsapp: true, email: false, urgent: false });

    const prefs = async (token: string) => (await call('GET', '/api/account/notification-preferences', token)).json().result as NotificationPreferences;
    const notice = (await prefs(parent.token)).kinds.find((k) => k.kind === 'notice')!;
    expect(notice).toEqual({ kind: 'notice', urgent: true, channels: { sms: { enabled: true, chosen: false }, whatsapp: { enabled: false, chosen: false }, email: { enabled: true, chosen: false } } });
    // A parent's own choice stands over the rule.
    expect((await prefs(chooser.token)).kinds.find((k) => k.kind === 'notice')!.channels.sms).toEqual({ enabled: false, chosen: true });
    // Another school keeps the defaults.
    expect((await settings(otherPrincipal.token)).result.rules.find((r) => r.kind === 'notice')).toEqual({ kind: 'notice', sms: false, whatsapp: false, email: false, urgent: false });

    for (const rules of [[{ kind: 'chat', sms: true, whatsapp: false, email: false, urgent: false }], [], [{ kind: 'notice', sms: 'yes', whatsapp: false, email: false, urgent: false }]]) {
      expect((await call('PUT', '/api/school/messaging/rules', principal.token, { rules })).statusCode, JSON.stringify(rules)).toBe(400);
    }
    const twice = await call('PUT', '/api/school/messaging/rules', principal.token, { rules: [res.json().result[0], res.json().result[0]] });
    expect(twice.json().issues[0].path).toBe('body.rules.1.kind');
  });

  it('names every value a kind’s notification text uses as a param its templates may take', () => {
    for (const [key, texts] of Object.entries(NOTIFICATION_TEXTS)) {
      const kind = key in TEXT_VARIANTS ? TEXT_VARIANTS[key as keyof typeof TEXT_VARIANTS] : (key as (typeof PREFERENCE_KINDS)[number]);
      // A school's own alert (messaging_limit) goes to the bell only: no template carries it.
      if (!PREFERENCE_KINDS.includes(kind)) continue;
      for (const name of [...texts.en.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!)) expect(templateParamsOf(kind), `${key}: ${name}`).toContain(name);
    }
  });
});

describe('without SECRETS_KEY', () => {
  let bare: TestEnv;
  beforeAll(async () => {
    bare = await setupApp();
  });
  afterAll(() => bare?.close());

  it('answers a save with 409 secrets_key_missing and stores nothing; the settings still read', async () => {
    const s = await bare.f.school();
    const p = await bare.f.user(113, s);
    const token = await bare.f.token(p);
    const res = await bare.app.inject({ method: 'PUT', url: '/api/school/messaging/sms', headers: { token }, payload: SMS });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('secrets_key_missing');
    const read = await bare.app.inject({ method: 'GET', url: '/api/school/messaging/settings', headers: { token } });
    expect(read.json().result).toMatchObject({ secretsKey: false, sms: { source: 'none', account: null } });
  });
});
