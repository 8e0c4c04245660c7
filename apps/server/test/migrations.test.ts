import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

/**
 * Upgrades: a database made by an earlier release, holding a school's data, takes this release's
 * migrations. On PostgreSQL the owner that upgrades is a plain role (no superuser, no BYPASSRLS),
 * as on a managed server after its first start, so that a migration that copies rows across schools
 * meets the forced row-level security it would meet there.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tmp(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

/** The migrations folder as the release ending with migration `last` had it. */
function migrationsUpTo(last: string): string {
  const dir = tmp('shala-migrations-');
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  const end = journal.entries.findIndex((e) => e.tag === last);
  expect(end, `migration ${last}`).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, end + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

type Exec = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Statements past the tenant wall (the platform role), as a seed would write. */
const platform = (database: Database): Exec => async (text) =>
  ((await database.scoped('platform').execute(text)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

/** The database error under drizzle's wrapper, if the statement fails. */
const refusal = (run: Promise<unknown>) => run.then(() => null, (err: Error) => err.cause as { code?: string; message?: string });

/** A school with a fee record of two instalments in each of two sessions, as release 0018 stored them. */
async function feesBefore0019(exec: Exec): Promise<{ sessions: string[] }> {
  const [school] = await exec(`insert into schools (code, name) values ('UPG01', 'Upgrade School') returning id`);
  const sessions: string[] = [];
  for (const [i, label] of ['2025-26', '2026-27'].entries()) {
    const year = 2025 + i;
    const [session] = await exec(
      `insert into academic_sessions (school_id, label, start_date, end_date) values ('${school!.id}', '${label}', '${year}-04-01', '${year + 1}-03-31') returning id`,
    );
    const [cls] = await exec(`insert into classes (school_id, session_id, master_class, name, section) values ('${school!.id}', '${session!.id}', '3', '3', 'A') returning id`);
    const [student] = await exec(
      `insert into users (school_id, login_id, role_id, first_name, password_hash) values ('${school!.id}', 'UPG01-S000${i + 1}', 116, 'Asha', 'x') returning id`,
    );
    await exec(`insert into class_students (school_id, session_id, class_id, student_id, roll_no) values ('${school!.id}', '${session!.id}', '${cls!.id}', '${student!.id}', 1)`);
    const [record] = await exec(
      `insert into fee_records (school_id, session_id, class_id, student_id, class_fee, total) values ('${school!.id}', '${session!.id}', '${cls!.id}', '${student!.id}', 1000000, 1000000) returning id`,
    );
    await exec(
      `insert into fee_instalments (school_id, fee_record_id, seq, due_date, amount, paid) values
        ('${school!.id}', '${record!.id}', 1, '${year}-05-10', 500000, true), ('${school!.id}', '${record!.id}', 2, '${year}-06-10', 500000, false)`,
    );
    sessions.push(session!.id as string);
  }
  return { sessions };
}

const COPIED = `select i.session_id = r.session_id as same, count(*)::int as n
  from fee_instalments i join fee_records r on r.id = i.fee_record_id group by 1`;
const MISMATCH = `insert into fee_instalments (school_id, session_id, fee_record_id, seq, due_date, amount)
  select r.school_id, s.id, r.id, 9, '2026-07-10', 1 from fee_records r join academic_sessions s on s.school_id = r.school_id and s.id <> r.session_id limit 1`;

/** Notifications as the release before 0021 stored them: one text, "English / Hindi" or English alone, or the sender's words. */
async function notificationsBefore0021(exec: Exec): Promise<void> {
  const [school] = await exec(`select id from schools where code = 'UPG01'`);
  const [parent] = await exec(`insert into users (school_id, login_id, role_id, first_name, password_hash) values ('${school!.id}', 'UPG01-G0001', 115, 'Ravi', 'x') returning id`);
  const row = (kind: string, message: string) => `('${school!.id}', '${parent!.id}', 'Teacher', '${kind}', '${message}')`;
  await exec(`insert into notifications (school_id, user_id, sender_name, kind, message) values
    ${row('absence', 'Asha was marked absent on 25-11-2026. / Asha 25-11-2026 को अनुपस्थित रहे।')},
    ${row('classwork', 'New class work in Maths: Fractions')},
    ${row('chat', 'See me after class / please')},
    ${row('notice', 'Sports day')}`);
}

/** The release before 0019 writes a school's fees and notifications; this release opens the database and upgrades it. */
async function upgradeAcross0019(open: (migrations?: string) => Promise<Database>) {
  const before = await open(migrationsUpTo('0018_attendance_stats'));
  await feesBefore0019(platform(before));
  await notificationsBefore0021(platform(before));
  await before.close();

  const database = await open();
  cleanups.push(() => database.close());
  const exec = platform(database);
  expect(await exec(COPIED)).toEqual([{ same: true, n: 4 }]);
  expect(await exec(`select relname::text, relforcerowsecurity as forced from pg_class where relname in ('fee_instalments', 'fee_records') order by 1`)).toEqual([
    { relname: 'fee_instalments', forced: true },
    { relname: 'fee_records', forced: true },
  ]);
  expect(await refusal(exec(MISMATCH))).toMatchObject({ code: '23503', message: expect.stringContaining('fee_instalments_record_fk') });
  // 0021: no notification lost; the server's old texts become their English and Hindi halves, the sender's words stay.
  expect(await exec(`select kind, message, params from notifications order by kind`)).toEqual([
    { kind: 'absence', message: '', params: { en: 'Asha was marked absent on 25-11-2026.', hi: 'Asha 25-11-2026 को अनुपस्थित रहे।' } },
    { kind: 'chat', message: 'See me after class / please', params: {} },
    { kind: 'classwork', message: '', params: { en: 'New class work in Maths: Fractions', hi: 'New class work in Maths: Fractions' } },
    { kind: 'notice', message: 'Sports day', params: {} },
  ]);
}

if (!process.env.TEST_DATABASE_URL)
  describe('upgrading an embedded database', () => {
    it('0019: instalments get their record’s session, and the database keeps it so; 0021: notifications get params', { timeout: 120_000 }, async () => {
      const dataDir = tmp('shala-upgrade-');
      await upgradeAcross0019((migrations) => openDatabase({ dataDir, migrations }));
    });
  });

if (process.env.TEST_DATABASE_URL)
  describe('upgrading a PostgreSQL database', () => {
    it('0019 and 0021 run by a plain owner (no superuser, no BYPASSRLS): every school’s instalments get their record’s session, its notifications params', { timeout: 120_000 }, async () => {
      const { default: pg } = await import('pg');
      const url = process.env.TEST_DATABASE_URL!;
      const suffix = randomBytes(5).toString('hex');
      const name = `shala_up_${suffix}`;
      const ownerRole = `shala_up_owner_${suffix}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`drop role if exists ${ownerRole}`);
        await admin.end();
      });
      // A superuser's part, once per cluster: the app's roles (as the first start makes them), and
      // an owner that may hand them on.
      await admin.query(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'shala_app') then create role shala_app nologin nosuperuser nobypassrls noinherit; end if;
        if not exists (select 1 from pg_roles where rolname = 'shala_platform') then create role shala_platform nologin nosuperuser bypassrls noinherit; end if;
        exception when duplicate_object or unique_violation then null; end $$`);
      await admin.query(`create role ${ownerRole} login nosuperuser nobypassrls`);
      await admin.query(`grant shala_app, shala_platform to ${ownerRole} with admin option`);
      await admin.query(`create database ${name} owner ${ownerRole}`);
      const ownerUrl = new URL(withDatabase(url, name));
      ownerUrl.username = ownerRole;
      ownerUrl.password = '';
      await upgradeAcross0019((migrations) => openDatabase({ url: ownerUrl.toString(), poolSize: 1, migrations }));
    });
  });
