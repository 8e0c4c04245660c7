import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { count, eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REALTIME_EVENTS, type ChatMessage } from '@shala/contract';
import { PLATFORM, openDatabase, type Database } from '../src/db/client.js';
import { notifications, users } from '../src/db/schema.js';
import { seedOnce } from '../src/seed/once.js';
import { bossOptions } from '../src/queue/index.js';
import { FEE_REMINDER_JOB } from '../src/modules/payments/reminders.js';
import { overdueInstalment } from './fees-fixture.js';
import { SESSION_CACHE_MS } from '../src/auth/session-cache.js';
import { factories, type TestUser } from './helpers.js';
import { withDatabase } from './global-setup.js';
import { freePort } from './ports.js';

/**
 * Two app nodes, each its own process (its own session cache, limits and sockets), on one
 * PostgreSQL database and one Redis, as the recipe in docs/operations.md runs them: a session made
 * on one works on the other, a sign-out on one ends it on both, the sign-in limit counts across
 * both, socket events cross nodes, and a job both nodes queue at start does its work once.
 * PostgreSQL and Redis are what make nodes share; the CI's PostgreSQL pass gives both.
 */
const MAIN = path.join(import.meta.dirname, '../src/main.ts');
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

interface Node {
  url: string;
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts the real entry point (`npm start`) as one node. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-node-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: 'off', PUSH: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  cleanups.push(stop);
  const deadline = Date.now() + 90_000;
  while (!out.includes('Shala is running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`node did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, output: () => out, stop };
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function nextEvent<T>(socket: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const signIn = (node: Node, user: TestUser, password = user.password) =>
  fetch(`${node.url}/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: user.loginId, password }) });

async function tokenOn(node: Node, user: TestUser): Promise<string> {
  const res = await signIn(node, user);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

const get = (node: Node, url: string, token: string) => fetch(`${node.url}${url}`, { headers: { token } });

if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) describe('two app nodes on one PostgreSQL and one Redis', () => {
  it('share sessions, sign-outs, sign-in limits, live events and jobs', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL!;
    const { default: pg } = await import('pg');
    const name = `shala_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDb')}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = withDatabase(pgUrl, name);
    const database: Database = await openDatabase({ url, poolSize: 4 });
    cleanups.push(() => database.close());
    const db = database.scoped(PLATFORM);

    // Nodes started together on an empty database: one seeds it, the others find it seeded.
    const seeds = await Promise.all([seedOnce(database, { demo: false }), seedOnce(database, { demo: false }), seedOnce(database, { demo: false })]);
    expect(seeds.filter((s) => s.created)).toHaveLength(1);
    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(1);

    // A school: a principal, a teacher, a parent and its child with an overdue instalment, so the
    // reminder job both nodes queue at start has something to say, once.
    const f = factories(undefined as never, db);
    const school = await f.school();
    const principal = await f.user(113, school);
    const teacher = await f.user(114, school);
    const parent = await f.user(115, school);
    const student = await f.user(116, school, { parentUserId: parent.id });
    await overdueInstalment(db, school, student);

    const env = { DATABASE_URL: url, REDIS_URL: process.env.TEST_REDIS_URL!, JOBS: 'on', AUTH_RATE_LIMIT_MAX: '4', AUTH_ADDRESS_LIMIT_MAX: '100000' };
    const [a, b] = await Promise.all([startNode(env), startNode(env)]);
    for (const node of [a, b]) {
      const ready = await fetch(`${node.url}/api/health/ready`);
      expect(await ready.json()).toEqual({ result: { status: 'ok', database: 'ok', redis: 'ok' } });
    }

    // A session made on A works on B.
    const teacherToken = await tokenOn(a, teacher);
    const onB = await get(b, '/api/dashboard', teacherToken);
    expect(onB.status).toBe(200);

    // A chat message sent through B reaches the principal's socket held by A.
    const principalToken = await tokenOn(b, principal);
    const principalSocket = connect(a.url, { path: '/socket.io', auth: { token: principalToken }, transports: ['websocket'], reconnection: false });
    cleanups.push(async () => principalSocket.close());
    await nextEvent(principalSocket, 'connect');
    const live = nextEvent<ChatMessage>(principalSocket, REALTIME_EVENTS.chatMessage);
    const sent = await fetch(`${b.url}/api/chat/${principal.id}/messages`, {
      method: 'POST',
      headers: { token: teacherToken, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Across two nodes' }),
    });
    expect(sent.status).toBe(200);
    const { clientId: _own, ...forRecipient } = ((await sent.json()) as { result: ChatMessage }).result;
    expect(await live).toEqual(forRecipient);

    // Signing out on A ends the session on B: its socket there at once, and its requests there
    // sooner than B's session cache would forget it by itself.
    const teacherSocket = connect(b.url, { path: '/socket.io', auth: { token: teacherToken }, transports: ['websocket'], reconnection: false });
    cleanups.push(async () => teacherSocket.close());
    await nextEvent(teacherSocket, 'connect');
    expect((await get(b, '/api/dashboard', teacherToken)).status).toBe(200);
    const ended = nextEvent<string>(teacherSocket, 'disconnect');
    const out = await fetch(`${a.url}/api/signout`, { method: 'POST', headers: { token: teacherToken } });
    const signedOutAt = Date.now();
    expect(out.status).toBe(200);
    expect(await ended).toBe('io server disconnect');
    await until('B to refuse the signed-out session', async () => (await get(b, '/api/dashboard', teacherToken)).status === 401, SESSION_CACHE_MS);
    expect(Date.now() - signedOutAt).toBeLessThan(SESSION_CACHE_MS);
    expect((await get(a, '/api/dashboard', teacherToken)).status).toBe(401);

    // The sign-in limit (4 per address and login id) counts attempts on both nodes together.
    for (const node of [a, b, a, b]) expect((await signIn(node, parent, 'wrong-password-x')).status).toBe(401);
    for (const node of [a, b]) {
      const limited = await signIn(node, parent);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    }

    // Both nodes queued the reminder job at start; the parent hears of the overdue instalment once.
    const parentNotes = async () => (await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, parent.id)))[0]!.n;
    await until('the reminder', async () => (await parentNotes()) >= 1);
    const boss = new PgBoss({ ...bossOptions(database.jobs), schedule: false, supervise: false, migrate: false });
    boss.on('error', () => undefined);
    await boss.start();
    cleanups.push(() => boss.stop({ graceful: false }));
    await until('both nodes’ jobs to finish', async () => (await boss.getQueueSize(FEE_REMINDER_JOB.name, { before: 'completed' })) === 0);
    expect(await parentNotes()).toBe(1);

    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  }, 180_000);
});

