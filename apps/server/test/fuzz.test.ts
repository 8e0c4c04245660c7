import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { API, IMPORT_COLUMNS, errorEnvelope, type ApiRoute, type Role } from '@shala/contract';
import { NASTY } from './hostile-values.js';
import { GENERATED_HEADER, PASSWORD, everyRole, setupApp, type TestEnv, type TestUser } from './helpers.js';

/**
 * Hostile input over every route of the contract's API table (fast-check, fixed seed):
 * bodies, query strings and params full of NUL and control characters, huge strings, year-0 and
 * year-9999 dates, wrong types, arrays for strings, deep objects, unicode oddities, path-ish and
 * non-uuid ids, broken multipart. Each case is sent with a token of a role the route admits and
 * without one. Never a 5xx; every error is the envelope; a refused request changes no row.
 * FUZZ_SEED and FUZZ_RUNS override the seed and the cases per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

let env: TestEnv;
const stats = { requests: 0, serverErrors: 0, refused: 0, routes: 0, digests: 0, counterOnly: 0 };

/** Login ids, tokens and the ids a "plausible" value points at. */
const known = {
  tokens: {} as Record<Role, string>,
  self: {} as Record<Role, string>,
  victims: {} as Record<string, string>,
  victimSchool: '',
  child: '',
  parentOfToken: '',
  signinLoginId: '',
  stateId: '',
  districtId: '',
  enders: {} as Record<'signout' | 'changePassword', { token: string; password: string }>,
};

beforeAll(async () => {
  env = await setupApp();
  const { school, users } = await everyRole(env);
  for (const role of [111, 112, 113, 114, 115, 116] as const) {
    known.tokens[role] = users[role].token;
    known.self[role] = users[role].id;
  }
  // Rows the fuzzer may edit or switch off: never the holders of the tokens above.
  known.victimSchool = (await env.f.school()).id;
  for (const [prefix, role] of [
    ['/api/admins', 112],
    ['/api/school/principal', 113],
    ['/api/school/teacher', 114],
    ['/api/school/parent', 115],
    ['/api/school/student', 116],
  ] as const) {
    known.victims[prefix] = (await env.f.user(role, school)).id;
  }
  known.parentOfToken = users[115].id;
  known.child = (await env.f.user(116, school, { parentUserId: users[115].id })).id;
  const signer: TestUser = await env.f.user(114, school);
  known.signinLoginId = signer.loginId;
  // Routes that end a session or change a password get users of their own.
  for (const name of ['signout', 'changePassword'] as const) {
    const u = await env.f.user(114, school);
    known.enders[name] = { token: await env.f.token(u), password: u.password };
  }
  const states = (await env.app.inject({ url: '/api/states', headers: { token: known.tokens[112] } })).json().result;
  known.stateId = states[0].id;
  const districts = (await env.app.inject({ url: `/api/districts/${known.stateId}`, headers: { token: known.tokens[112] } })).json().result;
  known.districtId = districts[0].id;
  console.info(`fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} cases per route (FUZZ_RUNS)`);
}, 120_000);

afterAll(async () => {
  console.info(
    `fuzz: ${stats.requests} requests over ${stats.routes} routes, ${stats.refused} refused (4xx), ${stats.serverErrors} answers of 5xx; ${stats.digests} digests taken, ${stats.counterOnly} refusals checked by the transaction counter alone`,
  );
  await env?.close();
});

/** Row count and an order-free digest of every row of every table: what a refused request must not change. */
let digestQuery: SQL | undefined;
const rows = async <T>(q: SQL) => ((await env.db.execute(q)) as unknown as { rows: T[] }).rows;
async function digest(): Promise<string> {
  if (!digestQuery) {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const parts = tables.map(
      (t) => sql`select ${t.table_name} as t, count(*)::int as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from ${sql.identifier(t.table_name)} x`,
    );
    digestQuery = sql.join(parts, sql` union all `);
  }
  return JSON.stringify(await rows(digestQuery));
}

/**
 * One past the newest finished transaction id: it moves with every write, and with nothing else.
 * While it stands still no row can have changed, so the digest of every table (a few ms per case,
 * most of the fuzz's time) is only taken when it moved (a write, or a background job's).
 */
const nextXid = async () => (await rows<{ x: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x;
interface Fingerprint {
  xid: string;
  digest: string;
}
async function fingerprint(): Promise<Fingerprint> {
  const xid = await nextXid();
  return { xid, digest: await digest() };
}
/** Whether the data still matches `before` (which follows the transaction counter when only it moved). */
async function unchangedSince(before: Fingerprint): Promise<boolean> {
  const xid = await nextXid();
  if (xid === before.xid) {
    stats.counterOnly++;
    return true;
  }
  stats.digests++;
  if ((await digest()) !== before.digest) return false;
  before.xid = xid;
  return true;
}

// ---- Generators ------------------------------------------------------------------------------


const char16 = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: char16, maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('Ravi', '2012-03-04', 'a@b.in', '9876543210'), fc.constantFrom('\u0000', '\u0001', '\n', '\ud800')).map(([a, b]) => a + b) },
);
const deep = (n: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { weight: 6, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2)) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null, {}, [], [''], ['a', 'b'], { toString: 'x' }, { __proto__: { admin: true } }) },
    { weight: 1, arbitrary: fc.constantFrom(deep(3000, 'x'), deep(50, '\u0000')) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }) },
  ),
}));

