// `npm run load`: realistic mixed traffic against the real server on loopback, bounded in time.
// It seeds the load school (bench/load-seed.ts: LOAD_CLASSES × LOAD_PER_CLASS students, their
// parents, class teachers, fees, a month of attendance), starts the built server (`dist/main.js`, as `npm start` runs it) on it (PGlite in a
// fresh data folder, or a fresh PostgreSQL database next to DATABASE_URL), opens sessions up front
// for many users (every teacher, LOAD_PARENTS (600) parents, LOAD_STUDENTS (600) students, the
// principal and the admin; written as a sign-in writes them), then runs LOAD_CONNECTIONS (200)
// connections for LOAD_SECONDS (60), or for LOAD_REQUESTS requests in all, each sending one request
// after another, its kind drawn by weight: sign-ins, dashboards, notifications, student lists and search,
// a class's day and month of attendance, attendance saves (a class in one request), a parent's fees,
// fee payments, chat messages and history. It prints req/s, p50 and p99 per kind and overall, and
// the answers by status (429 and shed 503s apart from 5xx).
//
// First, before the real server starts, it drives plain Fastify answering a bare route
// (bench/plain-fastify.mjs, a process of its own) with the same connections and the same client
// for LOAD_REFERENCE_SECONDS (5; with LOAD_REQUESTS, that many requests instead): what this machine
// gives a Node server at all, right now. Every kind's throughput is printed beside it as a ratio
// (`x Fastify`), so that runs on a machine whose speed changes from hour to hour can be compared.
//
// LOAD_URL aims at a server already running (loopback only), e.g. two nodes behind one port:
// DATABASE_URL must then name that server's PostgreSQL, where the load school is seeded and read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { openDatabase } from '../src/db/client.js';
import { LOAD_PASSWORD, openSessions, seedLoadSchool, type LoadSchool } from './load-seed.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { loopbackOnly, privateDatabase, signIn, startServer, type ServerProcess } from './server-process.js';

const num = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const CONNECTIONS = num('LOAD_CONNECTIONS', 200);
const SECONDS = num('LOAD_SECONDS', 60);
// A fixed number of requests instead (the test's form): the same work however busy the machine is.
const REQUESTS = num('LOAD_REQUESTS', 0);
const PORT = num('LOAD_PORT', 3361);
const REFERENCE_SECONDS = num('LOAD_REFERENCE_SECONDS', 5);
const target = process.env.LOAD_URL ? loopbackOnly(process.env.LOAD_URL) : null;
if (target && !process.env.DATABASE_URL) throw new Error('LOAD_URL needs DATABASE_URL: the PostgreSQL of that server, where the load school is seeded');

