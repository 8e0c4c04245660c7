// `BENCH_SCALE=1 npm run bench` (run.ts hands over here): the key endpoints on a school of the
// scale data (DATABASE_URL, made by `npm run seed:scale`) next to the same endpoints on the
// bench's own small schools (server.ts, in a fresh database `<name>_small` beside it, dropped
// after). Both servers run at once and each case is measured on one, then the other, in turn,
// BENCH_ROUNDS (3) times: the p50/p99 printed are the rounds' medians, with the ratio of the p99s
// (the goal: within 1.5x). Then each endpoint's statements (captured in the server, capture.ts)
// with their plans as the app runs them: as the tenant role with the school set, generic plans
// (the pool's plan_cache_mode); a sequential scan of a table of more than 10,000 rows is flagged.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { signinAt } from './signin.js';
import pg from 'pg';
import { APP_ROLE, PLATFORM, PLATFORM_ROLE } from '../src/db/client.js';
import { addDays, localDate, monthDates } from '../src/modules/calendar/days.js';
import type { Captured } from './capture.js';

const PORT = Number(process.env.BENCH_PORT ?? 3390);
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BIG_TABLE = 10_000;
const scaleUrl = process.env.DATABASE_URL;
if (!scaleUrl) {
  console.error('bench --scale: needs DATABASE_URL, a PostgreSQL database filled by `npm run seed:scale`');
  process.exit(2);
}
const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const scaleName = new URL(scaleUrl).pathname.slice(1);
const smallName = `${scaleName}_small`;
const smallUrl = withDb(scaleUrl, smallName);

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

/** One side's facts: the accounts and ids its cases need. */
interface Side {
  label: string;
  base: string;
  url: string;
  principal: string;
  teacher: string;
  /** Principal of the fees school (the small side's is another school). */
  feePrincipal: string;
  chatTeacher: string;
  chatPeer: string;
  sessionId: string;
  rosterClass: string;
  attClass: string;
  attSessionId: string;
  /** Schools, for the plans: the list school, the attendance/fees school, the chat school. */
  schools: { list: string; att: string; chat: string };
}

interface Case {
  name: string;
  path: (s: Side) => string;
  token: (s: Side) => string;
  school: keyof Side['schools'];
}

let month = '';
const cases: Case[] = [
  { name: 'GET /api/dashboard (principal)', path: () => '/api/dashboard', token: (s) => s.principal, school: 'list' },
  { name: 'students page 1', path: () => '/api/school/student?page=1&pageSize=20', token: (s) => s.principal, school: 'list' },
  { name: 'students search "verma"', path: () => '/api/school/student?search=verma', token: (s) => s.principal, school: 'list' },
  {
    name: 'class roster (60, by roll)',
    path: (s) => `/api/school/student?sessionId=${s.sessionId}&assignClassId=${s.rosterClass}`,
    token: (s) => s.principal,
    school: 'list',
  },
  { name: 'month attendance, 60 × 31 days', path: (s) => `/api/school/month/attendance/${s.attClass}/${month}`, token: (s) => s.teacher, school: 'att' },
  { name: 'fee records of a class, page 1', path: (s) => `/api/school/feerecord?assignClassId=${s.attClass}&page=1&pageSize=20`, token: (s) => s.feePrincipal, school: 'att' },
  { name: 'fee dues page 1', path: (s) => `/api/school/feedues?sessionId=${s.attSessionId}&page=1&pageSize=20`, token: (s) => s.feePrincipal, school: 'att' },
  { name: 'chat history page 1', path: (s) => `/api/chat/${s.chatPeer}/messages`, token: (s) => s.chatTeacher, school: 'chat' },
];

function start(script: string, port: number, env: Record<string, string>): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-bench-scale-'));
  const child = fork(path.join(import.meta.dirname, script), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, BENCH_CAPTURE: '1', ...env },
    stdio: 'inherit',
  });
  process.on('exit', () => child.kill('SIGKILL'));
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, info: m as Record<string, unknown> }));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
}
async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}


interface Measured {
  p50: number;
  p99: number;
  errors: number;
}

/** The statements of one request of each case (once the previous requests are answered). */
async function capture(side: Side): Promise<Captured[][]> {
  const out: Captured[][] = [];
  for (const c of cases) {
    await new Promise((r) => setTimeout(r, 300));
    await fetch(`${side.base}/bench/capture/start`, { method: 'POST' });
    const one = await fetch(side.base + c.path(side), { headers: { token: c.token(side) } });
    if (!one.ok) throw new Error(`${c.name} on ${side.label}: ${one.status} ${await one.text()}`);
    out.push((await (await fetch(`${side.base}/bench/capture/stop`, { method: 'POST' })).json()).result as Captured[]);
  }
  return out;
}

