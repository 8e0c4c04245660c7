import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { Config } from '../config.js';
import { MIGRATIONS_DIR, PLATFORM_ROLE } from '../db/client.js';
import { createStorage, isStoredName } from '../adapters/storage/index.js';
import { now } from '../clock.js';

/**
 * Backups of a whole platform: the database and the uploaded files in one tar.gz with a manifest.
 *
 * - Embedded PGlite: a dump of the data folder (PGlite's `dumpDataDir`). PGlite is one process: the
 *   server must be stopped, and the backup refuses while the folder is in use.
 * - PostgreSQL: `pg_dump -Fc`, a consistent snapshot taken while the server runs.
 * - Files: every file the database names (uploads, class work, report card batches), read through
 *   the configured storage (the disk or an S3 bucket) after the database; `--no-files` leaves them
 *   out (a bucket kept by its provider's versioning or replication).
 *
 * A restore goes into a new data folder or a new empty database, and the files into the configured
 * storage (a disk backup can so move to S3); a target that holds data is refused unless `--force`.
 */

export const FORMAT = 'shala-backup';
export const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  /** The version of Shala that made it. */
  appVersion: string;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; file: string; serverVersion: string };
  /** Migrations applied in the backed-up database: how many, and the last one's tag. */
  migrations: { count: number; last: string | null };
  files: { included: boolean; storage: 'disk' | 's3'; count: number; bytes: number; missing: number };
}

export class BackupError extends Error {}

const ARCHIVE_DB = { pglite: 'database.tar', postgres: 'database.dump' } as const;

