// `npm run bench`: drives the server on loopback with autocannon and prints, from one run, each
// endpoint's requests/s and latency, and its ratio to plain Fastify answering a bare route in the
// same run (the reference: what the machine gives a Node server at all). The app's own ceiling, the
// same bare route through the app's global hooks, is printed beside it with its ratio, so what the
// hooks cost is read off, never hidden in the reference. Bounded in time; stops itself.
// BENCH_LOAD=1 adds the load case: BENCH_LOAD_CONNECTIONS (200) for BENCH_LOAD_SECONDS (60) over
// the authenticated reads. BENCH_SCALE=1 (or --scale) runs the scale mode instead (scale.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { ROLE } from '@shala/contract';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { signinAt } from './signin.js';
import { socketBench, type ChatPair, type SocketBenchResult } from './socket.js';

if (process.env.BENCH_SCALE === '1' || process.argv.includes('--scale')) {
  await import('./scale.js');
  process.exit(0);
}
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-bench-'));

const server = fork(path.join(import.meta.dirname, 'server.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
  stdio: 'inherit',
});
// The server never outlives this script, whatever ends it.
process.on('exit', () => server.kill('SIGKILL'));
interface Enrol {
  detailsClassId: string;
  groups: string[][];
  slots: Array<{ classId: string; group: number }>;
}
/** The attendance school (server.ts): a class of 60 with a year of marks, a month of 31 days, a past school day. */
interface Att {
  classId: string;
  sessionId: string;
  month: string;
  saveDate: string;
  studentIds: string[];
}
/** Exams of the attendance school's first class (server.ts): 8 subjects × 4 exams × 60 students, the last exam a draft. */
interface Exams {
  draftExamId: string;
  subjectId: string;
}
type Info = { big: number; students: number; enrol: Enrol | null; att: Att | null; exams: Exams | null; chat: ChatPair[]; demoSessionId: string | null };
const info = await new Promise<Info>((resolve, reject) => {
  server.once('message', (m) => resolve(m as Info));
  server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
});

const signin = (loginId: string) => signinAt(base, loginId);
const token = await signin('DEMO-P0001');

/** The bench class of 30 subjects (server.ts) and two teachers, found through the API. */
async function subjectTeacherTable(token: string) {
  const get = async (p: string) => (await (await fetch(`${base}${p}`, { headers: { token } })).json()).result;
  const sessionId = info.demoSessionId;
  const teachers = ((await get('/api/school/teacher?search=DEMO-T0&pageSize=20')) as { items: Array<{ userId: string; loginId: string }> }).items;
  const demo = teachers.find((t) => t.loginId === 'DEMO-T0001');
  const other = teachers.find((t) => t.loginId === 'DEMO-T0900');
  if (!sessionId || !demo || !other) return null;
  const classes = (await get(`/api/school/assignclassteachersubject?sessionId=${sessionId}&teacherId=${demo.userId}`)) as Array<{ assignClassId: string; subjects: Array<{ subjectId: string }> }>;
  const big = classes.find((c) => c.subjects.length === 30);
  return big ? { assignClassId: big.assignClassId, subjectIds: big.subjects.map((s) => s.subjectId), teachers: [other.userId, demo.userId] } : null;
}
/** The last school day before today in the demo school (India): yesterday, or Saturday when yesterday was a Sunday. */
function demoSchoolDay(): string {
  const yesterday = addDays(localDate('Asia/Kolkata'), -1);
  return isoWeekday(yesterday) === 7 ? addDays(yesterday, -1) : yesterday;
}
const bigToken = info.big ? await signin('BIG-P0001') : '';
const k = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));