async function measure(side: Side, c: Case): Promise<Measured> {
  const url = side.base + c.path(side);
  const headers = { token: c.token(side) };
  if (WARMUP > 0) await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return { p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** The median of the rounds' figures (the machine is shared: one round may meet another's load). */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

// ---------------------------------------------------------------------------------------------
// Plans

interface PlanNode {
  'Node Type': string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const SKIP = /^\s*(begin|commit|rollback|set\s|select set_config)/i;

function literal(c: pg.Client, v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return `'${String(v)}'`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return c.escapeLiteral(v.toISOString());
  if (Array.isArray(v)) return c.escapeLiteral(`{${v.map((x) => (x === null ? 'NULL' : JSON.stringify(String(x)))).join(',')}}`);
  if (typeof v === 'object') return c.escapeLiteral(JSON.stringify(v));
  return c.escapeLiteral(String(v));
}

/** Each statement's scans, as the app's pool would plan it (generic plan or, for a search, custom; tenant role, school set). */
interface Planned {
  text: string;
  scans: string[];
  flagged: string[];
  /** Executed (EXPLAIN ANALYZE, the best of 3): milliseconds and buffers touched (8 kB pages). */
  ms: number;
  buffers: number;
}
async function plans(url: string, statements: Captured[], schoolId: string): Promise<Planned[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const sizes = new Map((await c.query<{ relname: string; n: number }>(`select relname, reltuples::bigint as n from pg_class where relkind = 'r'`)).rows.map((r) => [r.relname, Number(r.n)]));
  const out: Planned[] = [];
  try {
    for (const st of statements) {
      if (SKIP.test(st.text)) continue;
      const scope = st.scope ?? schoolId;
      const [tenant, role] = scope === PLATFORM ? ['', PLATFORM_ROLE] : [scope, APP_ROLE];
      let tree: PlanNode | undefined;
      let ms = Infinity;
      let buffers = 0;
      try {
        await c.query('begin');
        await c.query("select set_config('app.tenant', $1, true), set_config('role', $2, true)", [tenant, role]);
        // As the pool plans it: generically, but a statement planned for its values (a search).
        await c.query(`set local plan_cache_mode = ${st.customPlan ? 'force_custom_plan' : 'force_generic_plan'}`);
        let explain = `${st.text}`;
        if (st.values.length) {
          await c.query(`prepare bench_plan as ${st.text}`);
          explain = `execute bench_plan(${st.values.map((v) => literal(c, v)).join(', ')})`;
        }
        // Run in the transaction, rolled back after: the best of 3.
        for (let k = 0; k < 3; k++) {
          const r = (await c.query(`explain (analyze, buffers, format json) ${explain}`)).rows[0]['QUERY PLAN'][0];
          tree = r.Plan as PlanNode;
          ms = Math.min(ms, r['Execution Time'] as number);
          buffers = (tree['Shared Hit Blocks'] ?? 0) + (tree['Shared Read Blocks'] ?? 0);
        }
      } catch (err) {
        out.push({ text: st.text, scans: [`(no plan: ${(err as Error).message})`], flagged: [], ms: 0, buffers: 0 });
        continue;
      } finally {
        await c.query('rollback').catch(() => undefined);
        await c.query('deallocate all').catch(() => undefined);
      }
      if (!tree) continue;
      const scans = new Set<string>();
      const flagged = new Set<string>();
      const walk = (n: PlanNode) => {
        if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) {
          const rows = sizes.get(n['Relation Name']) ?? 0;
          scans.add(`Seq Scan on ${n['Relation Name']} (${rows} rows)`);
          if (rows > BIG_TABLE) flagged.add(`Seq Scan on ${n['Relation Name']} (${rows} rows)`);
        } else if (n['Index Name']) scans.add(`${n['Node Type']} ${n['Index Name']}`);
        for (const p of n.Plans ?? []) walk(p);
      };
      walk(tree);
      out.push({ text: st.text, scans: [...scans], flagged: [...flagged], ms, buffers });
    }
  } finally {
    await c.end();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

// The latest month of 31 days that is over (the attendance of both sides covers it).
const yesterday = addDays(localDate('Asia/Kolkata'), -1);
month = yesterday.slice(0, 7);
while (monthDates(month).length !== 31 || monthDates(month).at(-1)! > yesterday) month = addDays(`${month}-01`, -1).slice(0, 7);

// The small side: the bench's schools (DEMO: 2,000 students; ATT: 1,000 with a year of attendance and fees; CHT: chat).
await query(withDb(scaleUrl, 'postgres'), `drop database if exists "${smallName}" with (force)`);
await query(withDb(scaleUrl, 'postgres'), `create database "${smallName}"`);
console.log(`bench --scale: seeding the small schools in ${smallName} …`);
const smallBase = `http://127.0.0.1:${PORT}`;
const small = await start('server.ts', PORT, { DATABASE_URL: smallUrl, BENCH_BIG: '0', BENCH_CHAT_PAIRS: '2', BENCH_ENROL_SESSIONS: '10' });
const si = small.info as { att: { classId: string; sessionId: string }; enrol: { detailsClassId: string }; chat: Array<{ admin: { id: string } }>; demoSessionId: string };
const schoolOf = async (url: string, code: string) => (await query<{ id: string }>(url, 'select id from schools where code = $1', [code]))[0]!.id;
const smallSide: Side = {
  label: 'small',
  base: smallBase,
  url: smallUrl,
  principal: await signinAt(smallBase, 'DEMO-P0001'),
  teacher: await signinAt(smallBase, 'ATT-T0001'),
  feePrincipal: await signinAt(smallBase, 'ATT-P0001'),
  chatTeacher: await signinAt(smallBase, 'CHT-T0001'),
  chatPeer: si.chat[0]!.admin.id,
  sessionId: si.demoSessionId,
  rosterClass: si.enrol.detailsClassId,
  attClass: si.att.classId,
  attSessionId: si.att.sessionId,
  schools: { list: await schoolOf(smallUrl, 'DEMO'), att: await schoolOf(smallUrl, 'ATT'), chat: await schoolOf(smallUrl, 'CHT') },
};
const smallStudents = (await query<{ n: number }>(smallUrl, "select count(*)::int as n from users u join schools s on s.id = u.school_id where s.code = 'DEMO' and u.role_id = 116"))[0]!.n;

// The scale side: a school in the middle of the scale data (BENCH_SCALE_SCHOOL to choose).
const totals = (await query<{ schools: number; students: number; marks: number; messages: number }>(
  scaleUrl,
  `select (select count(*) from schools)::int as schools, (select count(*) from users where role_id = 116)::int as students,
    (select reltuples::bigint from pg_class where relname = 'attendance_marks') as marks, (select reltuples::bigint from pg_class where relname = 'chat_messages') as messages`,
))[0]!;
const codes = (await query<{ code: string }>(scaleUrl, "select code from schools where code ~ '^[A-Z]+[0-9]{4}$' order by code")).map((r) => r.code);
const code = process.env.BENCH_SCALE_SCHOOL ?? codes[Math.floor(codes.length / 2)];
if (!code) throw new Error('bench --scale: no school of the scale data (run npm run seed:scale)');
const facts = (await query<{ school: string; session: string; class: string; admin: string }>(
  scaleUrl,
  `select s.id as school, a.id as session, c.id as class, ad.id as admin from schools s
   join academic_sessions a on a.school_id = s.id and a.is_current
   join users t on lower(t.login_id) = lower(s.code || '-T0001')
   join classes c on c.class_teacher_id = t.id and c.session_id = a.id
   join users ad on lower(ad.login_id) = lower(s.code || '-A0001')
   where s.code = $1`,
  [code],
))[0];
if (!facts) throw new Error(`bench --scale: school ${code} is not one of seed:scale`);
// Beside the small one (server.ts holds PORT + 1 for its plain Fastify).
const scaleBase = `http://127.0.0.1:${PORT + 2}`;
const scale = await start('scale-server.ts', PORT + 2, { DATABASE_URL: scaleUrl });
const scaleSide: Side = {
  label: code,
  base: scaleBase,
  url: scaleUrl,
  principal: await signinAt(scaleBase, `${code}-P0001`),
  teacher: await signinAt(scaleBase, `${code}-T0001`),
  feePrincipal: await signinAt(scaleBase, `${code}-P0001`),
  chatTeacher: await signinAt(scaleBase, `${code}-T0001`),
  chatPeer: facts.admin,
  sessionId: facts.session,
  rosterClass: facts.class,
  attClass: facts.class,
  attSessionId: facts.session,
  schools: { list: facts.school, att: facts.school, chat: facts.school },
};

// Both servers up; each case measured on one, then the other, in turn, ROUNDS times.
const smallStatements = await capture(smallSide);
const scaleStatements = await capture(scaleSide);
console.log(`bench --scale: measuring ${cases.length} endpoints on the small schools (${smallStudents} students in DEMO) and on ${code}, ${ROUNDS} rounds …`);
const got = { small: cases.map(() => [] as Measured[]), scale: cases.map(() => [] as Measured[]) };
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, c] of cases.entries()) {
    got.small[i]!.push(await measure(smallSide, c));
    got.scale[i]!.push(await measure(scaleSide, c));
  }
}
await Promise.all([stop(small.child), stop(scale.child)]);
const summary = (ms: Measured[]): Measured => ({ p50: median(ms.map((m) => m.p50)), p99: median(ms.map((m) => m.p99)), errors: ms.reduce((a, m) => a + m.errors, 0) });
const smallRows = got.small.map(summary);
const scaleRows = got.scale.map(summary);