/**
 * The embedded database serves one node: a second process on the same data folder would keep its
 * own copy and lose the other's writes, so it refuses to start; a lock left by a dead process is
 * taken over. (Several nodes run on PostgreSQL and Redis, above.)
 */
if (!(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)) describe('one embedded node per data folder', () => {
  it('refuses a second opener while the first lives, and takes over the lock of a dead one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-lock-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const lockFile = path.join(dataDir, 'pglite.lock');
    const tar = process.env.TEST_DATABASE_URL ? undefined : inject('pgliteTemplate');
    // The migrated template for the first start (the others find the folder made).
    const open = async (template = false) => openDatabase({ dataDir, ...(template && tar ? { template: new Blob([await fs.promises.readFile(tar)]) } : {}) });

    const first = await open(true);
    await expect(open()).rejects.toThrow(/in use by this process.*one node only/);
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);

    // Another live process holds it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    cleanups.push(async () => other.kill('SIGKILL'));
    fs.writeFileSync(lockFile, `${other.pid}\n`);
    await expect(open()).rejects.toThrow(new RegExp(`in use by process ${other.pid}`));
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));

    // Its holder died without closing (SIGKILL): the next start takes over.
    const again = await open();
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    expect((await again.scoped(PLATFORM).select({ n: count() }).from(users))[0]!.n).toBe(0);
    await again.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 120_000);
});
