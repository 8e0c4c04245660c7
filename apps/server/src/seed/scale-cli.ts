// `npm run seed:scale`: scale data on PostgreSQL (DATABASE_URL), see scale.ts. Options (or env):
// --schools N (SCALE_SCHOOLS, 100), --students M (SCALE_STUDENTS, 1000), --days D (SCALE_DAYS, 365),
// --messages K per school (SCALE_MESSAGES, 10000), --code SC (SCALE_CODE), --force (a database
// that already has schools). Then the bulk tables are vacuumed.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { loadConfig } from '../config.js';
import { PLATFORM, PLATFORM_ROLE, openDatabase } from '../db/client.js';
import { seedScale } from './scale.js';

const { values } = parseArgs({
  options: {
    schools: { type: 'string' },
    students: { type: 'string' },
    days: { type: 'string' },
    messages: { type: 'string' },
    code: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
const int = (v: string | undefined, env: string | undefined, fallback: number, min: number) => {
  const n = Number(v ?? env ?? fallback);
  if (!Number.isInteger(n) || n < min) {
    console.error(`seed:scale: expected an integer >= ${min}, got ${v ?? env}`);
    process.exit(2);
  }
  return n;
};
const opts = {
  schools: int(values.schools, process.env.SCALE_SCHOOLS, 100, 1),
  students: int(values.students, process.env.SCALE_STUDENTS, 1000, 1),
  days: int(values.days, process.env.SCALE_DAYS, 365, 1),
  messages: int(values.messages, process.env.SCALE_MESSAGES, 10_000, 0),
  code: (values.code ?? process.env.SCALE_CODE ?? 'SC').toUpperCase(),
};
if (!/^[A-Z]{1,6}$/.test(opts.code)) {
  console.error('seed:scale: --code is 1 to 6 letters');
  process.exit(2);
}
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('seed:scale: needs PostgreSQL (DATABASE_URL); it never writes into the embedded database.');
  process.exit(2);
}
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
const existing = (await database.scoped(PLATFORM).execute(sql`select count(*)::int as n from schools`)) as unknown as { rows: Array<{ n: number }> };
if (existing.rows[0]!.n > 0 && !values.force) {
  console.error(`seed:scale: the database already has ${existing.rows[0]!.n} schools; use a dedicated database, or --force (with another --code).`);
  await database.close();
  process.exit(1);
}
console.info(`seed:scale: ${opts.schools} schools × ${opts.students} students, ${opts.days} days of attendance, ${opts.messages} chat messages a school`);
// On a superuser connection, the per-school bulk statements run on 2 connections of their own, as
// the platform role, without the row-by-row foreign-key triggers (session_replication_role).
const su = (await database.scoped(PLATFORM).execute(sql`select rolsuper as su from pg_roles where rolname = session_user`)) as unknown as { rows: Array<{ su: boolean }> };
let bulkPool: pg.Pool | undefined;
let bulk: { run(query: SQL): Promise<number>; workers: number } | undefined;
if (su.rows[0]?.su) {
  bulkPool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2, options: `-c session_replication_role=replica -c role=${PLATFORM_ROLE}` });
  const bulkDb = drizzle({ client: bulkPool });
  bulk = { workers: 2, run: async (query) => (await bulkDb.execute(query)).rowCount ?? 0 };
  console.info('seed:scale: attendance and chat messages in bulk (superuser: foreign-key triggers off for those statements, 2 at a time)');
}
const t0 = performance.now();
const result = await seedScale(database, { ...opts, bulk, log: (line) => console.info(`  ${line}`) });
await bulkPool?.end();
// The bulk tables vacuumed, as autovacuum would soon do: their visibility maps set (index-only
// scans) before anything is measured on them.
const v0 = performance.now();
const owner = new pg.Client({ connectionString: config.DATABASE_URL });
await owner.connect();
await owner.query('vacuum attendance_marks, chat_messages, chat_conversations, fee_instalments, fee_payments, fee_records, class_students, users').finally(() => owner.end());
console.info(`  ${'vacuum'.padEnd(22)} ${''.padStart(16)} ${((performance.now() - v0) / 1000).toFixed(1).padStart(8)} s`);
const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
console.info(`seed:scale: ${total} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (principal ${opts.code}0001-P0001, password as the demo's)`);
await database.close();