/** A value each field accepts, so a hostile neighbour travels as deep as it can. */
function plausible(route: ApiRoute, key: string): unknown {
  const prefix = Object.keys(known.victims).find((p) => route.url.startsWith(p));
  const values: Record<string, unknown> = {
    firstName: 'Ravi', lastName: 'Kumar', email: `fuzz-${randomUUID().slice(0, 8)}@example.in`, contact: '9876543210',
    gender: 'male', dateOfBirth: '2012-03-04', address: '12 MG Road\nPune', state: 'Maharashtra', district: 'Pune', city: 'Pune',
    zip: '411001', zipCode: '411001', qualification: 'B.Ed', subjects: 'Maths', maritalStatus: 'single', category: 'general',
    religion: 'Hindu', bloodGroup: 'O+', fatherOccupation: 'Farmer', motherName: 'Sita', motherOccupation: 'Teacher', image: null,
    parentId: known.parentOfToken, name: 'Fuzz School', websiteName: 'fuzz.example.in', phone: '9876543210', isDraft: true,
    status: true, otp: '123456', newPassword: 'NewPassword@123', page: '1', pageSize: '20', search: 'a', dryRun: 'true',
    schoolId: known.victimSchool, kind: 'teachers', stateId: known.stateId, districtId: known.districtId,
    // A wrong code for a real id counts a try (a refused request that writes, on purpose): reset
    // and forgot get an unknown id.
    loginId: route === API.signin ? known.signinLoginId : 'FUZZ-NOBODY',
    password: route === API.signin ? PASSWORD : 'NewPassword@123',
    currentPassword: known.enders.changePassword.password,
    userId: route.url.startsWith('/api/account') ? null : route.url.startsWith('/api/parent') ? known.child : prefix ? known.victims[prefix] : randomUUID(),
  };
  return key in values ? values[key] : 'x';
}

const shapeOf = (schema: z.ZodType | undefined): Record<string, unknown> =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};

/** An object of the schema's keys, each plausible, hostile or left out, sometimes with extra keys. */
function objectArb(route: ApiRoute, schema: z.ZodType | undefined) {
  const fields = Object.fromEntries(
    Object.keys(shapeOf(schema)).map((k) => [
      k,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined).map(() => plausible(route, k)) },
        { weight: 3, arbitrary: hostileValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    ]),
  );
  const keys = Object.keys(fields);
  const mixed = fc
    .tuple(fc.record(fields), fc.option(fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }), { freq: 4 }))
    .map(([o, extra]) => ({ ...extra, ...Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) }));
  if (!keys.length) return mixed;
  // Every field plausible but one: the hostile value travels to the service and the database.
  const oneHostile = fc
    .tuple(fc.constantFrom(...keys), hostileValue)
    .map(([key, v]) => ({ ...Object.fromEntries(keys.map((k) => [k, plausible(route, k)])), [key]: v }));
  return fc.oneof(mixed, oneHostile) as fc.Arbitrary<Record<string, unknown>>;
}