interface Case {
  name: string;
  opts: { path: string } & Partial<autocannon.Options>;
}
const cases: Case[] = [
  { name: 'plain Fastify, bare route (reference)', opts: { path: '/api/bench/ceiling', url: `http://127.0.0.1:${PORT + 1}` } as Case['opts'] },
  { name: 'app ceiling: same route, app hooks', opts: { path: '/api/bench/ceiling' } },
  { name: 'GET /api/health', opts: { path: '/api/health' } },
  {
    name: 'POST /api/signin (argon2id)',
    opts: {
      path: '/api/signin',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'DEMO-P0001', password: 'Shala@2024' }),
    },
  },
  { name: 'GET /api/dashboard (principal)', opts: { path: '/api/dashboard', headers: { token } } },
  // The landing page's one answer (issue 41): the principal's and a parent of two children's.
  { name: 'GET /api/dashboard/home (principal)', opts: { path: '/api/dashboard/home', headers: { token } } },
  { name: 'GET /api/dashboard/home (parent)', opts: { path: '/api/dashboard/home', headers: { token: await signin('DEMO-G0001') } } },
  { name: 'GET /api/notifications', opts: { path: '/api/notifications', headers: { token } } },
  // The dashboard's notice board: the active notices for the teacher's role, first page (one prepared statement).
  { name: 'notice board page 1 (teacher)', opts: { path: '/api/school/noticeboard/board', headers: { token: await signin('DEMO-T0001') } } },
  // The staff register of a demo school day (the day before today, Sunday skipped: saved by the
  // demo's seed; one statement for everyone) and today's substitution page (at most 3 statements).
  { name: 'staff register of a day (demo, GET)', opts: { path: `/api/school/staffattendance?date=${demoSchoolDay()}`, headers: { token } } },
  { name: 'substitution page of today (demo, GET)', opts: { path: `/api/school/substitutions?date=${localDate('Asia/Kolkata')}`, headers: { token } } },
  { name: `students page 1 (${k(info.students)})`, opts: { path: '/api/school/student?page=1&pageSize=20', headers: { token } } },
  { name: `students search "verma" (${k(info.students)})`, opts: { path: '/api/school/student?search=verma', headers: { token } } },
];
// People in the academic year: the students page with each student's class in the current session,
// and one class's students by roll number (the class of 60 below, else the demo's 5-A).
const currentSession = info.demoSessionId;
if (currentSession) {
  const demoStudent = (await (await fetch(`${base}/api/school/student?sessionId=${currentSession}&search=DEMO-S0001`, { headers: { token } })).json()).result.items[0];
  const oneClass: string | undefined = info.enrol?.detailsClassId ?? demoStudent?.placement?.assignClassId;
  cases.push({ name: `students page 1 with classes (${k(info.students)})`, opts: { path: `/api/school/student?page=1&pageSize=20&sessionId=${currentSession}`, headers: { token } } });
  if (oneClass) {
    cases.push({ name: 'students of one class, by roll', opts: { path: `/api/school/student?sessionId=${currentSession}&assignClassId=${oneClass}`, headers: { token } } });
  }
}
// Assign: the subject-teacher table of a class of 30 subjects saved in one request, each request
// giving every subject the other of two teachers (the whole check and upsert every time).
const table = await subjectTeacherTable(token);
if (table) {
  let turn = 0;
  cases.push({
    name: 'save 30-subject teacher table (POST)',
    opts: {
      path: '/api/school/assignteachersubject',
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => {
            const teacherId = table.teachers[turn++ % 2]!;
            return { ...req, body: JSON.stringify({ assignClassId: table.assignClassId, assignments: table.subjectIds.map((subjectId) => ({ subjectId, teacherId })) }) };
          },
        },
      ],
    },
  });
}
if (info.big) {
  cases.push(
    { name: `students page 1 (${k(info.big)})`, opts: { path: '/api/school/student?page=1&pageSize=20', headers: { token: bigToken } } },
    // A first and last name together (server.ts names the students): a few matches of 100,000.
    { name: `students search "kavya menon" (${k(info.big)})`, opts: { path: '/api/school/student?search=kavya%20menon', headers: { token: bigToken } } },
    { name: `students search "verma" (${k(info.big)}, 20%)`, opts: { path: '/api/school/student?search=verma', headers: { token: bigToken } } },
  );
}
// Enrolment: a class's details with 60 students; 60 students put into a class, each request into
// a fresh class (of its own later session), so every one is valid and does the whole work.
const enrol = info.enrol;
if (enrol) {
  let slot = 0;
  cases.push(
    { name: 'class details, 60 students (GET)', opts: { path: `/api/school/getassignclass/${enrol.detailsClassId}`, headers: { token } } },
    {
      name: 'assign 60 students (POST)',
      opts: {
        path: '/api/school/assignstudentclass',
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        // A safety net: never more requests than fresh classes (a second one would be a 409).
        maxOverallRequests: enrol.slots.length,
        requests: [
          {
            setupRequest: (req) => {
              const s = enrol.slots[slot++ % enrol.slots.length]!;
              return { ...req, body: JSON.stringify({ assignClassId: s.classId, studentIds: enrol.groups[s.group] }) };
            },
          },
        ],
      },
    },
  );
}
// Attendance (1,000 students, a year of daily marks): the month of a class of 60 × 31 days, and a
// class of 60 saved for a past school day (daywise), each request replacing the day with other marks.
const att = info.att;
if (att) {
  const teacherToken = await signin('ATT-T0001');
  const statuses = ['present', 'absent', 'late', 'leave'] as const;
  let round = 0;
  cases.push(
    { name: 'month view, 60 students × 31 days (GET)', opts: { path: `/api/school/month/attendance/${att.classId}/${att.month}`, headers: { token: teacherToken } } },
    {
      name: 'save attendance, class of 60 (POST)',
      opts: {
        path: `/api/school/attendance/${att.classId}/${att.sessionId}`,
        method: 'POST',
        headers: { token: teacherToken, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              const r = round++;
              const marks = att.studentIds.map((studentId, i) => ({ studentId, status: (i + r) % 7 === 0 ? statuses[(i + r) % 4]! : 'present' }));
              return { ...req, body: JSON.stringify({ date: att.saveDate, marks }) };
            },
          },
        ],
      },
    },
  );
}