function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: opts.env ?? process.env });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new BackupError(`${cmd} was not found on PATH: install it (Debian: apt-get install ${cmd === 'tar' ? 'tar' : 'postgresql-client'}).`) : e),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${err.trim().slice(-2000)}`))));
  });
}

/** The connection URL for pg_dump/pg_restore: the password goes through the environment, not argv. */
function pgArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  u.password = '';
  return { args: ['--dbname', u.toString()], env };
}

function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The committed migrations, in order (drizzle's journal). */
function journal(): { tag: string; when: number }[] {
  return (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

interface Sql {
  query<T>(text: string): Promise<T[]>;
}

async function migrationLevel(sql: Sql): Promise<Manifest['migrations']> {
  const [row] = await sql.query<{ n: string | number; last: string | number | null }>(
    'select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations',
  );
  const last = row?.last == null ? null : (journal().find((e) => e.when === Number(row.last))?.tag ?? String(row.last));
  return { count: Number(row?.n ?? 0), last };
}

/** Every stored file the database names, read in the platform's scope (row-level security). */
async function fileNames(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `select name from files union select file_name from report_card_batches where file_name is not null
     union select image from users where image is not null union select image from schools where image is not null`,
  );
  return rows.map((r) => r.name).filter(isStoredName).sort();
}

const pgliteDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** PGlite keeps postmaster.pid in its folder while it is open (and after a crash, until next open). */
function pgliteInUse(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'postmaster.pid'));
}

async function openPglite(dir: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  return PGlite.create(dir, { extensions: { pg_trgm, btree_gin, btree_gist }, ...(loadDataDir ? { loadDataDir } : {}) });
}

export interface BackupOptions {
  /** The archive to write (…tar.gz); its folder is created. */
  out: string;
  /** Leave the files out (say so in the manifest). */
  noFiles?: boolean;
  log?: (line: string) => void;
}

/** Writes one archive of the configured database and files; returns its manifest. */
export async function backup(config: Config, opts: BackupOptions): Promise<Manifest> {
  const log = opts.log ?? (() => undefined);
  const out = path.resolve(opts.out);
  const stage = await fsp.mkdtemp(path.join(os.tmpdir(), 'shala-backup-'));
  try {
    let database: Manifest['database'];
    let migrations: Manifest['migrations'];
    let names: string[];
    if (config.DATABASE_URL) {
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      try {
        const sql: Sql = { query: async (text) => (await client.query(text)).rows };
        const [{ server_version: serverVersion }] = (await client.query('show server_version')).rows as [{ server_version: string }];
        migrations = await migrationLevel(sql);
        log(`PostgreSQL ${serverVersion}: pg_dump…`);
        const { args, env } = pgArgs(config.DATABASE_URL);
        await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(stage, ARCHIVE_DB.postgres), ...args], { env });
        database = { kind: 'postgres', file: ARCHIVE_DB.postgres, serverVersion };
        // After the dump: a file uploaded meanwhile is extra, never missing from the dump's rows.
        await client.query(`set role ${PLATFORM_ROLE}`);
        names = await fileNames(sql);
      } finally {
        await client.end();
      }
    } else {
      const dir = pgliteDir(config);
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dir}: check DATA_DIR.`);
      if (pgliteInUse(dir)) {
        throw new BackupError(
          `The embedded database in ${dir} is in use: stop the Shala server first (Ctrl+C or SIGTERM), then run the backup again. ` +
            '(If no server runs, the last one was killed: start it once and stop it cleanly.)',
        );
      }
      log(`Embedded PGlite in ${dir}: dumping the data folder…`);
      const client = await openPglite(dir);
      try {
        const sql: Sql = { query: async (text) => (await client.query(text)).rows as never[] };
        const serverVersion = (await sql.query<{ server_version: string }>('show server_version'))[0]?.server_version ?? 'unknown';
        migrations = await migrationLevel(sql);
        await client.query(`set role ${PLATFORM_ROLE}`);
        names = await fileNames(sql);
        await client.query('reset role');
        // Uncompressed: the archive's gzip compresses it once.
        const dump = await client.dumpDataDir('none');
        await fsp.writeFile(path.join(stage, ARCHIVE_DB.pglite), Buffer.from(await dump.arrayBuffer()));
        database = { kind: 'pglite', file: ARCHIVE_DB.pglite, serverVersion };
      } finally {
        await client.close();
      }
    }

    const files: Manifest['files'] = { included: !opts.noFiles, storage: config.S3_BUCKET ? 's3' : 'disk', count: 0, bytes: 0, missing: 0 };
    if (!opts.noFiles) {
      log(`Files: ${names.length} named by the database, from ${files.storage === 's3' ? `bucket ${config.S3_BUCKET}` : 'the uploads folder'}…`);
      await fsp.mkdir(path.join(stage, 'files'));
      const storage = createStorage(config);
      try {
        for (const name of names) {
          const found = await storage.get(name);
          if (!found) {
            files.missing++;
            continue;
          }
          await pipeline(found.stream, fs.createWriteStream(path.join(stage, 'files', name)));
          files.count++;
          files.bytes += found.size;
        }
      } finally {
        await storage.close?.();
      }
      if (files.missing) log(`Warning: ${files.missing} file(s) named by the database were not in the storage.`);
    }

    const manifest: Manifest = { format: FORMAT, formatVersion: FORMAT_VERSION, appVersion: appVersion(), createdAt: now().toISOString(), database, migrations, files };
    await fsp.writeFile(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    await fsp.mkdir(path.dirname(out), { recursive: true });
    const partial = `${out}.part`;
    await run('tar', ['-czf', partial, '-C', stage, '.']);
    await fsp.chmod(partial, 0o600);
    await fsp.rename(partial, out);
    return manifest;
  } finally {
    await fsp.rm(stage, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  archive: string;
  /** Replace a target that holds data (the old folders are kept aside, renamed). */
  force?: boolean;
  log?: (line: string) => void;
}

/** Reads and checks an archive's manifest (extracted into dir). */
async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupError('Not a Shala backup: the archive has no readable manifest.json.');
  }
  if (manifest.format !== FORMAT || manifest.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(`Not a Shala backup of format ${FORMAT} ${FORMAT_VERSION} (found ${String(manifest.format)} ${String(manifest.formatVersion)}).`);
  }
  const known = journal().length;
  if (manifest.migrations.count > known) {
    throw new BackupError(
      `This backup is from a newer Shala (${manifest.migrations.count} migrations, this one knows ${known}, backup made by ${manifest.appVersion}): update Shala first.`,
    );
  }
  return manifest;
}

const nonEmpty = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

/** Moves a folder aside before a forced restore; returns where it went. */
async function setAside(dir: string): Promise<string> {
  const aside = `${dir}.before-restore-${now().toISOString().replace(/[:.]/g, '-')}`;
  await fsp.rename(dir, aside);
  return aside;
}

