import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { PLATFORM, openDatabase, type Database } from '../src/db/client.js';
import { notifications } from '../src/db/schema.js';
import { buildApp, type App } from '../src/app.js';
import { bossOptions } from '../src/queue/index.js';
import { JOB_SPECS } from '../src/jobs/index.js';
import { FEE_REMINDER_JOB } from '../src/modules/payments/reminders.js';
import { overdueInstalment } from './fees-fixture.js';
import { factories } from './helpers.js';
import { withDatabase } from './global-setup.js';

/**
 * The reminder job in the PostgreSQL job queue (pg-boss): with JOBS=on the app registers the
 * queue and its schedule when it is ready and runs the job once at start; the schedule is in the
 * database, so a restarted server finds it; a second start sends no second reminder.
 * On the embedded PGlite (a data folder) and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A database that can be closed and opened again (a restart). */
async function reopenable(): Promise<() => Promise<Database>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const name = `shala_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDb')}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    return () => openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-jobs-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return () => openDatabase({ dataDir: dir });
}

async function start(database: Database): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-jobs-app-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off', JOBS: 'on', WEB_DIST: path.join(dataDir, 'no-web') });
  return buildApp({ config, database, logger: false });
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A pg-boss that only reads (no schedule clock, no maintenance), on the same database. */
async function reader(database: Database): Promise<PgBoss> {
  const boss = new PgBoss({ ...bossOptions(database.jobs), schedule: false, supervise: false, migrate: false });
  boss.on('error', () => undefined);
  await boss.start();
  return boss;
}

describe('the fee reminder job', () => {
  it('is registered in the queue with its schedule, runs at start, and a restart finds it without sending twice', async () => {
    const open = await reopenable();
    let database = await open();
    let app = await start(database);
    const db = database.scoped(PLATFORM);

    // A student with one overdue instalment and a parent, before the app is ready.
    const f = factories(app, db);
    const school = await f.school();
    const parent = await f.user(115, school);
    const student = await f.user(116, school, { parentUserId: parent.id });
    await overdueInstalment(db, school, student);
    const parentNotes = async () => (await database.scoped(PLATFORM).select({ n: count() }).from(notifications).where(eq(notifications.userId, parent.id)))[0]!.n;

    await app.ready();
    // The job sent at start runs: the parent hears of the overdue instalment.
    await until('the reminder at start', async () => (await parentNotes()) === 1);

    let boss = await reader(database);
    expect(await boss.getSchedules()).toEqual(expect.arrayContaining([expect.objectContaining({ name: FEE_REMINDER_JOB.name, cron: FEE_REMINDER_JOB.cron })]));
    expect(await boss.getQueue(FEE_REMINDER_JOB.name)).toMatchObject({ name: FEE_REMINDER_JOB.name, policy: 'stately' });
    await boss.stop({ graceful: false });
    await app.close();
    await database.close();

    // A restart: the schedule and the queue are still in the database.
    database = await open();
    boss = await reader(database);
    expect(await boss.getSchedules()).toEqual(expect.arrayContaining([expect.objectContaining({ name: FEE_REMINDER_JOB.name, cron: FEE_REMINDER_JOB.cron })]));
    // The first run's job is done (archived or completed), none is left waiting.
    expect(await boss.getQueueSize(FEE_REMINDER_JOB.name)).toBe(0);

    // The restarted app runs the job again at start: nothing new to say.
    app = await start(database);
    await app.ready();
    await until('the second start’s job to finish', async () => {
      const queued = await boss.getQueueSize(FEE_REMINDER_JOB.name, { before: 'completed' });
      return queued === 0 && (await boss.getQueues()).some((q) => q.name === FEE_REMINDER_JOB.name);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await parentNotes()).toBe(1);
    await boss.stop({ graceful: false });
    await app.close();
    await database.close();
  }, 180_000);

  // Nodes deployed together on a new database each create the same queues at once; PostgreSQL
  // breaks the deadlock that can make by aborting one, and that node tries again.
  if (process.env.TEST_DATABASE_URL)
    it('starts on four nodes at once on a new database, each with every queue and schedule', async () => {
      const open = await reopenable();
      const databases = await Promise.all([1, 2, 3, 4].map(() => open()));
      const apps = await Promise.all(databases.map((d) => start(d)));
      await Promise.all(apps.map((a) => a.ready()));
      const boss = await reader(databases[0]!);
      for (const spec of JOB_SPECS) {
        expect(await boss.getQueue(spec.name)).toMatchObject({ name: spec.name, policy: spec.policy ?? 'stately' });
        if (spec.cron) expect(await boss.getSchedules()).toEqual(expect.arrayContaining([expect.objectContaining({ name: spec.name, cron: spec.cron })]));
      }
      await boss.stop({ graceful: false });
      for (const a of apps) await a.close();
      for (const d of databases) await d.close();
    }, 120_000);
});
