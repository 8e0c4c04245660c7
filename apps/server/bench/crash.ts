// The crash test: the real server as a child process, attendance saves (a class's day in one
// request), fee payments and CSV student imports sent at once, every acknowledged answer recorded,
// the server killed with SIGKILL mid-stream, restarted on the same data, and then proof that every
// acknowledged write is there and no batch is half-saved. Used by test/crash.test.ts (bounded, in
// CI) and `npm run crash` (bench/crash-cli.ts, with options). PGlite (a data folder) by default,
// PostgreSQL when a URL is given.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PLATFORM, openDatabase, type Database } from '../src/db/client.js';
import { LOAD_PASSWORD, readLoadSchool, seedLoadSchool, type LoadSchool } from './load-seed.js';
import { privateDatabase, signIn, startServer, type ServerProcess } from './server-process.js';

export interface CrashOptions {
  port: number;
  /** PostgreSQL (a database of its own, created empty); absent: PGlite in a fresh data folder. */
  databaseUrl?: string;
  /** Kill and restart cycles. */
  rounds?: number;
  /** Traffic before each kill: at least this long once every kind has had an answer, plus up to `jitterMs`. */
  trafficMs?: number;
  jitterMs?: number;
  /** Requests in flight per kind. */
  concurrency?: { attendance: number; payments: number; imports: number };
  classes?: number;
  perClass?: number;
  importRows?: number;
  quiet?: boolean;
  log?: (line: string) => void;
  /** Start from a migrated database: a PGlite data folder dump, or a PostgreSQL template's name (the tests'). */
  template?: Blob;
  templateDb?: string;
}

export interface CrashReport {
  database: 'pglite' | 'postgres';
  rounds: number;
  acked: { attendance: number; payments: number; imports: number };
  sent: { attendance: number; payments: number; imports: number };
  /** Sent, unanswered when the server died, yet found whole after the restart (committed just before the kill). */
  committedUnacked: { attendance: number; payments: number; imports: number };
  receipts: number;
  /** Every broken promise, precisely; empty when the test passes. */
  failures: string[];
}

interface AttendanceSave {
  classId: string;
  date: string;
  marks: Array<{ studentId: string; status: string }>;
}
interface PaymentAck {
  emiId: string;
  paymentId: string;
  receiptNo: number;
}
interface ImportBatch {
  marker: string;
  rows: number;
  loginIds?: string[];
}

const STATUSES = ['present', 'absent', 'late', 'leave'] as const;