interface Case {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate goes as U+FFFD); `raw` escapes pass as they are. */
const pct = (s: string) =>
  [...Buffer.from(s)].map((b) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');
const RAW_ESCAPES = ['%', '%zz', '%FF', '%C0%AE%C0%AE', '%E0%80', '%u0000', '%2F..%2F', '..;', '%00'];
const asParam = (v: unknown) =>
  v === null ? '' : typeof v === 'string' && v.startsWith('raw:') ? v.slice(4) : pct(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
function pathArb(route: ApiRoute, selfId: string) {
  const keys = Object.keys(shapeOf(route.params));
  if (!keys.length) return fc.constant(route.url);
  const raw = fc.constantFrom(...RAW_ESCAPES.map((e) => `raw:${e}`));
  return fc.tuple(objectArb(route, route.params), fc.option(raw, { freq: 6 })).map(([p, escape]) =>
    route.url.replace(/:(\w+)/g, (_m, k: string) => {
      const v = escape ?? (k in p ? p[k] : plausible(route, k));
      return asParam(v === null && k === 'userId' ? selfId : v);
    }),
  );
}

function queryArb(route: ApiRoute) {
  if (!route.querystring) return fc.constant('');
  return fc.oneof(
    {
      weight: 5,
      arbitrary: objectArb(route, route.querystring).map((q) =>
        Object.entries(q)
          .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))
          .map(([k, v]) => `${pct(String(k))}=${asParam(v)}`)
          .join('&'),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', 'search=%FF%FE', 'search=%C0%80', 'search[a]=b', 'page=1&page=2', 'search=%00', '&&&=', 'dryRun=false&dryRun=true', `search=${'%00'.repeat(2000)}`) },
  );
}

function jsonBodyArb(route: ApiRoute) {
  const json = fc.oneof(
    { weight: 8, arbitrary: objectArb(route, route.body) },
    { weight: 2, arbitrary: hostileValue },
  ).map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  const broken = fc.constantFrom(
    { payload: '{"firstName":', contentType: 'application/json' },
    { payload: '{"__proto__":{"x":1}}', contentType: 'application/json' },
    { payload: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
    { payload: '\u0000', contentType: 'application/json' },
    { payload: 'firstName=Ravi', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'Ravi', contentType: 'text/plain' },
    { payload: '{}', contentType: 'application/json; charset=latin1' },
    { payload: `[${'['.repeat(100000)}`, contentType: 'application/json' },
    { payload: JSON.stringify({ firstName: 'Ravi', lastName: 'ल'.repeat(300_000), loginId: '\u0000'.repeat(300_000) }), contentType: 'application/json' },
    { payload: 'x'.repeat(1_100_000), contentType: 'application/json' },
  );
  return fc.oneof({ weight: 9, arbitrary: json }, { weight: 1, arbitrary: broken });
}

function multipartArb(route: ApiRoute) {
  const columns = route === API.importPeople ? IMPORT_COLUMNS.students : ['firstName'];
  const cell = fc.oneof(fc.constantFrom('Ravi', 'a@b.in', '2012-03-04', '9876543210', ''), hostileString);
  const csv = fc
    .tuple(fc.boolean(), fc.array(fc.array(cell, { minLength: 1, maxLength: columns.length + 1 }), { maxLength: 4 }))
    .map(([quoted, rows]) => {
      const q = (s: string) => (quoted ? `"${s.replace(/"/g, '""')}"` : s);
      return [columns.join(','), ...rows.map((r) => r.map(q).join(','))].join('\n');
    });
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');
  const content = fc.oneof(csv.map((s) => Buffer.from(s)), fc.constant(png), fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)));
  return fc
    .record({
      field: fc.oneof(fc.constantFrom('file', 'files'), hostileString),
      filename: hostileString,
      content,
      boundary: fc.oneof({ weight: 4, arbitrary: fc.constant('fuzzboundary') }, { weight: 1, arbitrary: fc.constantFrom('', '"', 'x'.repeat(300), '\u0000') }),
      cut: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 80 }) }),
      garbage: fc.option(fc.uint8Array({ maxLength: 64 }), { freq: 5 }),
    })
    .map(({ field, filename, content, boundary, cut, garbage }) => {
      const whole = Buffer.concat([
        Buffer.from(`--fuzzboundary\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
        content,
        Buffer.from('\r\n--fuzzboundary--\r\n'),
      ]);
      const payload = garbage ? Buffer.from(garbage) : whole.subarray(0, whole.length - cut);
      return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
    });
}

function caseArb(route: ApiRoute, selfId: string): fc.Arbitrary<Case> {
  const body = route.multipart ? multipartArb(route) : route.body ? jsonBodyArb(route) : fc.option(jsonBodyArb(route), { freq: 4 });
  return fc.tuple(pathArb(route, selfId), queryArb(route), body).map(([path, query, b]) => ({
    url: query ? `${path}?${query}` : path,
    payload: b?.payload,
    contentType: b?.contentType,
  }));
}

// ---- The run ---------------------------------------------------------------------------------

// Routes that end a session or change a password run last, with users of their own.
const ENDERS = ['changePassword', 'signout'];
const routes = (Object.entries(API) as [string, ApiRoute][]).sort(
  ([a], [b]) => Number(ENDERS.includes(a)) - Number(ENDERS.includes(b)),
);

let before: Fingerprint | null = null;

async function send(route: ApiRoute, c: Case, token: string | null) {
  before ??= await fingerprint();
  const res = await env.app.inject({
    method: route.method,
    url: c.url,
    headers: { [GENERATED_HEADER]: '1', ...(token ? { token } : {}), ...(c.contentType ? { 'content-type': c.contentType } : {}) },
    payload: route.method === 'GET' ? undefined : c.payload,
  });
  stats.requests++;
  const what = `${route.method} ${c.url.slice(0, 300)} ${String(c.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) stats.serverErrors++;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    stats.refused++;
    expect(errorEnvelope.safeParse(res.json()).success, what).toBe(true);
    expect(await unchangedSince(before), `a refused request changed data: ${what}`).toBe(true);
  } else {
    before = null; // a success may change data: take a new fingerprint before the next case
  }
}

describe.each(routes)('fuzz %s', (name, route) => {
  it('never answers 5xx, answers errors in the envelope, and a refused request changes nothing', async () => {
    stats.routes++;
    const admitted = route.roles === 'public' ? null : (route.roles as readonly Role[]);
    const ender = ENDERS.includes(name) ? known.enders[name as 'signout' | 'changePassword'] : null;
    // Each case picks one of the roles the route admits (public routes: no session).
    const cases = fc
      .constantFrom(...(admitted ?? [112 as Role]))
      .chain((role) => caseArb(route, known.self[role]).map((c) => ({ ...c, role })));
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const token = ender?.token ?? (admitted ? known.tokens[c.role] : null);
        await send(route, c, token);
        if (token) await send(route, c, null);
      }),
      { seed: SEED + routes.findIndex(([n]) => n === name), numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
