import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@shala/contract';
import { loadConfig } from '../src/config.js';
import { everyRole, multipart, setupApp, type TestEnv } from './helpers.js';

let env: TestEnv;
let ctx: Awaited<ReturnType<typeof everyRole>>;
let token: string;

beforeAll(async () => {
  env = await setupApp();
  ctx = await everyRole(env);
  token = ctx.users[112].token;
});
afterAll(() => env?.close());

const total = async (kind: string) =>
  (await env.app.inject({ url: `/api/school/${kind}`, headers: { token } })).json().result.total as number;

function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return errorEnvelope.parse(res.json());
}

describe('text and dates', () => {
  it('refuses NUL and control characters with a 400 naming the field, and stores nothing', async () => {
    const before = await total('teacher');
    for (const [field, value] of [
      ['firstName', 'Ra\u0000vi'],
      ['lastName', 'Ku\u001bmar'],
      ['address', 'Line one\u0000'],
      ['city', 'Pune\nWest'],
      ['qualification', 'B.Ed\u0085'],
      ['religion', 'x\ud800'],
    ] as const) {
      const res = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: { firstName: 'Ravi', [field]: value } });
      const body = expectEnvelope(res, 400);
      expect(body.issues?.map((i) => i.path)).toContain(`body.${field}`);
    }
    expect(await total('teacher')).toBe(before);
  });

  it('keeps line breaks and tabs in an address (a Windows line break becomes \\n)', async () => {
    const res = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: { firstName: 'Asha', address: '12 MG Road\r\nPune\tWest' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.person.address).toBe('12 MG Road\nPune\tWest');
  });

  it('refuses a date outside 1900–2100 or not on the calendar', async () => {
    for (const dateOfBirth of ['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01', '2023-02-29', '2024-13-01']) {
      const res = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: { firstName: 'Asha', dateOfBirth } });
      expect(expectEnvelope(res, 400).issues?.map((i) => i.path)).toContain('body.dateOfBirth');
    }
    const ok = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: { firstName: 'Asha', dateOfBirth: '2024-02-29' } });
    expect(ok.json().result.person.dateOfBirth).toBe('2024-02-29');
  });

  it('refuses NUL in sign-in, search, export and master-data params with a 400', async () => {
    const signin = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: 'owner\u0000', password: 'x\u0000' } });
    expect(expectEnvelope(signin, 400).issues?.map((i) => i.path)).toEqual(['body.loginId', 'body.password']);
    const search = await env.app.inject({ url: '/api/school/student?search=%00', headers: { token } });
    expect(expectEnvelope(search, 400).issues?.map((i) => i.path)).toEqual(['querystring.search']);
    const exported = await env.app.inject({ url: '/api/school/export/students?search=a%00b', headers: { token } });
    expect(exported.headers['content-type']).toMatch(/json/);
    expectEnvelope(exported, 400);
    const districts = await env.app.inject({ url: '/api/districts/M%00H', headers: { token } });
    expect(expectEnvelope(districts, 400).issues?.map((i) => i.path)).toEqual(['params.stateId']);
  });
});

describe('addresses', () => {
  it('answers an over-long or badly escaped path parameter with the envelope', async () => {
    const long = await env.app.inject({ url: `/api/school/teacher/${'a'.repeat(300)}`, headers: { token } });
    expect(expectEnvelope(long, 414).error).toBe('BAD_REQUEST');
    const escaped = await env.app.inject({ url: '/api/school/teacher/%E0%A4%A', headers: { token } });
    expect(escaped.statusCode).toBeGreaterThanOrEqual(400);
    expect(escaped.statusCode).toBeLessThan(500);
    errorEnvelope.parse(escaped.json());
  });
});