/** Runs the crash test; never throws for a broken promise (it is listed in `failures`). */
export async function runCrash(opts: CrashOptions): Promise<CrashReport> {
  const rounds = opts.rounds ?? 1;
  const conc = opts.concurrency ?? { attendance: 3, payments: 3, imports: 1 };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-crash-'));
  const pg = opts.databaseUrl ? await privateDatabase(opts.databaseUrl, opts.templateDb) : null;
  const began = Date.now();
  const log = (line: string) => opts.log?.(`${((Date.now() - began) / 1000).toFixed(1)} s: ${line}`);
  const open = (template?: Blob) => openDatabase({ url: pg?.url, dataDir, poolSize: 2, template });
  const report: CrashReport = {
    database: pg ? 'postgres' : 'pglite',
    rounds,
    acked: { attendance: 0, payments: 0, imports: 0 },
    sent: { attendance: 0, payments: 0, imports: 0 },
    committedUnacked: { attendance: 0, payments: 0, imports: 0 },
    receipts: 0,
    failures: [],
  };
  let server: ServerProcess | undefined;
  try {
    let database = await open(opts.template);
    const school = await seedLoadSchool(database, {
      code: 'CRASH',
      classes: opts.classes ?? 6,
      perClass: opts.perClass ?? 30,
      instalments: 4,
    });
    await database.close();
    log('seeded');
    const start = () => startServer({ port: opts.port, dataDir, databaseUrl: pg?.url, quiet: opts.quiet, env: { JOBS: 'off', SHED_EVENT_LOOP_DELAY_MS: '0', SHED_DB_WAIT_MS: '0' } });

    // What was sent and what was acknowledged, across rounds.
    const saves = new Map<string, AttendanceSave & { acked: boolean }>();
    const payments: PaymentAck[] = [];
    const paymentsSent = new Set<string>();
    const imports = new Map<string, ImportBatch>();
    const slots = school.schoolDays.flatMap((date) => school.classes.map((c, k) => ({ c, k, date })));
    const emis = [...school.unpaidEmiIds];
    let batchNo = 0;

    for (let round = 1; round <= rounds; round++) {
      server = await start();
      const base = server.base;
      log(`round ${round}: server ready`);
      const principal = await signIn(base, school.principal, LOAD_PASSWORD);
      const admin = await signIn(base, school.admin, LOAD_PASSWORD);
      const teachers = new Map<string, string>();
      for (const c of school.classes) teachers.set(c.id, await signIn(base, c.teacherLoginId, LOAD_PASSWORD));
      let dead = false;
      const answered = { attendance: 0, payments: 0, imports: 0 };

      const attendanceWorker = async () => {
        while (!dead) {
          const slot = slots.shift();
          if (!slot) return;
          const { c, k, date } = slot;
          const day = Number(date.replaceAll('-', ''));
          const marks = c.studentIds.map((studentId, i) => ({ studentId, status: STATUSES[(i * 7 + day + k) % 4]! }));
          const key = `${c.id}|${date}`;
          saves.set(key, { classId: c.id, date, marks, acked: false });
          report.sent.attendance++;
          const res = await post(`${base}/api/school/attendance/${c.id}/${school.sessionId}`, teachers.get(c.id)!, { date, marks });
          if (res === null) return;
          if (res.status !== 200) throw new Error(`attendance save answered ${res.status}: ${JSON.stringify(res.body)}`);
          saves.get(key)!.acked = true;
          report.acked.attendance++;
          answered.attendance++;
        }
      };
      const paymentWorker = async () => {
        while (!dead) {
          const emiId = emis.shift();
          if (!emiId) return;
          paymentsSent.add(emiId);
          report.sent.payments++;
          const res = await post(`${base}/api/school/feerecord/emi/paid/${emiId}`, principal, { mode: 'cash', reference: `crash ${emiId.slice(0, 8)}` });
          if (res === null) return;
          if (res.status !== 200) throw new Error(`payment answered ${res.status}: ${JSON.stringify(res.body)}`);
          const { payment, created } = (res.body as { result: { payment: { paymentId: string; receiptNo: number }; created: boolean } }).result;
          if (!created) throw new Error(`instalment ${emiId} was paid already`);
          payments.push({ emiId, paymentId: payment.paymentId, receiptNo: payment.receiptNo });
          report.acked.payments++;
          answered.payments++;
        }
      };
      const rows = opts.importRows ?? 5;
      const importWorker = async () => {
        while (!dead) {
          const marker = `crash-b${++batchNo}-`;
          const csv = ['firstName,lastName,email,gender', ...Array.from({ length: rows }, (_, i) => `Crash,Batch ${batchNo},${marker}${i}@load.example.in,female`)].join('\n');
          const batch: ImportBatch = { marker, rows };
          imports.set(marker, batch);
          report.sent.imports++;
          const form = new FormData();
          form.append('file', new Blob([csv], { type: 'text/csv' }), `${marker}.csv`);
          const res = await request(`${base}/api/school/import/students?dryRun=false`, admin, { method: 'POST', body: form });
          if (res === null) return;
          const result = (res.body as { result?: { imported: number; accounts: Array<{ loginId: string }> } }).result;
          if (res.status !== 200 || result?.imported !== rows) throw new Error(`import answered ${res.status}: ${JSON.stringify(res.body)}`);
          batch.loginIds = result.accounts.map((a) => a.loginId);
          report.acked.imports++;
          answered.imports++;
        }
      };
      const workers = [
        ...Array.from({ length: conc.attendance }, attendanceWorker),
        ...Array.from({ length: conc.payments }, paymentWorker),
        ...Array.from({ length: conc.imports }, importWorker),
      ];
      const traffic = Promise.all(workers);
      traffic.catch(() => {});
      // Kill once every kind has been answered and the traffic has run its time, mid-stream.
      const trafficBegan = Date.now();
      const trafficMs = opts.trafficMs ?? 2000;
      const jitter = Math.random() * (opts.jitterMs ?? 1000);
      while (Date.now() - trafficBegan < 60_000) {
        const everyKind = answered.attendance > 0 && answered.payments > 0 && answered.imports > 0;
        if (everyKind && Date.now() - trafficBegan >= trafficMs + jitter) break;
        await Promise.race([traffic, new Promise((r) => setTimeout(r, 20))]);
      }
      dead = true;
      const how = await server.stop('SIGKILL');
      await traffic;
      log(`round ${round}: killed (${how}) after ${Date.now() - trafficBegan} ms of traffic; answered so far: ${JSON.stringify(report.acked)}`);

      // Restart on the same data: it starts, signs in, and shows an acknowledged payment's receipt.
      server = await start();
      const token = await signIn(server.base, school.principal, LOAD_PASSWORD);
      const last = payments.at(-1);
      if (last) {
        const res = await fetch(`${server.base}/api/fee/receipt/${last.paymentId}?lang=en`, { headers: { token } });
        if (res.status !== 200) report.failures.push(`after restart ${round}, receipt ${last.receiptNo} answered ${res.status}`);
        await res.arrayBuffer();
      }
      await server.stop('SIGTERM');
      server = undefined;
      log(`round ${round}: restarted, signed in, stopped`);

      database = await open();
      await verify(database, school, { saves, payments, paymentsSent, imports }, report, round);
      await database.close();
      log(`round ${round}: verified`);
    }
  } finally {
    if (server) await server.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
  return report;
}

/** A POST of JSON with a session; null when the server went away (reset, refused). */
function post(url: string, token: string, body: unknown) {
  return request(url, token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
async function request(url: string, token: string, init: RequestInit): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), token } });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Checks the database after a restart against what was sent and acknowledged. */
async function verify(
  database: Database,
  school: LoadSchool,
  sent: { saves: Map<string, AttendanceSave & { acked: boolean }>; payments: PaymentAck[]; paymentsSent: Set<string>; imports: Map<string, ImportBatch> },
  report: CrashReport,
  round: number,
) {
  const db = database.scoped(PLATFORM);
  const fail = (s: string) => report.failures.push(`round ${round}: ${s}`);
  const schoolId = school.schoolId;
  report.committedUnacked = { attendance: 0, payments: 0, imports: 0 };

  // Attendance: each acknowledged class-day whole, with the marks sent; any other sent one whole or absent; nothing else.
  const days = rowsOf<{ class_id: string; date: string; marks: string[] }>(
    await db.execute(sql`select class_id, date::text as date, array_agg(student_id::text || ':' || status order by student_id) as marks
      from attendance_marks where school_id = ${schoolId} and period_id is null group by class_id, date`),
  );
  const found = new Map(days.map((d) => [`${d.class_id}|${d.date}`, d.marks]));
  for (const [key, save] of sent.saves) {
    const want = save.marks.map((m) => `${m.studentId}:${m.status}`).sort();
    const got = found.get(key);
    if (!got) {
      if (save.acked) fail(`acknowledged attendance of class ${save.classId} on ${save.date} is missing`);
      continue;
    }
    if (got.length !== want.length) fail(`attendance of class ${save.classId} on ${save.date} is half-saved: ${got.length} of ${want.length} marks`);
    else if (got.join() !== want.join()) fail(`attendance of class ${save.classId} on ${save.date} differs from what was sent`);
    else if (!save.acked) report.committedUnacked.attendance++;
  }
  for (const key of found.keys()) if (!sent.saves.has(key)) fail(`attendance ${key} was never sent`);
  const logs = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct (class_id, date))::int as n from attendance_logs where school_id = ${schoolId}`),
  )[0]!.n;
  if (logs !== found.size) fail(`${found.size} class-days saved but ${logs} with a log`);

  // Payments: each acknowledged one with its receipt number; receipts 1 … n without gap or
  // duplicate, n the counter; an instalment is paid exactly when it has a live payment; each
  // record's paid is the sum of its live payments.
  const paid = rowsOf<{ id: string; instalment_id: string; receipt_no: number; reversed: boolean }>(
    await db.execute(sql`select id, instalment_id, receipt_no, reversed_at is not null as reversed from fee_payments where school_id = ${schoolId} order by receipt_no`),
  );
  const byId = new Map(paid.map((p) => [p.id, p]));
  for (const a of sent.payments) {
    const p = byId.get(a.paymentId);
    if (!p) fail(`acknowledged payment of instalment ${a.emiId} (receipt ${a.receiptNo}) is missing`);
    else if (p.receipt_no !== a.receiptNo || p.instalment_id !== a.emiId) fail(`payment ${a.paymentId} has receipt ${p.receipt_no}, acknowledged as ${a.receiptNo}`);
  }
  paid.forEach((p, i) => {
    if (p.receipt_no !== i + 1) fail(`receipt numbers are not 1 … ${paid.length}: position ${i + 1} holds ${p.receipt_no}`);
    if (!sent.paymentsSent.has(p.instalment_id)) fail(`a payment of instalment ${p.instalment_id} was never sent`);
  });
  const acked = new Set(sent.payments.map((a) => a.paymentId));
  report.committedUnacked.payments = paid.filter((p) => !acked.has(p.id)).length;
  report.receipts = paid.length;
  const [counter] = rowsOf<{ last_no: number }>(await db.execute(sql`select last_no from fee_receipt_counters where school_id = ${schoolId}`));
  if ((counter?.last_no ?? 0) !== paid.length) fail(`the receipt counter says ${counter?.last_no ?? 0}, ${paid.length} receipts exist`);
  const [mismatch] = rowsOf<{ instalments: number; records: number }>(
    await db.execute(sql`select
        (select count(*)::int from fee_instalments i where i.school_id = ${schoolId}
          and i.paid <> exists (select 1 from fee_payments p where p.instalment_id = i.id and p.reversed_at is null)) as instalments,
        (select count(*)::int from fee_records r where r.school_id = ${schoolId}
          and r.paid <> coalesce((select sum(p.amount) from fee_payments p where p.fee_record_id = r.id and p.reversed_at is null), 0)) as records`),
  );
  if (mismatch!.instalments) fail(`${mismatch!.instalments} instalments disagree with their payments`);
  if (mismatch!.records) fail(`${mismatch!.records} fee records' paid disagree with their payments`);

  // Imports: each acknowledged file's students all there, with the login ids answered; any other sent file all or none.
  const imported = rowsOf<{ marker: string; ids: string[] }>(
    await db.execute(sql`select substring(email from '^(crash-b[0-9]+-)') as marker, array_agg(login_id order by login_id) as ids
      from users where school_id = ${schoolId} and email like 'crash-b%' group by 1`),
  );
  const files = new Map(imported.map((r) => [r.marker, r.ids]));
  for (const [marker, batch] of sent.imports) {
    const ids = files.get(marker);
    if (!ids) {
      if (batch.loginIds) fail(`acknowledged import ${marker} is missing`);
      continue;
    }
    if (ids.length !== batch.rows) fail(`import ${marker} is half-saved: ${ids.length} of ${batch.rows} students`);
    else if (batch.loginIds && ids.join() !== [...batch.loginIds].sort().join()) fail(`import ${marker} has other login ids than acknowledged`);
    else if (!batch.loginIds) report.committedUnacked.imports++;
  }
  for (const marker of files.keys()) if (!sent.imports.has(marker)) fail(`import ${marker} was never sent`);
  // The login id counter is ahead of every id given (a later import never collides), and the
  // school's counts (kept by a trigger) match its users.
  const [ids] = rowsOf<{ counter: number; highest: number }>(
    await db.execute(sql`select (select value from login_id_counters where prefix = ${`${school.code}-S`}) as counter,
      (select max(substring(login_id from '[0-9]+$')::int) from users where school_id = ${schoolId} and role_id = 116) as highest`),
  );
  if (ids!.counter < ids!.highest) fail(`the login id counter (${ids!.counter}) is behind the highest id given (${ids!.highest})`);
  const [counts] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (
        select role_id, status, count(*) as c from users where school_id = ${schoolId} group by 1, 2) u
      full join (select role_id, active, n from school_counts where school_id = ${schoolId} and n > 0) s on s.role_id = u.role_id and s.active = u.status
      where s.n is distinct from u.c`),
  );
  if (counts!.n) fail(`the school's counts disagree with its users in ${counts!.n} rows`);
  // What the tests know of the school is still there (classes and their students).
  const again = await readLoadSchool(db, school.code);
  if (again.classes.length !== school.classes.length) fail(`${again.classes.length} classes after the restart, ${school.classes.length} before`);
}
