import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { mobileNumber, optionalMobileNumber, toIndianMobile } from '@shala/contract';
import { loadConfig } from '../src/config.js';
import { openSecret, sealSecret, secretHint, secretsKey, SecretsKeyMissing, SecretUnreadable } from '../src/adapters/secrets.js';
import { smsParts } from '../src/adapters/sms/parts.js';
import { msg91 } from '../src/adapters/sms/msg91.js';
import { newReportToken, type SmsMessage } from '../src/adapters/sms/adapter.js';
import { createMessaging, type WhatsAppCloud } from '../src/adapters/messaging.js';
import { SendError, WebhookRejected, type RawWebhookRequest } from '../src/adapters/send.js';
import { parseWhatsAppWebhook, verifyWhatsAppSubscription, WHATSAPP_API_VERSION, type WhatsAppEvents } from '../src/adapters/whatsapp/cloud.js';
import { startFakeMsg91 } from './fakes/msg91.js';
import { startFakeWhatsApp } from './fakes/whatsapp.js';
import { jsonOf, startServer, type LoopbackServer, type Recorded } from './fakes/server.js';
import { freePort } from './ports.js';
import { failure } from './throws.js';

// Issue 24's infrastructure: secrets sealed at rest, SMS parts, the phone rule, and the MSG91 and
// WhatsApp Cloud clients against fakes of the providers on 127.0.0.1 (no database, no internet).
// Every instant is passed in; nothing depends on the real clock.

/** A receiver standing in for Shala's webhook route: it hands the raw request to `handle`. */
function receiver(handle: (req: RawWebhookRequest, raw: Recorded) => { status: number; body: string }): Promise<LoopbackServer> {
  return startServer((raw) => {
    const url = new URL(raw.url, 'http://x');
    const req: RawWebhookRequest = { headers: raw.headers, body: raw.body, query: Object.fromEntries(url.searchParams) };
    try {
      return handle(req, raw);
    } catch (err) {
      if (err instanceof WebhookRejected) return { status: err.status, body: JSON.stringify({ error: err.message }) };
      throw err;
    }
  });
}

const AT = new Date('2026-11-25T04:30:00Z');

describe('secrets at rest', () => {
  const key = randomBytes(32);

  it('seals to a versioned string that opens again, a new IV each time', () => {
    for (const plain of ['authkey-1234567890', 'टोकन🔑 with spaces', '']) {
      const sealed = sealSecret(plain, key, 'school:1:msg91.authKey');
      expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
      expect(sealed).not.toContain(plain || 'never');
      expect(openSecret(sealed, key, 'school:1:msg91.authKey')).toBe(plain);
    }
    expect(sealSecret('same', key)).not.toBe(sealSecret('same', key));
  });

  it('refuses a changed value, another key, another context and a malformed one', () => {
    const sealed = sealSecret('EAAG-token-value', key, 'school:1:whatsapp.token');
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const p = parts[i]!;
      const changed = [...parts];
      changed[i] = (p[0] === 'A' ? 'B' : 'A') + p.slice(1);
      expect(() => openSecret(changed.join('.'), key, 'school:1:whatsapp.token')).toThrow(SecretUnreadable);
    }
    expect(() => openSecret(sealed, randomBytes(32), 'school:1:whatsapp.token')).toThrow(SecretUnreadable);
    expect(() => openSecret(sealed, key, 'school:2:whatsapp.token')).toThrow(SecretUnreadable);
    for (const bad of ['', 'v1', 'v2.a.b.c', `${sealed}.x`, 'v1.!!.??.**']) expect(() => openSecret(bad, key)).toThrow(SecretUnreadable);
  });

  it('refuses to seal or open without SECRETS_KEY, and the key must be 32 bytes of base64', () => {
    expect(secretsKey(loadConfig({}).SECRETS_KEY)).toBeNull();
    expect(() => sealSecret('x', null)).toThrow(SecretsKeyMissing);
    expect(() => openSecret('v1.a.b.c', null)).toThrow(SecretsKeyMissing);
    const configured = randomBytes(32).toString('base64');
    expect(secretsKey(loadConfig({ SECRETS_KEY: configured }).SECRETS_KEY)?.equals(Buffer.from(configured, 'base64'))).toBe(true);
    expect(() => loadConfig({ SECRETS_KEY: randomBytes(16).toString('base64') })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ SECRETS_KEY: 'not base64 at all, not at all, not at all!!' })).toThrow(/SECRETS_KEY/);
  });

  it('hints at a secret by its last 4 characters only', () => {
    expect(secretHint('362512AbCdEfGh9z')).toBe('…Gh9z');
    expect(secretHint('short')).toBe('…');
  });
});