// 1. The data: the load school, seeded once.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-load-'));
const pg = process.env.DATABASE_URL && !target ? await privateDatabase(process.env.DATABASE_URL) : null;
const dbUrl = target ? process.env.DATABASE_URL : pg?.url;
let server: ServerProcess | undefined;
let plain: ChildProcess | undefined;
process.on('exit', () => {
  server?.child.kill('SIGKILL');
  plain?.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server?.child.kill('SIGKILL');
    plain?.kill('SIGKILL');
    void (pg?.drop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}
const t0 = Date.now();
const say = (line: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${line}`);

const parentCount = num('LOAD_PARENTS', 600);
const studentCount = num('LOAD_STUDENTS', 600);
async function prepare(): Promise<{ school: LoadSchool; tokens: Map<string, string> }> {
  const database = await openDatabase({ url: dbUrl, dataDir, poolSize: 2 });
  try {
    const school = await seedLoadSchool(database, { classes: num('LOAD_CLASSES', 30), perClass: num('LOAD_PER_CLASS', 40), instalments: 6, historyDays: 30 });
    const users = [
      school.principal,
      school.admin,
      ...school.classes.map((c) => c.teacherLoginId),
      ...school.parents.slice(0, parentCount).map((p) => p.loginId),
      ...school.students.slice(0, studentCount),
    ];
    return { school, tokens: await openSessions(database, users) };
  } finally {
    await database.close();
  }
}
/** Drops the private database when the run fails before its end. */
const orDrop = <T>(p: Promise<T>) => p.catch(async (err: unknown) => {
  server?.child.kill('SIGKILL');
  await pg?.drop();
  throw err;
});
const { school, tokens } = await orDrop(prepare());
say(`load school: ${school.classes.length} classes, ${school.students.length} students, ${school.parents.length} parents, ${school.unpaidEmiIds.length} unpaid instalments; ${tokens.size} sessions made up front`);

// 2. The reference: plain Fastify, the same connections and client, before the server starts.
const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
let agent = newAgent();
interface Req {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}
interface Stats {
  latencies: number[];
  status: Map<string, number>;
}
const count = (s: Stats, key: string) => s.status.set(key, (s.status.get(key) ?? 0) + 1);

function send(to: URL, req: Req): Promise<number | 'shed'> {
  const body = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        agent,
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.path,
        headers: { ...(req.token ? { token: req.token } : {}), ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
        timeout: 30_000,
      },
      (res) => {
        res.on('data', () => {});
        // A 503 with Retry-After is overload shedding (src/http/shedding.ts): the node said "later",
        // it did not fail. Counted apart, like 429.
        res.on('end', () => resolve(res.statusCode === 503 && res.headers['retry-after'] ? 'shed' : (res.statusCode ?? 0)));
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', reject);
    r.end(body);
  });
}

/**
 * CONNECTIONS connections, each sending one request after another until `seconds` have passed or
 * `requests` were sent (whichever is given); `next` draws each request and the stats it counts in.
 * Returns the seconds it took.
 */
async function drive(to: URL, bound: { seconds?: number; requests?: number }, next: () => { stats: Stats; req: Req }): Promise<number> {
  const deadline = bound.requests ? Infinity : Date.now() + (bound.seconds ?? 0) * 1000;
  let left = bound.requests || Infinity;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline && left-- > 0) {
        const { stats: s, req } = next();
        const t = performance.now();
        try {
          const status = await send(to, req);
          s.latencies.push(performance.now() - t);
          count(s, String(status));
        } catch (err) {
          count(s, (err as Error).message === 'timeout' ? 'timeout' : 'error');
        }
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function startPlain(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'plain-fastify.mjs'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`plain Fastify exited before it was ready (${code})`)));
  });
  return child;
}

const reference: Stats = { latencies: [], status: new Map() };
const referenceSeconds = await (async () => {
  const plainPort = PORT + 1;
  plain = await orDrop(startPlain(plainPort));
  const to = new URL(`http://127.0.0.1:${plainPort}`);
  const req: Req = { method: 'GET', path: '/api/reference' };
  // A short warm-up (the connections opened, the JIT), not counted.
  const warmUp: Stats = { latencies: [], status: new Map() };
  await drive(to, { requests: CONNECTIONS * 5 }, () => ({ stats: warmUp, req }));
  const seconds = await drive(to, REQUESTS ? { requests: REQUESTS } : { seconds: REFERENCE_SECONDS }, () => ({ stats: reference, req }));
  plain.kill('SIGTERM');
  await new Promise((r) => plain!.once('exit', r));
  plain = undefined;
  // The plain server's connections are closed; the load opens its own.
  agent.destroy();
  agent = newAgent();
  return seconds;
})();
const referenceRps = reference.latencies.length / referenceSeconds;
say(`plain Fastify (reference): ${referenceRps.toFixed(0)} req/s over ${referenceSeconds.toFixed(1)} s, ${CONNECTIONS} connections`);

// 3. The server.
if (!target) {
  server = await orDrop(startServer({ port: PORT, dataDir, databaseUrl: dbUrl, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } }));
  say(`server ready on ${server.base} (${dbUrl ? 'PostgreSQL' : 'PGlite'})`);
}
const base = target ? target.origin : server!.base;
const url = new URL(base);

// 4. The sessions answer (a sample).
for (const id of [school.principal, school.admin, school.classes[0]!.teacherLoginId]) {
  const res = await fetch(`${base}/api/dashboard`, { headers: { token: tokens.get(id)! } });
  if (!res.ok) throw new Error(`the session of ${id} answered ${res.status}`);
}
const parents = school.parents.slice(0, parentCount);
const students = school.students.slice(0, studentCount);
// Sign-in works (those in the mix are real too: argon2id, every student in turn).
await signIn(base, school.principal, LOAD_PASSWORD);

// 5. The traffic.
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const teacherOf = new Map(school.classes.map((c) => [c.teacherId, c]));
const staff = [school.principal, school.admin, ...school.classes.map((c) => c.teacherLoginId)];
const everyone = [...staff, ...parents.map((p) => p.loginId), ...students];
const recentDays = school.schoolDays.slice(0, 20);
const SEARCHES = ['sharma', 'verma', 'iyer', 'aarav', 'priya', 'load-s00', 'khan', 'meera'];
const STATUSES = ['present', 'present', 'present', 'present', 'present', 'absent', 'late', 'leave'];
let signinTurn = 0;
let messageNo = 0;
const emis = [...school.unpaidEmiIds];

