import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../src/config.js';
import { PLATFORM, openDatabase, type Database } from '../src/db/client.js';
import { schools } from '../src/db/schema.js';
import { buildApp } from '../src/app.js';
import { backup, restore } from '../src/backup/index.js';
import { PASSWORD, factories, multipart } from './helpers.js';
import { withDatabase } from './global-setup.js';
import { startS3 } from './s3-server.js';

/**
 * `npm run backup` / `npm run restore` (src/backup): a school with a signed-in principal and a
 * photo is backed up, restored into a new data folder (or a new PostgreSQL database), and the app
 * started on the copy signs the principal in and serves the photo. On PGlite the source keeps its
 * files in S3 (a real s3rver) and the copy on disk; on PostgreSQL both on disk.
 */

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function tmp(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function configFor(dataDir: string, url?: string, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off', JOBS: 'off', PUSH: 'off', WEB_DIST: path.join(dataDir, 'no-web'), ...(url ? { DATABASE_URL: url } : {}), ...env });
}

async function started(config: Config, database: Database) {
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** A school, its principal with a photo, in a running app; then the app and database closed. */
async function schoolWithPhoto(config: Config, database: Database) {
  const app = await started(config, database);
  const f = factories(app, database.scoped(PLATFORM));
  const school = await f.school({ name: 'Sunrise Public School' });
  const principal = await f.user(113, school);
  const token = await f.token(principal);
  const body = multipart('file', 'me.png', PNG, 'image/png');
  const up = await app.inject({ method: 'POST', url: '/api/fileupload', payload: body.payload, headers: { ...body.headers, token } });
  expect(up.statusCode, up.body).toBe(200);
  const photo = up.json().result.imageName as string;
  // The bytes stored (the upload is encoded again).
  const bytes = (await app.inject({ method: 'GET', url: `/api/uploads/${photo}`, headers: { token } })).rawPayload;
  const saved = await app.inject({ method: 'PATCH', url: `/api/account/${principal.id}`, headers: { token }, payload: { image: photo } });
  expect(saved.statusCode, saved.body).toBe(200);
  await app.close();
  return { school, principal, photo, bytes };
}

/** The app on the restored copy: the principal signs in, sees the photo, the school is there. */
async function checkRestored(config: Config, database: Database, world: Awaited<ReturnType<typeof schoolWithPhoto>>) {
  const app = await started(config, database);
  try {
    const signin = await app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: world.principal.loginId, password: PASSWORD } });
    expect(signin.statusCode, signin.body).toBe(200);
    const token = signin.json().result.token as string;
    const photo = await app.inject({ method: 'GET', url: `/api/uploads/${world.photo}`, headers: { token } });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(world.bytes)).toBe(true);
    const [school] = await database.scoped(PLATFORM).select({ name: schools.name }).from(schools).where(eq(schools.id, world.school.id));
    expect(school?.name).toBe('Sunrise Public School');
  } finally {
    await app.close();
  }
}

const migrationCount = () => (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

if (!process.env.TEST_DATABASE_URL) describe('backup and restore of the embedded database', () => {
  it('refuses while the server runs, restores into a new data folder only, and the copy signs in with its files (from S3 to disk)', { timeout: 180_000 }, async () => {
    // The source keeps its files in S3: the archive holds them, and the restore puts them on disk.
    const s3 = await startS3();
    cleanups.push(() => s3.stop());
    const source = configFor(tmp('shala-backup-src-'), undefined, s3.env);
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    let database = await openDatabase({ dataDir: source.dataDir, template });
    const world = await schoolWithPhoto(source, database);
    const archive = path.join(tmp('shala-backups-'), 'nightly.tar.gz');

    // PGlite is one process: no backup while its folder is open.
    await expect(backup(source, { out: archive })).rejects.toThrow(/in use: stop the Shala server first/);
    expect(fs.existsSync(archive)).toBe(false);
    await database.close();

    const manifest = await backup(source, { out: archive });
    expect(manifest).toMatchObject({
      format: 'shala-backup',
      database: { kind: 'pglite', file: 'database.tar' },
      migrations: { count: migrationCount() },
      files: { included: true, storage: 's3', count: 1, bytes: world.bytes.length, missing: 0 },
    });
    expect(s3.objects()).toEqual([world.photo]);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    // A target that holds anything is refused; --force replaces it, keeping the old aside.
    const target = configFor(tmp('shala-backup-new-'));
    fs.mkdirSync(path.join(target.dataDir, 'uploads'));
    fs.writeFileSync(path.join(target.dataDir, 'uploads', 'stray.png'), PNG);
    await expect(restore(target, { archive })).rejects.toThrow(/already holds files: restore into a new DATA_DIR, or add --force/);
    expect(fs.existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
    await restore(target, { archive, force: true });
    expect(fs.readdirSync(target.dataDir).filter((n) => n.startsWith('uploads.before-restore-'))).toHaveLength(1);
    database = await openDatabase({ dataDir: target.dataDir });
    await checkRestored(target, database, world);
    await database.close();
    await expect(restore(target, { archive })).rejects.toThrow(/already holds a database/);
    // A PostgreSQL target is not one for this backup.
    await expect(restore(configFor(target.dataDir, 'postgres://nobody@127.0.0.1:1/none'), { archive })).rejects.toThrow(/DATABASE_URL unset/);
  });
});

if (process.env.TEST_DATABASE_URL) describe('backup and restore of PostgreSQL', () => {
  it('dumps with pg_dump, restores into a new empty database only, and the copy signs in with its files', { timeout: 180_000 }, async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const names = [`shala_t_${randomBytes(6).toString('hex')}`, `shala_t_${randomBytes(6).toString('hex')}`];
    cleanups.push(async () => {
      for (const n of names) await admin.query(`drop database if exists ${n} with (force)`);
      await admin.end();
    });
    await admin.query(`create database ${names[0]} template ${inject('templateDb')}`);
    await admin.query(`create database ${names[1]}`);
    const [sourceUrl, targetUrl] = names.map((n) => withDatabase(url, n)) as [string, string];

    const source = configFor(tmp('shala-backup-src-'), sourceUrl);
    let database = await openDatabase({ url: sourceUrl, poolSize: 2 });
    const world = await schoolWithPhoto(source, database);
    // PostgreSQL: pg_dump takes a consistent snapshot while the server runs.
    const archive = path.join(tmp('shala-backups-'), 'nightly.tar.gz');
    const manifest = await backup(source, { out: archive });
    await database.close();
    expect(manifest).toMatchObject({
      database: { kind: 'postgres', file: 'database.dump' },
      migrations: { count: migrationCount() },
      files: { included: true, storage: 'disk', count: 1 },
    });

    const target = configFor(tmp('shala-backup-new-'), targetUrl);
    await restore(target, { archive });
    database = await openDatabase({ url: targetUrl, poolSize: 2 });
    await checkRestored(target, database, world);
    await database.close();
    await expect(restore(configFor(tmp('shala-backup-other-'), targetUrl), { archive })).rejects.toThrow(/already holds tables/);
  });
});