describe('SMS parts', () => {
  const a = (n: number) => 'a'.repeat(n);
  const ka = (n: number) => 'क'.repeat(n);

  it('counts GSM-7 text: 160 in one part, 153 a part beyond', () => {
    expect(smsParts('')).toEqual({ encoding: 'gsm7', parts: 0, units: 0, perPart: 160 });
    expect(smsParts(a(160))).toEqual({ encoding: 'gsm7', parts: 1, units: 160, perPart: 160 });
    expect(smsParts(a(161))).toEqual({ encoding: 'gsm7', parts: 2, units: 161, perPart: 153 });
    expect(smsParts(a(306)).parts).toBe(2);
    expect(smsParts(a(307)).parts).toBe(3);
  });

  it('counts an extension character as two septets that never split across parts', () => {
    expect(smsParts('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', parts: 1, units: 160 });
    expect(smsParts('€'.repeat(81))).toMatchObject({ encoding: 'gsm7', parts: 2, units: 162 });
    expect(smsParts('{}[]~|^\\')).toMatchObject({ encoding: 'gsm7', units: 16 });
    // 306 septets would fill two parts, but the escape and its € cannot straddle them: three.
    expect(smsParts(`${a(152)}€${a(152)}`)).toEqual({ encoding: 'gsm7', parts: 3, units: 306, perPart: 153 });
  });

  it('sends Hindi, emoji or any one non-GSM character as UCS-2: 70, then 67 a part', () => {
    expect(smsParts(ka(70))).toEqual({ encoding: 'ucs2', parts: 1, units: 70, perPart: 70 });
    expect(smsParts(ka(71))).toEqual({ encoding: 'ucs2', parts: 2, units: 71, perPart: 67 });
    expect(smsParts(ka(134)).parts).toBe(2);
    expect(smsParts(ka(135)).parts).toBe(3);
    expect(smsParts(`Fee due ${'₹'}500`)).toMatchObject({ encoding: 'ucs2', units: 12, parts: 1 });
    expect(smsParts('😀'.repeat(35))).toMatchObject({ encoding: 'ucs2', units: 70, parts: 1 });
    expect(smsParts('😀'.repeat(36))).toMatchObject({ encoding: 'ucs2', units: 72, parts: 2 });
    // 134 units would fill two parts, but a surrogate pair cannot be split between them: three.
    expect(smsParts(`${ka(66)}😀${ka(66)}`)).toEqual({ encoding: 'ucs2', parts: 3, units: 134, perPart: 67 });
  });

  it('never counts fewer parts than the units need, nor more than whole characters would', () => {
    const chars = fc.constantFrom('a', 'Z', ' ', '€', '{', 'क', 'ि', '😀', '₹', '\n');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 400 }).map((cs) => cs.join('')), (text) => {
        const p = smsParts(text);
        const per = p.perPart;
        if (p.units === 0) return p.parts === 0;
        if (p.parts === 1) return p.units <= per;
        // Each part but the last is at least `per - 1` full (one unit short when a pair would not fit).
        return p.units > (p.encoding === 'gsm7' ? 160 : 70) && p.parts >= Math.ceil(p.units / per) && p.parts <= Math.ceil(p.units / (per - 1));
      }),
    );
  });
});

