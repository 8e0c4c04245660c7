// The server under benchmark: the real app plus one bare route returning constant JSON (the
// ceiling, through the app's own global hooks), and a plain Fastify with the same route on the
// next port, so the cost of the hooks stays visible. Seeds a school of BENCH_STUDENTS (2,000)
// students and, unless BENCH_BIG=0, a second school of BENCH_BIG_STUDENTS (100,000).
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { PLATFORM, openDatabase, type Db } from '../src/db/client.js';
import { seedIfEmpty, DEMO_PASSWORD } from '../src/db/seed/demo.js';
import { buildApp } from '../src/app.js';
import { hashGenerated, hashSecret } from '../src/auth/crypto.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000000' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 20 });
await seedIfEmpty(database, { demo: true });
const db = database.scoped(PLATFORM);

/** Adds `count` students to a school in one statement (one hash shared: only reads are measured). */
async function addStudents(db: Db, schoolId: string, code: string, count: number, from = 1) {
  const hash = await hashGenerated('bench-only');
  await db.execute(sql`
    insert into users (school_id, role_id, login_id, first_name, last_name, email, password_hash)
    select ${schoolId}::uuid, 116, ${code} || '-S' || lpad((i + 1)::text, 6, '0'), 'Student' || i,
      (array['Sharma','Verma','Iyer','Khan','Das'])[i % 5 + 1], 'student' || i || '@' || lower(${code}) || '.bench.example.in', ${hash}
    from generate_series(${from}::int, ${from + count - 1}::int) as i`);
}

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const BIG = process.env.BENCH_BIG === '0' ? 0 : Number(process.env.BENCH_BIG_STUDENTS ?? 100_000);
const rowsOf = (r: unknown) => (r as { rows: Array<{ id: string }> }).rows;
const [demo] = rowsOf(await db.execute(sql`select id from schools where code = 'DEMO'`));
await addStudents(db, demo!.id, 'DEMO', STUDENTS, 1000);
// Assign: a class of the current session with 30 subjects, all taught by the demo teacher, and a
// second teacher, for "save the subject-teacher table" (run.ts finds them through the API).
await db.execute(sql`with s as (
    insert into subjects (school_id, name) select ${demo!.id}::uuid, 'Bench subject ' || lpad(i::text, 2, '0') from generate_series(1, 30) as i returning id),
  c as (
    insert into classes (school_id, session_id, master_class, name, section, class_limit)
    select ${demo!.id}::uuid, id, '8', '8', 'T', 40 from academic_sessions where school_id = ${demo!.id} and is_current returning id)
  insert into class_subjects (school_id, class_id, subject_id, teacher_id)
  select ${demo!.id}::uuid, c.id, s.id, (select id from users where login_id = 'DEMO-T0001') from s, c`);
await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
  values (${demo!.id}, 114, 'DEMO-T0900', 'Bench', 'Teacher', ${await hashGenerated('bench-only')})`);
if (BIG) {
  const [big] = rowsOf(await db.execute(sql`insert into schools (code, name) values ('BIG', 'Bench Big School') returning id`));
  await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
    values (${big!.id}, 113, 'BIG-P0001', 'Big', 'Principal', ${await hashSecret(DEMO_PASSWORD)})`);
  await addStudents(db, big!.id, 'BIG', BIG);
}
await database.analyze();

const app = await buildApp({ config, database, logger: false });
app.get('/bench/ceiling', { schema: { hide: true } }, async () => ({ result: { ok: true } }));
await app.listen({ port: config.PORT, host: '127.0.0.1' });

const plain = Fastify({ logger: false });
plain.get('/bench/ceiling', async () => ({ result: { ok: true } }));
await plain.listen({ port: config.PORT + 1, host: '127.0.0.1' });

process.send?.({ ready: true, big: BIG, students: STUDENTS });
process.on('SIGTERM', () => void Promise.all([app.close(), plain.close()]).then(() => database.close()).then(() => process.exit(0)));