const KINDS: Array<{ name: string; weight: number; make(): Req | null }> = [
  { name: 'sign-in', weight: 2, make: () => ({ method: 'POST', path: '/api/signin', body: { loginId: school.students[signinTurn++ % school.students.length], password: LOAD_PASSWORD } }) },
  { name: 'dashboard', weight: 20, make: () => ({ method: 'GET', path: '/api/dashboard', token: tokens.get(pick(everyone)) }) },
  { name: 'notifications', weight: 8, make: () => ({ method: 'GET', path: '/api/notifications', token: tokens.get(pick(everyone)) }) },
  {
    name: 'students page',
    weight: 8,
    make: () => ({ method: 'GET', path: `/api/school/student?page=${1 + Math.floor(Math.random() * 20)}&pageSize=20&sessionId=${school.sessionId}`, token: tokens.get(pick([school.principal, school.admin])) }),
  },
  { name: 'students search', weight: 6, make: () => ({ method: 'GET', path: `/api/school/student?search=${pick(SEARCHES)}`, token: tokens.get(pick([school.principal, school.admin])) }) },
  {
    name: 'attendance day',
    weight: 8,
    make: () => {
      const c = pick(school.classes);
      return { method: 'GET', path: `/api/school/attendance/${c.id}/${pick(recentDays)}`, token: tokens.get(c.teacherLoginId) };
    },
  },
  {
    name: 'attendance month',
    weight: 6,
    make: () => {
      const c = pick(school.classes);
      return { method: 'GET', path: `/api/school/month/attendance/${c.id}/${recentDays[0]!.slice(0, 7)}`, token: tokens.get(c.teacherLoginId) };
    },
  },
  {
    name: 'attendance save',
    weight: 6,
    make: () => {
      const c = pick(school.classes);
      const marks = c.studentIds.map((studentId) => ({ studentId, status: pick(STATUSES) }));
      return { method: 'POST', path: `/api/school/attendance/${c.id}/${school.sessionId}`, token: tokens.get(c.teacherLoginId), body: { date: pick(recentDays), marks } };
    },
  },
  {
    name: 'fees (parent)',
    weight: 8,
    make: () => {
      const p = pick(parents);
      return { method: 'GET', path: `/api/school/feerecord/emi/student/${p.childId}/${school.sessionId}`, token: tokens.get(p.loginId) };
    },
  },
  {
    name: 'fee payment',
    weight: 4,
    make: () => {
      const emi = emis.shift();
      return emi ? { method: 'POST', path: `/api/school/feerecord/emi/paid/${emi}`, token: tokens.get(school.principal), body: { mode: pick(['cash', 'upi', 'cheque']) } } : null;
    },
  },
  {
    name: 'chat send',
    weight: 10,
    make: () => {
      const p = pick(parents);
      const text = `Message ${++messageNo} about homework and the school bus timing.`;
      // Half from the parent to the class teacher, half back.
      return Math.random() < 0.5
        ? { method: 'POST', path: `/api/chat/${p.teacherId}/messages`, token: tokens.get(p.loginId), body: { text } }
        : { method: 'POST', path: `/api/chat/${p.id}/messages`, token: tokens.get(teacherOf.get(p.teacherId)!.teacherLoginId), body: { text } };
    },
  },
  {
    name: 'chat history',
    weight: 10,
    make: () => {
      const p = pick(parents);
      return { method: 'GET', path: `/api/chat/${p.teacherId}/messages`, token: tokens.get(p.loginId) };
    },
  },
];
const totalWeight = KINDS.reduce((s, k) => s + k.weight, 0);
function drawKind() {
  let r = Math.random() * totalWeight;
  for (const k of KINDS) if ((r -= k.weight) < 0) return k;
  return KINDS[0]!;
}

const stats = new Map<string, Stats>(KINDS.map((k) => [k.name, { latencies: [], status: new Map() }]));

say(`${CONNECTIONS} connections for ${REQUESTS ? `${REQUESTS} requests` : `${SECONDS} s`} …`);
const elapsed = await drive(url, REQUESTS ? { requests: REQUESTS } : { seconds: SECONDS }, () => {
  let kind = drawKind();
  let req = kind.make();
  while (!req) [kind, req] = [KINDS[1]!, KINDS[1]!.make()];
  return { stats: stats.get(kind.name)!, req };
});
agent.destroy();
if (server) {
  await server.stop('SIGTERM');
  server = undefined;
}
fs.rmSync(dataDir, { recursive: true, force: true });
await pg?.drop();