describe('Indian mobile numbers (the contract\'s one rule)', () => {
  it('normalises the forms people write to +91 and ten digits', () => {
    for (const typed of ['9876543210', '98765 43210', '+91 98765 43210', '+91-98765-43210', '09876543210', '919876543210', '0091 9876543210', '(+91) 98765.43210']) {
      expect(toIndianMobile(typed)).toBe('+919876543210');
    }
    expect(toIndianMobile('6000000000')).toBe('+916000000000');
  });

  it('refuses landlines, short, long, foreign and lettered numbers', () => {
    for (const bad of ['', '5876543210', '011 2345 6789', '987654321', '98765432100', '+1 650 555 1234', '+92 98765 43210', '98765abc10', '+91 98765 4321']) {
      expect(toIndianMobile(bad)).toBeNull();
    }
  });

  it('is a zod field whose refusal names the field (a 400 from the API)', () => {
    const body = z.object({ mobile: mobileNumber, other: optionalMobileNumber });
    expect(body.parse({ mobile: ' 98765 43210 ', other: '' })).toEqual({ mobile: '+919876543210', other: null });
    const refused = body.safeParse({ mobile: '12345' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([{ path: ['mobile'], message: 'Enter a valid phone number' }]);
  });
});

it('calls the real providers unless told otherwise, and seals only with a key', () => {
  const config = loadConfig({});
  expect([config.SMS_MSG91_URL, config.WHATSAPP_GRAPH_URL]).toEqual(['https://control.msg91.com', 'https://graph.facebook.com']);
  expect(secretsKey(config.SECRETS_KEY)).toBeNull();
  expect(() => loadConfig({ SMS_MSG91_URL: 'ftp://example.org' })).toThrow(/SMS_MSG91_URL/);
});

describe('MSG91 against its fake', () => {
  const AUTH = 'msg91-auth-key-of-the-school';
  const english = { dltTemplateId: '1107170000000000001', header: 'SHALAS', body: 'Dear parent, ##var1## was absent on ##var2##. - ##var3##' };
  const hindi = { dltTemplateId: '1107170000000000002', header: 'SHALAS', body: 'प्रिय अभिभावक, ##var1## आज (##var2##) अनुपस्थित रहे। - ##var3##' };
  let fake: Awaited<ReturnType<typeof startFakeMsg91>>;
  let sms: ReturnType<typeof msg91>;
  const credentials = { authKey: AUTH };
  const message = (over: Partial<SmsMessage> = {}): SmsMessage => ({
    to: '+919876543210',
    entityId: '1201159000000000001',
    header: 'SHALAS',
    templateId: english.dltTemplateId,
    providerTemplateId: 'tmpl_absent_en',
    text: 'Dear parent, Asha was absent on 25-11-2026. - Shala School',
    variables: ['Asha', '25-11-2026', 'Shala School'],
    ...over,
  });

  beforeAll(async () => {
    fake = await startFakeMsg91({ authKey: AUTH, templates: { tmpl_absent_en: english, tmpl_absent_hi: hindi } });
    sms = createMessaging(loadConfig({ SMS_MSG91_URL: fake.url })).sms.msg91;
  });
  afterAll(() => fake.close());

  it('sends a DLT SMS with the auth key, template, header, DLT id and variables, and returns its request id', async () => {
    const before = fake.requests.length;
    const { providerMessageId } = await sms.send(message(), credentials, { now: AT });
    const req = fake.requests[before]!;
    expect(req.url).toBe('/api/v5/flow/');
    expect(req.headers.authkey).toBe(AUTH);
    expect(req.headers['content-type']).toBe('application/json');
    expect(jsonOf(req)).toEqual({
      template_id: 'tmpl_absent_en',
      sender: 'SHALAS',
      short_url: '0',
      unicode: 0,
      DLT_TE_ID: english.dltTemplateId,
      recipients: [{ mobiles: '919876543210', var1: 'Asha', var2: '25-11-2026', var3: 'Shala School' }],
    });
    const delivered = fake.sent.at(-1)!;
    expect(providerMessageId).toBe(delivered.requestId);
    expect(delivered.text).toBe(message().text);
  });

  it('sends Hindi as Unicode, each character intact', async () => {
    const text = 'प्रिय अभिभावक, आशा आज (25-11-2026) अनुपस्थित रहे। - शाला विद्यालय';
    const { providerMessageId } = await sms.send(
      message({ templateId: hindi.dltTemplateId, providerTemplateId: 'tmpl_absent_hi', text, variables: ['आशा', '25-11-2026', 'शाला विद्यालय'] }),
      credentials,
      { now: AT },
    );
    const delivered = fake.sent.find((s) => s.requestId === providerMessageId)!;
    expect(delivered.text).toBe(text);
    expect((jsonOf(fake.requests.at(-1)!) as { unicode: number }).unicode).toBe(1);
  });

  it('maps refusals: a bad number, a wrong header or variables, a bad key are permanent; 429, 5xx and no answer are retryable', async () => {
    fake.invalidNumbers.add('919000000001');
    const bad = await failure(() => sms.send(message({ to: '+919000000001' }), credentials, { now: AT }), SendError);
    expect(bad).toMatchObject({ kind: 'invalid_number', retryable: false, reason: 'Invalid mobile number', detail: { status: 200, providerCode: '202' } });

    expect(await failure(() => sms.send(message({ header: 'SHALAB' }), credentials, { now: AT }), SendError)).toMatchObject({ kind: 'template', retryable: false });
    expect(await failure(() => sms.send(message({ variables: ['Asha', '25-11-2026'] }), credentials, { now: AT }), SendError)).toMatchObject({ kind: 'template', retryable: false });
    expect(await failure(() => sms.send(message(), { authKey: 'wrong' }, { now: AT }), SendError)).toMatchObject({ kind: 'auth', retryable: false, detail: { status: 401 } });

    fake.failNext('rate_limit');
    expect(await failure(() => sms.send(message(), credentials, { now: AT }), SendError)).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 7000 });
    fake.failNext('server_error');
    expect(await failure(() => sms.send(message(), credentials, { now: AT }), SendError)).toMatchObject({ kind: 'server', retryable: true, reason: 'Internal server error' });

    const nobody = msg91(`http://127.0.0.1:${await freePort()}`);
    expect(await failure(() => nobody.send(message(), credentials, { now: AT, timeoutMs: 2_000 }), SendError)).toMatchObject({ kind: 'network', retryable: true });
  });

  it('refuses a message no DLT template could carry before calling MSG91', async () => {
    const before = fake.requests.length;
    for (const over of [{ entityId: '' }, { templateId: 'abc' }, { header: 'SHALA' }, { to: '+15550001111' }, { variables: ['x'.repeat(31)] }, { providerTemplateId: undefined }, { text: ' ' }]) {
      const err = await failure(() => sms.send(message(over), credentials, { now: AT }), SendError);
      expect(err.retryable).toBe(false);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('reads its delivery reports only with the school\'s token', async () => {
    const TOKEN = newReportToken();
    const seen: ReturnType<typeof sms.parseDeliveryReport>[] = [];
    const route = await receiver((req) => {
      expect(sms.reportToken(req)).toBe(req.query?.token ?? null);
      seen.push(sms.parseDeliveryReport(req, TOKEN));
      return { status: 200, body: '{}' };
    });
    try {
      const { providerMessageId } = await sms.send(message(), credentials, { now: AT });
      const hook = `${route.url}/api/hooks/sms/msg91?token=${TOKEN}`;
      expect((await fake.report(hook, providerMessageId, { status: '1', number: '919876543210', date: '2026-11-25 10:06:20', desc: 'DELIVERED' })).status).toBe(200);
      expect((await fake.report(hook, providerMessageId, { status: '16', number: '919876543210', date: '2026-11-25 10:07:00', desc: 'REJECTED', failedReason: 'DLT template mismatch' })).status).toBe(200);
      expect((await fake.report(hook, providerMessageId, { status: '8', number: '919876543210', date: '2026-11-25 10:05:00' })).status).toBe(200);
      expect(seen).toEqual([
        [{ providerMessageId, status: 'delivered', to: '+919876543210', at: new Date('2026-11-25T04:36:20Z') }],
        [{ providerMessageId, status: 'failed', to: '+919876543210', reason: 'DLT template mismatch', at: new Date('2026-11-25T04:37:00Z') }],
        [{ providerMessageId, status: 'sent', to: '+919876543210', at: new Date('2026-11-25T04:35:00Z') }],
      ]);

      // A forged report (another token, none) is refused, and so is a body that is not a report.
      for (const url of [`${route.url}/api/hooks/sms/msg91?token=guess`, `${route.url}/api/hooks/sms/msg91`]) {
        expect((await fake.report(url, providerMessageId, { status: '1', number: '919876543210', date: '2026-11-25 10:06:20' })).status).toBe(401);
      }
      for (const body of ['data=not-json', 'other=1', 'data=%5B%7B%22report%22%3A%5B%7B%7D%5D%7D%5D']) {
        const res = await fetch(hook, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(5_000) });
        expect(res.status).toBe(400);
      }
      expect(seen).toHaveLength(3);
    } finally {
      await route.close();
    }
  });

  it('also reads a version 3 report (one JSON object)', () => {
    const body = JSON.stringify({ date: '2026-11-25 10:06:20', number: '919876543210', requestId: 'r1', status: '2', desc: 'FAILED' });
    expect(sms.parseDeliveryReport({ headers: { 'content-type': 'application/json' }, body, query: { token: 't' } }, 't')).toEqual([
      { providerMessageId: 'r1', status: 'failed', to: '+919876543210', reason: 'FAILED', at: new Date('2026-11-25T04:36:20Z') },
    ]);
  });
});

describe('WhatsApp Cloud API against its fake', () => {
  const TOKEN = 'EAAG-system-user-token';
  const PHONE_ID = '106540352242922';
  const APP_SECRET = 'the-apps-secret-0123456789abcdef';
  const VERIFY = 'verify-token-of-the-school';
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  let wa: WhatsAppCloud;
  const credentials = { phoneNumberId: PHONE_ID, accessToken: TOKEN };
  const absent = { to: '+919876543210', template: 'student_absent', language: 'en' as const, parameters: ['Asha', '25 Nov 2026'] };

  beforeAll(async () => {
    fake = await startFakeWhatsApp({
      accessToken: TOKEN,
      phoneNumberId: PHONE_ID,
      appSecret: APP_SECRET,
      templates: { 'student_absent:en': '{{1}} was absent today ({{2}}).', 'student_absent:hi': '{{1}} आज ({{2}}) अनुपस्थित रहे।' },
    });
    wa = createMessaging(loadConfig({ WHATSAPP_GRAPH_URL: fake.url })).whatsapp;
  });
  afterAll(() => fake.close());

  it('sends an approved template with the bearer token to its phone number id, and returns the wamid', async () => {
    const { providerMessageId } = await wa.send(absent, credentials, { now: AT });
    const req = fake.requests.at(-1)!;
    expect(req.url).toBe(`/${WHATSAPP_API_VERSION}/${PHONE_ID}/messages`);
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(jsonOf(req)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+919876543210',
      type: 'template',
      template: { name: 'student_absent', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Asha' }, { type: 'text', text: '25 Nov 2026' }] }] },
    });
    expect(providerMessageId).toMatch(/^wamid\./);
    expect(fake.sent.at(-1)).toMatchObject({ wamid: providerMessageId, text: 'Asha was absent today (25 Nov 2026).' });
  });

  it('sends the Hindi template with Hindi parameters intact', async () => {
    const { providerMessageId } = await wa.send({ ...absent, language: 'hi', parameters: ['आशा', '25 नवंबर 2026'] }, credentials, { now: AT });
    expect(fake.sent.find((s) => s.wamid === providerMessageId)?.text).toBe('आशा आज (25 नवंबर 2026) अनुपस्थित रहे।');
  });

  it('maps Graph errors: rate limits and 5xx are retryable; a dead number, a template or token problem are not', async () => {
    fake.failNext('rate_limit');
    expect(await failure(() => wa.send(absent, credentials, { now: AT }), SendError)).toMatchObject({ kind: 'rate_limited', retryable: true, detail: { status: 429, providerCode: '130429' } });
    fake.failNext('pair_rate_limit');
    expect(await failure(() => wa.send(absent, credentials, { now: AT }), SendError)).toMatchObject({ kind: 'rate_limited', retryable: true, detail: { status: 400, providerCode: '131056' } });
    fake.failNext('server_error');
    expect(await failure(() => wa.send(absent, credentials, { now: AT }), SendError)).toMatchObject({ kind: 'server', retryable: true });

    fake.invalidNumbers.add('+919000000002');
    const dead = await failure(() => wa.send({ ...absent, to: '+919000000002' }, credentials, { now: AT }), SendError);
    expect(dead).toMatchObject({ kind: 'invalid_number', retryable: false, detail: { providerCode: '131026' } });
    expect(dead.reason).toBe('(#131026) Message undeliverable: Message failed to send because the recipient cannot receive it');

    expect(await failure(() => wa.send({ ...absent, template: 'no_such' }, credentials, { now: AT }), SendError)).toMatchObject({ kind: 'template', retryable: false, detail: { providerCode: '132001' } });
    expect(await failure(() => wa.send({ ...absent, parameters: ['Asha'] }, credentials, { now: AT }), SendError)).toMatchObject({ kind: 'template', retryable: false, detail: { providerCode: '132000' } });
    expect(await failure(() => wa.send(absent, { ...credentials, accessToken: 'expired' }, { now: AT }), SendError)).toMatchObject({ kind: 'auth', retryable: false, detail: { providerCode: '190' } });

    const before = fake.requests.length;
    expect(await failure(() => wa.send(absent, { ...credentials, phoneNumberId: '../me' }, { now: AT }), SendError)).toMatchObject({ kind: 'auth' });
    expect(await failure(() => wa.send({ ...absent, to: '9876543210' }, credentials, { now: AT }), SendError)).toMatchObject({ kind: 'invalid_number' });
    expect(fake.requests.length).toBe(before);
  });

  describe('webhook', () => {
    let route: LoopbackServer;
    const events: WhatsAppEvents[] = [];
    beforeAll(async () => {
      route = await receiver((req, raw) => {
        if (raw.method === 'GET') return { status: 200, body: verifyWhatsAppSubscription(req, VERIFY) };
        events.push(parseWhatsAppWebhook(req, APP_SECRET));
        return { status: 200, body: '{}' };
      });
    });
    afterAll(() => route.close());
    const hook = () => `${route.url}/api/hooks/whatsapp`;

    it('answers the verification handshake with the challenge, and only for our verify token', async () => {
      const ok = await fake.verify(hook(), VERIFY);
      expect(ok).toMatchObject({ status: 200, text: ok.challenge });
      expect((await fake.verify(hook(), 'wrong')).status).toBe(403);
      expect(() => verifyWhatsAppSubscription({ query: { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '1' } }, VERIFY)).toThrow(WebhookRejected);
    });

    it('reads signed statuses and a parent\'s STOP', async () => {
      events.length = 0;
      const { providerMessageId } = await wa.send(absent, credentials, { now: AT });
      const later = new Date('2026-11-25T04:31:07Z');
      expect((await fake.status(hook(), { wamid: providerMessageId, status: 'delivered', at: AT, to: '+919876543210' })).status).toBe(200);
      expect((await fake.status(hook(), { wamid: providerMessageId, status: 'read', at: later, to: '+919876543210' })).status).toBe(200);
      expect((await fake.status(hook(), { wamid: 'wamid.other', status: 'failed', at: later, to: '+919876543210', error: { code: 131026, title: 'Message undeliverable', details: 'Recipient is not on WhatsApp' } })).status).toBe(200);
      expect((await fake.inbound(hook(), { from: '+919876543210', text: 'STOP', at: later })).status).toBe(200);
      expect(events).toEqual([
        { statuses: [{ providerMessageId, status: 'delivered', at: AT, to: '+919876543210', phoneNumberId: PHONE_ID }], inbound: [] },
        { statuses: [{ providerMessageId, status: 'read', at: later, to: '+919876543210', phoneNumberId: PHONE_ID }], inbound: [] },
        { statuses: [{ providerMessageId: 'wamid.other', status: 'failed', at: later, to: '+919876543210', reason: '131026 Message undeliverable Recipient is not on WhatsApp', phoneNumberId: PHONE_ID }], inbound: [] },
        { statuses: [], inbound: [{ providerMessageId: expect.stringMatching(/^wamid\./), from: '+919876543210', text: 'STOP', at: later, phoneNumberId: PHONE_ID }] },
      ]);
    });

    it('refuses a forged, missing or malformed signature, a changed body, and a body that is not a WhatsApp webhook', async () => {
      events.length = 0;
      const payload = { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: PHONE_ID }, statuses: [{ id: 'wamid.x', status: 'read', timestamp: '1795000000' }] } }] }] };
      const forged = `sha256=${createHmac('sha256', 'not-the-app-secret').update(JSON.stringify(payload)).digest('hex')}`;
      expect((await fake.deliver(hook(), payload, forged)).status).toBe(401);
      for (const bad of ['', 'sha256=', 'sha1=abcd', `sha256=${'z'.repeat(64)}`, `sha256=${'0'.repeat(63)}`]) expect((await fake.deliver(hook(), payload, bad)).status).toBe(401);

      // Signed over other bytes than those that arrive (a re-serialised or altered body).
      const signature = `sha256=${createHmac('sha256', APP_SECRET).update(JSON.stringify(payload)).digest('hex')}`;
      const altered = JSON.stringify(payload).replace('read', 'sent');
      expect(() => parseWhatsAppWebhook({ headers: { 'x-hub-signature-256': signature }, body: Buffer.from(altered) }, APP_SECRET)).toThrow(WebhookRejected);
      expect(() => parseWhatsAppWebhook({ headers: {}, body: Buffer.from(JSON.stringify(payload)) }, APP_SECRET)).toThrow(WebhookRejected);

      // Signed but unreadable: 400, not 401.
      for (const body of ['{not json', JSON.stringify({ object: 'page', entry: [] }), JSON.stringify({ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { statuses: [] } }] }] })]) {
        const sig = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
        const err = await failure(() => parseWhatsAppWebhook({ headers: { 'X-Hub-Signature-256': sig }, body }, APP_SECRET), WebhookRejected);
        expect(err.status).toBe(400);
      }
      expect(events).toEqual([]);
    });
  });
});