// Fees of the attendance school (1,000 students, 4 instalments each, about 1,100 overdue): the
// dues list's first page, the outstanding report per class, the overview, and the fee records of
// a class of 60 (the records slice's list: GET /api/school/feerecord).
if (att) {
  const principalToken = await signin('ATT-P0001');
  cases.push(
    { name: 'fee dues page 1 (1k students)', opts: { path: `/api/school/feedues?sessionId=${att.sessionId}&page=1&pageSize=20`, headers: { token: principalToken } } },
    { name: 'fee outstanding by class (1k)', opts: { path: `/api/school/feereport/outstanding?sessionId=${att.sessionId}`, headers: { token: principalToken } } },
    { name: 'fee summary (1k)', opts: { path: `/api/school/feesummary?sessionId=${att.sessionId}`, headers: { token: principalToken } } },
    { name: 'fee records of a class of 60 (GET)', opts: { path: `/api/school/feerecord?assignClassId=${att.classId}&page=1&pageSize=20`, headers: { token: principalToken } } },
    // Issue 25: the fee counter's search (a surname, the trigram index; a short fragment and a roll
    // number found in every class, the session's students) and the day.
    { name: 'fee counter search "sharma" (1k)', opts: { path: '/api/school/feecounter/search?q=sharma', headers: { token: principalToken } } },
    { name: 'fee counter search "an" (1k)', opts: { path: '/api/school/feecounter/search?q=an', headers: { token: principalToken } } },
    { name: 'fee counter search roll 7 (1k)', opts: { path: '/api/school/feecounter/search?q=7', headers: { token: principalToken } } },
    { name: 'fee counter day (1k)', opts: { path: '/api/school/feecounter/day', headers: { token: principalToken } } },
    // Issue 24: a message to every parent of the school (BENCH_ATT_STUDENTS, 1,000; half with a
    // verified number) by SMS, one at a time (a principal sends one, then another): the answer's
    // time is what a principal waits for, the bell and the SMS queued (goal for 2,000: under 200 ms).
    {
      name: `message to ${Number(process.env.BENCH_ATT_STUDENTS ?? 1000).toLocaleString('en-IN')} parents, SMS (POST, one at a time)`,
      opts: {
        path: '/api/school/messages',
        method: 'POST',
        headers: { token: principalToken, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Bench', body: 'The school is closed tomorrow for the district sports meet.', audience: { kind: 'roles', roles: [ROLE.PARENT] }, channels: ['sms'] }),
        connections: 1,
        amount: 20,
      } as Case['opts'],
    },
  );
}

// Exams of a class of 60 (8 subjects × 4 exams): the teacher's mark sheet and its save (one
// request for the class), the class's results, one report card and its PDF (all computed from the
// stored marks on each request).
if (att && info.exams) {
  const ex = info.exams;
  const teacherToken = await signin('ATT-T0001');
  const principalToken = await signin('ATT-P0001');
  const sheet = `/api/school/exam/${ex.draftExamId}/marks/${att.classId}/${ex.subjectId}`;
  let round = 0;
  cases.push(
    { name: 'mark sheet, class of 60 (GET)', opts: { path: sheet, headers: { token: teacherToken } } },
    {
      name: 'save marks, class of 60 (PUT)',
      opts: {
        path: sheet,
        method: 'PUT',
        headers: { token: teacherToken, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              const r = round++;
              const marks = att.studentIds.map((studentId, i) => ({ studentId, mark: (i + r) % 17 === 0 ? { status: 'absent' } : { status: 'marked', marks: (i * 7 + r) % 81 } }));
              return { ...req, body: JSON.stringify({ marks }) };
            },
          },
        ],
      },
    },
    { name: 'class results, 60 × 8 subjects × 4 exams (GET)', opts: { path: `/api/school/exam/results/${att.classId}`, headers: { token: principalToken } } },
    { name: 'report card (GET)', opts: { path: `/api/school/exam/reportcard/${att.studentIds[0]}`, headers: { token: principalToken } } },
    { name: 'report card PDF, Hindi (GET)', opts: { path: `/api/school/exam/reportcard/${att.studentIds[0]}/pdf?lang=hi`, headers: { token: principalToken } } },
  );
}