// 6. The report.
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const classes = (s: Stats) => {
  let ok = 0, limited = 0, shed = 0, server5 = 0, client4 = 0, failed = 0;
  for (const [k, n] of s.status) {
    if (k === 'timeout' || k === 'error') failed += n;
    else if (k.startsWith('2')) ok += n;
    else if (k === '429') limited += n;
    else if (k === 'shed') shed += n;
    else if (k.startsWith('5')) server5 += n;
    else client4 += n;
  }
  return { ok, limited, shed, server5, client4, failed };
};
const all: Stats = { latencies: [], status: new Map() };
for (const s of stats.values()) {
  all.latencies.push(...s.latencies);
  for (const [k, n] of s.status) all.status.set(k, (all.status.get(k) ?? 0) + n);
}
/** A throughput as a share of plain Fastify's in this run (4 places: a kind of the mix is a few thousandths). */
const ratio = (rps: number) => (rps / referenceRps).toFixed(4);
const row = (name: string, s: Stats, seconds = elapsed) => {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  const c = classes(s);
  const total = [...s.status.values()].reduce((a, b) => a + b, 0);
  return [
    name.padEnd(18),
    String(total).padStart(8),
    (total / seconds).toFixed(1).padStart(8),
    ratio(total / seconds).padStart(9),
    pct(sorted, 50).toFixed(1).padStart(8),
    pct(sorted, 99).toFixed(1).padStart(8),
    String(c.ok).padStart(8),
    String(c.limited).padStart(6),
    String(c.shed).padStart(6),
    String(c.server5).padStart(6),
    String(c.client4).padStart(6),
    String(c.failed).padStart(6),
  ].join(' ');
};
console.log(
  `\nShala load: ${CONNECTIONS} connections, ${elapsed.toFixed(1)} s, ${target ? `LOAD_URL ${base}` : dbUrl ? 'PostgreSQL' : 'PGlite (embedded)'}, ` +
    `${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}; ${tokens.size} sessions made up front\n`,
);
console.log(['kind'.padEnd(18), 'requests'.padStart(8), 'req/s'.padStart(8), 'x Fastify'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), '2xx'.padStart(8), '429'.padStart(6), 'shed'.padStart(6), '5xx'.padStart(6), '4xx'.padStart(6), 'failed'.padStart(6)].join(' '));
for (const [name, s] of stats) console.log(row(name, s));
console.log(row('all', all));
console.log(row('plain Fastify', reference, referenceSeconds));
const odd = [...all.status].filter(([k]) => !k.startsWith('2')).map(([k, n]) => `${k}: ${n}`);
console.log(`\nanswers other than 2xx by status: ${odd.length ? odd.join(', ') : 'none'}`);
{
  const sorted = [...all.latencies].sort((a, b) => a - b);
  console.log(
    `x Fastify: a kind's req/s over plain Fastify's (${referenceRps.toFixed(0)} req/s, a bare route, the same ${CONNECTIONS} connections and client, ` +
      `measured first in this run). The mix: ${ratio(all.latencies.length / elapsed)} x Fastify, p99 ${pct(sorted, 99).toFixed(0)} ms.`,
  );
}
if (process.env.LOAD_JSON) {
  const out = Object.fromEntries([...stats, ['all', all] as const].map(([name, s]) => {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    const rps = sorted.length / elapsed;
    return [name, { requests: sorted.length, rps, ratio: rps / referenceRps, p50: pct(sorted, 50), p99: pct(sorted, 99), status: Object.fromEntries(s.status) }];
  }));
  const sortedReference = [...reference.latencies].sort((a, b) => a - b);
  const plainFastify = { requests: sortedReference.length, seconds: referenceSeconds, rps: referenceRps, p50: pct(sortedReference, 50), p99: pct(sortedReference, 99), status: Object.fromEntries(reference.status) };
  fs.writeFileSync(process.env.LOAD_JSON, JSON.stringify({ connections: CONNECTIONS, seconds: elapsed, database: dbUrl ? 'postgres' : 'pglite', reference: plainFastify, kinds: out }, null, 2));
}
process.exit(classes(all).server5 + classes(all).failed > 0 ? 1 : 0);
