import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Role } from '@shala/contract';
import { loadConfig, type Config } from '../src/config.js';
import { PLATFORM, openDatabase, type Database, type Db } from '../src/db/client.js';
import { academicSessions, schools } from '../src/db/schema.js';
import { buildApp, type App } from '../src/app.js';
import { createUser, nextLoginId } from '../src/modules/users/service.js';
import { withDatabase } from './global-setup.js';

export const PASSWORD = 'Password@123';

export interface TestEnv {
  app: App;
  /** The platform scope: factories and checks that cross schools. */
  db: Db;
  database: Database;
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
    AUTH_RATE_LIMIT_MAX: '1000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  let database;
  let dropDb = async () => {};
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const name = `shala_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDb')}`);
    database = await openDatabase({ url: withDatabase(pgUrl, name), poolSize: 4 });
    dropDb = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir: null });
  }
  const app = await buildApp({ config, database, logger: false });
  const db = database.scoped(PLATFORM);
  await app.ready();
  return {
    app,
    db,
    database,
    config,
    dataDir,
    f: factories(app, db),
    async close() {
      await app.close();
      await database.close();
      await dropDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
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
      const u = await createUser(db, {
        schoolId: school?.id ?? null,
        loginId,
        roleId: role,
        firstName,
        lastName: 'Test',
        email: over.email === undefined ? `${loginId.toLowerCase()}@example.test` : over.email,
        status: over.status ?? true,
        parentUserId: over.parentUserId ?? null,
        password: PASSWORD,
      });
      return { id: u.id, loginId, roleId: role, schoolId: school?.id ?? null, password: PASSWORD, name: `${firstName} Test` };
    },
    /** Signs in through the API and returns the session token. */
    async token(user: TestUser): Promise<string> {
      const res = await app.inject({ method: 'POST', url: '/api/signin', payload: { loginId: user.loginId, password: user.password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return res.json().result.token as string;
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