// Chat: the first page of a teacher's history with a system admin (200 messages).
const firstPair = info.chat[0];
if (firstPair) {
  const chatTeacher = await signin(firstPair.teacher.loginId);
  cases.push({ name: 'chat history page 1 (200 messages)', opts: { path: `/api/chat/${firstPair.admin.id}/messages`, headers: { token: chatTeacher } } });
}

// BENCH_CASES (a regular expression) keeps the cases whose names match; the ceiling and plain Fastify always run.
// BENCH_ROUNDS (1) measures the cases in turn that many times and prints each column's median: on a
// shared machine a spike then moves one round of a case, not the case (for reads: a write case
// that uses each of its requests once would repeat them).
const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : null;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const selected = cases.filter((c, i) => i < 2 || !only || only.test(c.name));
const measured = selected.map(() => [] as Array<{ rps: number; p50: number; p99: number; errors: number }>);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, c] of selected.entries()) {
    const { path: urlPath, url, ...rest } = c.opts as { path: string; url?: string } & Partial<autocannon.Options>;
    // A read is warmed up first (200 requests, not measured): the first case no longer pays for the
    // pool's new connections, the statements' first preparation and the JIT.
    if (round === 0 && !rest.method && !rest.requests) await autocannon({ url: (url ?? base) + urlPath, connections: CONNECTIONS, amount: 200, ...rest });
    const result = await autocannon({ url: (url ?? base) + urlPath, connections: CONNECTIONS, duration: DURATION, ...rest });
    measured[i]!.push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx });
    // Writes still queued in the server when the case ends must not run into the next case (a
    // stored read measured while the last saves land would be measured missing).
    if ((c.opts.method ?? 'GET') !== 'GET') await new Promise((r) => setTimeout(r, 2000));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const rows = selected.map((c, i) => {
  const m = measured[i]!;
  return { name: c.name, rps: median(m.map((x) => x.rps)), p50: median(m.map((x) => x.p50)), p99: median(m.map((x) => x.p99)), errors: m.reduce((n, x) => n + x.errors, 0) };
});