const scalePlans = [];
for (const [i, c] of cases.entries()) scalePlans.push(await plans(scaleUrl, scaleStatements[i]!, scaleSide.schools[c.school]));
const smallPlans = [];
for (const [i, c] of cases.entries()) smallPlans.push(await plans(smallUrl, smallStatements[i]!, smallSide.schools[c.school]));
await query(withDb(scaleUrl, 'postgres'), `drop database if exists "${smallName}" with (force)`);

// ---------------------------------------------------------------------------------------------
console.log(
  `\nShala bench, scale: ${CONNECTIONS} connections, ${DURATION} s each (after ${WARMUP} s warm-up), median of ${ROUNDS} rounds, PostgreSQL, ${os.cpus().length} cores\n` +
    `small: the bench's schools in a database of their own (DEMO ${smallStudents} students; ATT 1,000 students with a year of attendance and fees; CHT chat)\n` +
    `scale: ${code}, one of ${totals.schools} schools, ${totals.students} students, ~${totals.marks} attendance marks, ~${totals.messages} chat messages\n`,
);
console.log(
  ['endpoint'.padEnd(34), 'small p50'.padStart(10), 'p99'.padStart(6), 'scale p50'.padStart(10), 'p99'.padStart(6), 'p99 ×'.padStart(7), ' ', 'non-2xx'].join(' '),
);
let over = 0;
for (const [i, c] of cases.entries()) {
  const a = smallRows[i]!;
  const b = scaleRows[i]!;
  const ratio = Math.max(b.p99, 1) / Math.max(a.p99, 1);
  if (ratio > 1.5) over++;
  console.log(
    [
      c.name.padEnd(34),
      String(a.p50).padStart(10),
      String(a.p99).padStart(6),
      String(b.p50).padStart(10),
      String(b.p99).padStart(6),
      ratio.toFixed(2).padStart(7),
      ratio > 1.5 ? '!' : ' ',
      `${a.errors}/${b.errors}`,
    ].join(' '),
  );
}
console.log(over ? `\n${over} endpoint(s) over 1.5x the small school's p99 (!)` : '\nevery p99 within 1.5x of the small school’s');

