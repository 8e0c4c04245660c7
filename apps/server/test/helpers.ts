import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@shala/contract';
import { loadConfig, type Config } from '../src/config.js';
import { PLATFORM, openDatabase, type Database, type Db } from '../src/db/client.js';
import { academicSessions, schools, users } from '../src/db/schema.js';
import { buildApp, type App } from '../src/app.js';
import { hashSecret } from '../src/auth/crypto.js';
import { openSession } from '../src/auth/sessions.js';
import { nextLoginId } from '../src/modules/users/service.js';
import { withDatabase } from './global-setup.js';
import { NASTY } from './hostile-values.js';

const HOSTILE: ReadonlySet<unknown> = new Set(NASTY);

export const PASSWORD = 'Password@123';

export interface TestEnv {
  app: App;
  /** The platform scope: factories and checks that cross schools. */
  db: Db;
  database: Database;
  /** PostgreSQL: the URL of the test's own database (a second node opens it too); PGlite: null. */
  databaseUrl: string | null;
  config: Config;
  dataDir: string;
  f: Factories;
  close(): Promise<void>;
}

/**
 * A real app on a real database: PGlite in memory by default, or a private copy of the migrated
 * PostgreSQL template when TEST_DATABASE_URL is set.
 */
export async function setupApp(env: Record<string, string> = {}): Promise<TestEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO: 'off',
    // No job queue unless a test asks for it (JOBS: 'on').
    JOBS: 'off',
    // No Web Push unless a test asks for it (PUSH: 'on', test/push.test.ts).
    PUSH: 'off',
    AUTH_RATE_LIMIT_MAX: '1000',
    AUTH_ADDRESS_LIMIT_MAX: '100000',
    // No overload shedding unless a test asks for it (test/under-pressure.test.ts): the embedded
    // database runs on the test's own thread, and a loaded CI machine must not turn into 503s.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_DB_WAIT_MS: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  let database;
  let dropDb = async () => {};
  let databaseUrl: string | null = null;
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const name = `shala_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDb')}`);
    databaseUrl = withDatabase(pgUrl, name);
    database = await openDatabase({ url: databaseUrl, poolSize: 4 });
    dropDb = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir: null, template: await pgliteTemplate() });
  }
  const log = openTestLog();
  const app = await buildApp({ config: { ...config, LOG_LEVEL: 'debug' }, database, logger: { stream: log.stream } });
  log.watch(app);
  const db = database.scoped(PLATFORM);
  await app.ready();
  return {
    app,
    db,
    database,
    databaseUrl,
    config,
    dataDir,
    f: factories(app, db),
    async close() {
      await app.close();
      await database.close();
      await dropDb();
      log.remember(dataDir);
      await log.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let apps = 0;

/**
 * The app's log goes, at debug level, to a file of this test file in the run's log folder; every
 * secret the test sees (passwords and codes sent, tokens and first passwords answered, codes and
 * passwords mailed) is listed next to it, so scripts/test-logs.mjs can check that none was logged.
 */
/** Marks a request whose body values are generated noise, not secrets a person chose (fuzz.test.ts). */
export const GENERATED_HEADER = 'x-test-generated';

function openTestLog() {
  const dir = inject('logDir');
  fs.mkdirSync(dir, { recursive: true });
  const testFile = path.basename(expect.getState().testPath ?? 'test').replace(/\.test\.ts$/, '');
  const base = path.join(dir, `${testFile}-${process.pid}-${++apps}`);
  const stream = fs.createWriteStream(`${base}.log`, { flags: 'a' });
  const secrets = new Set<string>();
  const keep = (kind: string, value: unknown) => {
    if (typeof value === 'string' && value.length >= 6) secrets.add(`${kind}\t${value}`);
  };
  const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'otp', 'token'];
  const collect = (obj: unknown, depth = 0, skip?: ReadonlySet<unknown>) => {
    if (!obj || typeof obj !== 'object' || depth > 4) return;
    for (const [k, v] of Object.entries(obj)) {
      if (SECRET_KEYS.includes(k)) {
        if (!skip?.has(v)) keep(k, v);
      } else collect(v, depth + 1, skip);
    }
  };
  return {
    stream,
    watch(app: App) {
      // Generated requests (the fuzz test, header GENERATED_HEADER) carry random values in secret
      // fields that reappear by design in other requests' paths: they count as secrets only when
      // the server accepted them, and never when they are of the shared hostile pool (a date such
      // as 2101-01-01 is a valid new password and also a path segment of other requests).
      app.addHook('preHandler', async (req) => {
        if (!req.headers[GENERATED_HEADER]) collect(req.body);
      });
      app.addHook('onResponse', async (req, reply) => {
        if (req.headers[GENERATED_HEADER] && reply.statusCode < 400) collect(req.body, 0, HOSTILE);
      });
      app.addHook('onSend', async (req, _reply, payload) => {
        if (typeof payload === 'string' && payload.startsWith('{')) {
          try {
            collect(JSON.parse(payload));
          } catch {
            /* not JSON */
          }
        }
        return payload;
      });
    },
    /** Codes and first passwords from the outbox mails of this app. */
    remember(dataDir: string) {
      const outbox = path.join(dataDir, 'outbox');
      if (!fs.existsSync(outbox)) return;
      for (const f of fs.readdirSync(outbox)) {
        const text = fs.readFileSync(path.join(outbox, f), 'utf8');
        for (const m of text.matchAll(/code[^:\n]*is: (\d{6})/g)) keep('one-time code', m[1]);
        for (const m of text.matchAll(/First password: (\S+)/g)) keep('first password', m[1]);
      }
    },
    async end() {
      await new Promise<void>((resolve) => stream.end(resolve));
      if (secrets.size) fs.writeFileSync(`${base}.secrets`, [...secrets].join('\n') + '\n', { mode: 0o600 });
    },
  };
}

export interface TestSchool {
  id: string;
  code: string;
  name: string;
  sessionId: string;
}
export interface TestUser {
  id: string;
  loginId: string;
  roleId: Role;
  schoolId: string | null;
  password: string;
  name: string;
}

export type Factories = ReturnType<typeof factories>;

/** The migrated PGlite folder of this run (global-setup), read once per test file. */
let template: Promise<Blob> | undefined;
const pgliteTemplate = () => (template ??= fs.promises.readFile(inject('pgliteTemplate')).then((b) => new Blob([b])));

/**
 * The test password's argon2id hash, computed once per test file: every factory user shares it
 * (sign-in still verifies it for real), which spares a hash per user.
 */
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashSecret(PASSWORD));