// A burst of writes, then reads (issue 23): BENCH_BURST_CONNECTIONS (50) send "assign 60 students"
// for BENCH_BURST_SECONDS (5), each into a fresh class (the enrolment classes from the last one
// back: the case above takes them from the first on), while BENCH_CONNECTIONS read the month view
// of a class of 60; then the month view alone for as long, at once after. For each, the share of
// answers that were 2xx and that were shed (503): a write burst must not make the node shed its
// reads (on PGlite it once did: 90–97 % of the month views after it). BENCH_BURST=0 skips it.
const burstLines: string[] = [];
if (enrol && att && process.env.BENCH_BURST !== '0') {
  const seconds = Number(process.env.BENCH_BURST_SECONDS ?? 5);
  const teacherToken = await signin('ATT-T0001');
  const month = { url: `${base}/api/school/month/attendance/${att.classId}/${att.month}`, connections: CONNECTIONS, duration: seconds, headers: { token: teacherToken } };
  let slot = enrol.slots.length - 1;
  const writes = autocannon({
    url: `${base}/api/school/assignstudentclass`,
    method: 'POST',
    connections: Number(process.env.BENCH_BURST_CONNECTIONS ?? 50),
    duration: seconds,
    headers: { token, 'content-type': 'application/json' },
    maxOverallRequests: Math.floor(enrol.slots.length / 2),
    requests: [
      {
        setupRequest: (req) => {
          const s = enrol.slots[slot--]!;
          return { ...req, body: JSON.stringify({ assignClassId: s.classId, studentIds: enrol.groups[s.group] }) };
        },
      },
    ],
  });
  const during = autocannon(month);
  const phases = [
    ['assign 60 students, burst', await writes],
    ['month view, during the burst', await during],
    ['month view, after the burst', await autocannon(month)],
  ] as const;
  const pct = (n: number, all: number) => `${n} (${all ? ((100 * n) / all).toFixed(1) : '0.0'} %)`;
  burstLines.push(`\nburst: ${phases[0][1].connections} connections writing for ${seconds} s, ${CONNECTIONS} reading during and after`);
  burstLines.push(['phase'.padEnd(30), 'answers'.padStart(8), '2xx'.padStart(14), 'shed 503'.padStart(14), 'other'.padStart(6), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7)].join(' '));
  for (const [name, r] of phases) {
    const byCode = Object.entries(r.statusCodeStats as unknown as Record<string, { count: number }>).map(([c, s]) => [Number(c), s.count] as const);
    const all = byCode.reduce((n, [, k]) => n + k, 0) + r.errors;
    const ok = byCode.reduce((n, [c, k]) => n + (c >= 200 && c < 300 ? k : 0), 0);
    const shed = byCode.reduce((n, [c, k]) => n + (c === 503 ? k : 0), 0);
    const cells = [pct(ok, all).padStart(14), pct(shed, all).padStart(14), String(all - ok - shed).padStart(6)];
    burstLines.push([name.padEnd(30), String(all).padStart(8), ...cells, String(r.latency.p50).padStart(7), String(r.latency.p99).padStart(7)].join(' '));
  }
}

let load: autocannon.Result | undefined;
if (process.env.BENCH_LOAD === '1') {
  const reads = ['/api/dashboard', '/api/notifications', '/api/school/student?page=1&pageSize=20', '/api/school/student?search=kavya%20menon'];
  load = await autocannon({
    url: base,
    connections: Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200),
    duration: Number(process.env.BENCH_LOAD_SECONDS ?? 60),
    requests: reads.map((p) => ({ method: 'GET', path: p, headers: { token: info.big ? bigToken : token } })),
  });
}
// Sockets: 2 × 100 clients, messages sent over HTTP and delivered live (socket.ts). BENCH_CHAT=0 skips it.
let sockets: SocketBenchResult | undefined;
if (process.env.BENCH_CHAT !== '0' && info.chat.length) sockets = await socketBench(base, info.chat, signin);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });

const reference = rows[0]!;
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
console.log(`\nShala bench: ${CONNECTIONS} connections, ${DURATION} s each${ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : ''}, ${db}, ${os.cpus().length} cores\n`);
console.log(
  ['endpoint'.padEnd(40), 'req/s'.padStart(9), 'x Fastify'.padStart(10), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8)].join(' '),
);
for (const r of rows) {
  console.log(
    [
      r.name.padEnd(40),
      r.rps.toFixed(0).padStart(9),
      (r.rps / reference.rps).toFixed(3).padStart(10),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors).padStart(8),
    ].join(' '),
  );
}
if (load) {
  console.log(
    `\nload: ${load.connections} connections, ${load.duration} s, dashboard/notifications/list/search in turn: ` +
      `${load.requests.average.toFixed(0)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ` +
      `errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx}`,
  );
}
if (sockets) {
  console.log(
    `\nchat sockets: ${sockets.clients} clients, ${sockets.sent} messages sent over HTTP (${sockets.failed} failed) in ${sockets.seconds.toFixed(1)} s: ` +
      `${sockets.delivered} delivered, ${sockets.perSecond.toFixed(0)} messages/s, latency send → chat:message p50 ${sockets.p50.toFixed(1)} ms, ` +
      `p99 ${sockets.p99.toFixed(1)} ms, max ${sockets.max.toFixed(1)} ms`,
  );
}
for (const line of burstLines) console.log(line);