// The database's own work per request, which the machine's other load does not change: the
// statements of one request executed (best of 3), and the buffers (8 kB pages) they touched.
console.log('\nthe statements of one request, executed (EXPLAIN ANALYZE, best of 3): ms and buffers touched');
console.log(['endpoint'.padEnd(34), 'small ms'.padStart(9), 'buffers'.padStart(8), 'scale ms'.padStart(9), 'buffers'.padStart(8), 'ms ×'.padStart(6)].join(' '));
for (const [i, c] of cases.entries()) {
  const sum = (ps: Planned[], k: 'ms' | 'buffers') => ps.reduce((a, p) => a + p[k], 0);
  const [am, ab, bm, bb] = [sum(smallPlans[i]!, 'ms'), sum(smallPlans[i]!, 'buffers'), sum(scalePlans[i]!, 'ms'), sum(scalePlans[i]!, 'buffers')];
  console.log([c.name.padEnd(34), am.toFixed(2).padStart(9), String(ab).padStart(8), bm.toFixed(2).padStart(9), String(bb).padStart(8), (bm / Math.max(am, 0.01)).toFixed(2).padStart(6)].join(' '));
}

const oneLine = (t: string) => t.replace(/\s+/g, ' ').trim();
let flaggedCount = 0;
console.log(`\nplans on ${code} (generic plans, as ${APP_ROLE} with the school set; !! = a sequential scan of a table over ${BIG_TABLE} rows):`);
for (const [i, c] of cases.entries()) {
  console.log(`\n${c.name}: ${scalePlans[i]!.length} statements`);
  for (const p of scalePlans[i]!) {
    const bad = p.flagged.length > 0;
    if (bad) flaggedCount++;
    console.log(`  ${bad ? '!!' : '  '} ${oneLine(p.text).slice(0, 150)}`);
    console.log(`       ${p.ms.toFixed(2)} ms, ${p.buffers} buffers: ${p.scans.join('; ') || '(no table)'}`);
  }
}
const smallFlagged = smallPlans.flat().filter((p) => p.flagged.length).length;
console.log(`\n${flaggedCount} statement(s) with a sequential scan of a big table on ${code}; ${smallFlagged} on the small schools`);