/** Factories make each test's own tenant, so tests never depend on each other's rows. */
export function factories(app: App, db: Db) {
  return {
    async school(over: Partial<typeof schools.$inferInsert> = {}): Promise<TestSchool> {
      const code = `T${randomBytes(3).toString('hex').toUpperCase()}`;
      const [s] = await db
        .insert(schools)
        .values({ code, name: `School ${code}`, ...over })
        .returning();
      const [session] = await db
        .insert(academicSessions)
        .values({ schoolId: s!.id, label: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', isCurrent: true })
        .returning();
      return { id: s!.id, code: s!.code, name: s!.name, sessionId: session!.id };
    },
    async user(
      role: Role,
      school: TestSchool | null,
      over: { email?: string | null; status?: boolean; parentUserId?: string; firstName?: string } = {},
    ): Promise<TestUser> {
      const loginId = school ? await nextLoginId(db, school.code, role) : `owner-${randomBytes(3).toString('hex')}`;
      const firstName = over.firstName ?? `User${role}`;
      const [u] = await db
        .insert(users)
        .values({
          schoolId: school?.id ?? null,
          loginId,
          roleId: role,
          firstName,
          lastName: 'Test',
          email: over.email === undefined ? `${loginId.toLowerCase()}@example.test` : over.email,
          status: over.status ?? true,
          parentUserId: over.parentUserId ?? null,
          passwordHash: await testPasswordHash(),
        })
        .returning({ id: users.id });
      return { id: u!.id, loginId, roleId: role, schoolId: school?.id ?? null, password: PASSWORD, name: `${firstName} Test` };
    },
    /**
     * A session token for a user, opened as sign-in opens it (`openSession`) but without its argon2
     * verification: a run makes about a thousand. Sign-in itself is tested through
     * `/api/signin` (auth.test and others); a user the server would refuse gets no token here either.
     */
    async token(user: TestUser): Promise<string> {
      const [row] = await db
        .select({ status: users.status, schoolStatus: schools.status })
        .from(users)
        .leftJoin(schools, eq(schools.id, users.schoolId))
        .where(eq(users.id, user.id));
      if (!row?.status || row.schoolStatus === false) throw new Error(`sign-in refused: ${user.loginId} or its school is inactive`);
      return (await openSession(app.deps, user, { ip: '127.0.0.1' })).token;
    },
  };
}

/** One user of every role in a fresh school (and a platform owner), each signed in. */
export async function everyRole(env: TestEnv) {
  const school = await env.f.school();
  const users = {} as Record<Role, TestUser & { token: string }>;
  for (const role of [111, 112, 113, 114, 115, 116] as const) {
    const u = await env.f.user(role, role === 111 ? null : school);
    users[role] = { ...u, token: await env.f.token(u) };
  }
  return { school, users };
}

/** Reads the newest mail in the outbox folder. */
export function latestMail(env: TestEnv): string | null {
  const dir = env.config.outboxDir;
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir).sort();
  const last = files.at(-1);
  return last ? fs.readFileSync(path.join(dir, last), 'utf8') : null;
}

export async function waitFor<T>(fn: () => T | null | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A multipart/form-data body with one file part, for app.inject. */
export function multipart(field: string, filename: string, content: Buffer | string, type = 'text/csv') {
  const boundary = `----shala${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
