// `npm test`: every check, each once, as CI runs them (.ci/run installs what a clean machine lacks and
// calls this; docs/testing.md, "What CI runs where"). It prints the seconds at each step.
//
// - lint with the compiler's errors, from the start to the end at the lowest priority (nice 19);
// - the web app built;
// - the unit and server tests at nice 10 (`npm run test:unit`: the server suite on PostgreSQL and
//   Redis when there, the embedded list on PGlite), beside the journeys: these wait on the browser
//   and their pages' requests much of their time, and the unit step fills that time;
// - the journeys on PGlite (with PostgreSQL, all but PG_JOURNEYS: playwright.config.ts);
// - with PostgreSQL, PG_JOURNEYS on it, and beside them a start and sign-in on Node 24 (without,
//   that start runs beside the unit step's end);
// - the results of the steps that ran beside.
//
// PostgreSQL: TEST_DATABASE_URL (set empty: none), else postgres://postgres@127.0.0.1:5432/test when
// it answers. Redis: TEST_REDIS_URL likewise, else redis://127.0.0.1:6379 when it answers. Without
// them the whole server suite and every journey run on PGlite. A failure anywhere stops them all.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const T0 = Date.now();
const step = (text) => console.log(`\n==> ${text}  [${Math.round((Date.now() - T0) / 1000)}s]`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const niceable = process.platform !== 'win32';

/** The default PostgreSQL when it answers, else none. */
async function findPostgres() {
  if (process.env.TEST_DATABASE_URL !== undefined) return process.env.TEST_DATABASE_URL;
  const url = 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return '';
  } finally {
    await client.end().catch(() => {});
  }
}

/** The default Redis when it answers PING, else none. */
function findRedis() {
  if (process.env.TEST_REDIS_URL !== undefined) return Promise.resolve(process.env.TEST_REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    let answer = '';
    const done = (url) => {
      socket.destroy();
      resolve(url);
    };
    socket.setTimeout(3000, () => done(''));
    socket.on('error', () => done(''));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG') ? 'redis://127.0.0.1:6379' : '');
    });
  });
}

const running = new Set();
let stopping = false;

/** Stops every step still running (each is a process group of its own) and exits with `status`. */
function stopAll(status) {
  stopping = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(status);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(130));

/**
 * Starts `npm run <script>` in a process group of its own, at `nice` when given. In the foreground
 * its output goes to ours; in the background it is kept and printed at its result, or at once when
 * it fails, which stops the others.
 */
function run(name, script, { env = {}, nice = 0, background = false } = {}) {
  const log = background ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shala-test-')), 'out.log') : null;
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const [cmd, args] = nice && niceable ? ['nice', ['-n', String(nice), npm, 'run', script]] : [npm, ['run', script]];
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', out, out], detached: true });
  running.add(child);
  const printLog = () => {
    if (!log) return;
    process.stdout.write(fs.readFileSync(log, 'utf8'));
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  };
  const result = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (typeof out === 'number') fs.closeSync(out);
      if (stopping) return;
      const status = code ?? (signal ? 1 : 0);
      if (status !== 0) {
        if (background) step(`${name}: failed`);
        printLog();
        console.error(`${name} failed`);
        stopAll(status);
        return;
      }
      resolve(printLog);
    });
  });
  /** Waits for the step and prints its output (a background step's, kept till now). */
  return async () => (await result)();
}

const [databaseUrl, redisUrl] = await Promise.all([findPostgres(), findRedis()]);
const onPostgres = Boolean(databaseUrl);

// Lint with the compiler's errors (one program per tsconfig for both: eslint/typescript-diagnostics.js;
// about 105 s on one core), from here to the end at the lowest priority: the CPU the others leave.
// At nice 10 beside the unit step it was slower (661 s against 563 s for the whole run).
step("lint with the compiler's errors, at the lowest priority, beside what follows");
const lint = run('lint', 'lint', { nice: 19, background: true });

step('build the web app');
await run('the web build', 'build')();

// The unit step beside the journeys, at a lower priority so that the journeys' pages stay about as
// quick as alone. Measured on a 2-core machine within an hour: 563 s for the whole run, against
// 677 s with each step after the other.
const where = onPostgres ? `PostgreSQL${redisUrl ? ' and Redis' : ''}; the embedded list on PGlite` : `PGlite${redisUrl ? ' and Redis' : ''}`;
step(`unit and server tests (${where}), at nice 10, beside the journeys`);
const unit = run('the unit and server tests', 'test:unit', { env: { TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl }, nice: 10, background: true });

// TEST_DATABASE_URL is left out of the journeys on PGlite: it would put them on PostgreSQL.
const embedded = { TEST_DATABASE_URL: '', E2E_EXCEPT_PG: onPostgres ? '1' : '' };
step(onPostgres ? 'journeys (embedded PGlite; those of the next step left out)' : 'journeys (embedded PGlite, all of them)');
await run('the journeys on PGlite', 'test:e2e', { env: embedded })();

// Node 24 (fetched from the registry, then a start on the embedded database) beside the journeys on
// PostgreSQL, which wait on their browsers much of their time.
step(`Shala on Node 24 (start and sign in)${onPostgres ? ", beside the journeys that cross PostgreSQL's concurrency" : ''}`);
const node24 = run('Shala on Node 24', 'test:node24', { env: { NODE24_TIMEOUT_MS: '600000' }, background: true });

if (onPostgres) {
  step("journeys that cross PostgreSQL's concurrency (on PostgreSQL only)");
  await run('the journeys on PostgreSQL', 'test:e2e', { env: { TEST_DATABASE_URL: databaseUrl } })();
}

step('Shala on Node 24: result');
await node24();
step('unit and server tests: result');
await unit();
step("lint (and the compiler's errors): result");
await lint();
step('done');