describe('CSV import and multipart', () => {
  const post = (payload: string | Buffer, contentType: string, dryRun = true) =>
    env.app.inject({
      method: 'POST',
      url: `/api/school/import/parents?dryRun=${dryRun}`,
      headers: { token, 'content-type': contentType },
      payload,
    });

  it('refuses NUL in a cell with a 400 naming line and column, at the dry run and at the import', async () => {
    const before = await total('parent');
    const csv = 'firstName,lastName,email\nAsha,Rao,asha@x.in\nRavi,Ku\u0000mar,ravi@x.in\n';
    for (const dryRun of [true, false]) {
      const body = multipart('file', 'parents.csv', csv);
      const res = await post(body.payload, body.headers['content-type'], dryRun);
      expect(expectEnvelope(res, 400).message).toMatch(/Line 3, column lastName/);
    }
    expect(await total('parent')).toBe(before);
  });

  it('answers 4xx for a truncated body, a bad boundary, a missing boundary and garbage', async () => {
    const whole = multipart('file', 'parents.csv', 'firstName\nAsha\n');
    const type = whole.headers['content-type'];
    const cases: Array<[string | Buffer, string]> = [
      [whole.payload.subarray(0, whole.payload.length - 20), type],
      [whole.payload.subarray(0, 30), type],
      [whole.payload, 'multipart/form-data; boundary=nope'],
      [whole.payload, 'multipart/form-data'],
      [whole.payload, 'multipart/form-data; boundary='],
      ['\u0000\u0001garbage', type],
      ['', type],
    ];
    for (const [payload, contentType] of cases) {
      const res = await post(payload, contentType);
      expect(res.statusCode, `${contentType} ${String(payload).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      errorEnvelope.parse(res.json());
    }
    for (const url of ['/api/fileupload', '/api/fileupload/multi']) {
      const res = await env.app.inject({ method: 'POST', url, headers: { token, 'content-type': type }, payload: whole.payload.subarray(0, 60) });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('timeouts over a real connection', () => {
  /** Sends `head`, then drips `drip` one byte per `everyMs`; resolves with what came back once the server closes. */
  function slowClient(port: number, head: string, drip: string, everyMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let got = '';
      let i = 0;
      let timer: NodeJS.Timeout | undefined;
      const guard = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer; got ${JSON.stringify(got)}`));
      }, 10_000);
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (i < drip.length) socket.write(drip[i++]!);
        }, everyMs);
      });
      socket.on('data', (d) => (got += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(guard);
        resolve(got);
      });
    });
  }

  it('answers a dripped JSON body and a stalled upload with 408, then closes the connection', async () => {
    const own = await setupApp({ BODY_TIMEOUT_MS: '300', UPLOAD_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '500', IDLE_TIMEOUT_MS: '5000' });
    try {
      const user = await own.f.user(112, await own.f.school());
      const tk = await own.f.token(user);
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (own.app.server.address() as net.AddressInfo).port;

      const json = JSON.stringify({ loginId: 'nobody', password: 'secret-secret' });
      const dripped = await slowClient(port, `POST /api/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`, json, 100);
      expect(dripped).toMatch(/^HTTP\/1\.1 408/);
      expect(errorEnvelope.parse(JSON.parse(dripped.slice(dripped.indexOf('\r\n\r\n') + 4)))).toMatchObject({ error: 'BAD_REQUEST' });

      const body = multipart('file', 'parents.csv', 'firstName\nAsha\n');
      const stalled = await slowClient(
        port,
        `POST /api/school/import/parents HTTP/1.1\r\nHost: x\r\ntoken: ${tk}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n${body.payload.subarray(0, body.payload.length - 10).toString()}`,
        '',
        100,
      );
      expect(stalled).toMatch(/^HTTP\/1\.1 408/);

      // A body refused before it is read (413) leaves no timer behind to trip over the sent answer.
      const big = await fetch(`http://127.0.0.1:${port}/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) });
      expect(big.status).toBe(413);
      await new Promise((r) => setTimeout(r, 600));
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      // Headers that never end.
      const noHeaders = await slowClient(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 100);
      expect(noHeaders).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await own.close();
    }
  });

  it('refuses a headers timeout longer than the whole-request timeout at start', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '9000', UPLOAD_TIMEOUT_MS: '1000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });
});