/** Restores an archive into the configured data folder or database, and its files into the storage. */
export async function restore(config: Config, opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => undefined);
  const archive = path.resolve(opts.archive);
  if (!fs.existsSync(archive)) throw new BackupError(`No such archive: ${archive}`);
  const stage = await fsp.mkdtemp(path.join(os.tmpdir(), 'shala-restore-'));
  try {
    await run('tar', ['-xzf', archive, '-C', stage]);
    const manifest = await readManifest(stage);
    const uploads = path.join(config.dataDir, 'uploads');
    const restoresFiles = manifest.files.included && !config.S3_BUCKET;

    // Check every target before changing any.
    if (manifest.database.kind === 'pglite') {
      if (config.DATABASE_URL) {
        throw new BackupError('This is a backup of the embedded database: restore it with DATABASE_URL unset, into a new DATA_DIR.');
      }
      const dir = pgliteDir(config);
      if (pgliteInUse(dir)) throw new BackupError(`The embedded database in ${dir} is in use: stop the Shala server first.`);
      if (nonEmpty(dir) && !opts.force) {
        throw new BackupError(`${dir} already holds a database: restore into a new DATA_DIR, or add --force to replace it (the old folder is kept aside).`);
      }
    } else if (!config.DATABASE_URL) {
      throw new BackupError('This is a backup of PostgreSQL: set DATABASE_URL to a new, empty database to restore it into.');
    }
    if (restoresFiles && nonEmpty(uploads) && !opts.force) {
      throw new BackupError(`${uploads} already holds files: restore into a new DATA_DIR, or add --force (the old folder is kept aside).`);
    }

    if (manifest.database.kind === 'pglite') await restorePglite(config, stage, manifest, opts.force ?? false, log);
    else await restorePostgres(config.DATABASE_URL!, stage, manifest, opts.force ?? false, log);

    if (manifest.files.included) {
      if (restoresFiles && nonEmpty(uploads)) log(`Kept the old files aside in ${await setAside(uploads)}`);
      const names = fs.existsSync(path.join(stage, 'files')) ? fs.readdirSync(path.join(stage, 'files')).filter(isStoredName) : [];
      log(`Files: ${names.length} into ${config.S3_BUCKET ? `bucket ${config.S3_BUCKET}` : uploads}…`);
      const storage = createStorage(config);
      try {
        for (const name of names) await storage.put(name, fs.createReadStream(path.join(stage, 'files', name)), 'application/octet-stream');
      } finally {
        await storage.close?.();
      }
    } else {
      log('The archive holds no files (made with --no-files): restore them from the bucket or its versions.');
    }
    return manifest;
  } finally {
    await fsp.rm(stage, { recursive: true, force: true });
  }
}

async function restorePglite(config: Config, stage: string, manifest: Manifest, force: boolean, log: (line: string) => void) {
  const dir = pgliteDir(config);
  if (nonEmpty(dir) && force) log(`Kept the old database aside in ${await setAside(dir)}`);
  await fsp.mkdir(dir, { recursive: true });
  log(`Embedded PGlite into ${dir}…`);
  const dump = new Blob([await fsp.readFile(path.join(stage, manifest.database.file))]);
  const client = await openPglite(dir, dump);
  try {
    await client.query('select 1 from drizzle.__drizzle_migrations limit 1');
  } finally {
    await client.close();
  }
}

/**
 * What a dump leaves out and a new database or cluster lacks, taken from migration 0004 (the
 * statements that create the roles, grant them to the restoring user, and mark LIKE leakproof):
 * the roles are the cluster's, and the mark is on a catalog function, so neither is in the dump.
 */
function beforeRestore(): string[] {
  const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0004_tenancy_rls.sql'), 'utf8');
  return sql
    .split('--> statement-breakpoint')
    .filter((s) => /CREATE ROLE shala_app|GRANT shala_app TO CURRENT_USER|GRANT shala_platform TO shala_app|LEAKPROOF;/.test(s));
}

async function restorePostgres(url: string, stage: string, manifest: Manifest, force: boolean, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]!.n) > 0 && !force) {
      throw new BackupError('The database of DATABASE_URL already holds tables: restore into a new, empty database (createdb), or add --force to replace them.');
    }
    for (const statement of beforeRestore()) await client.query(statement);
  } finally {
    await client.end();
  }
  log('PostgreSQL: pg_restore…');
  const { args, env } = pgArgs(url);
  await run(
    'pg_restore',
    ['--no-owner', '--single-transaction', '--exit-on-error', ...(force ? ['--clean', '--if-exists'] : []), ...args, path.join(stage, manifest.database.file)],
    { env },
  );
}
