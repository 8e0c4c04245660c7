import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import * as schema from './schema.js';
import { APP_ROLE, MIGRATIONS_DIR, SET_SCOPE, scopeCache, scopeParams, type Database, type Db, type Scope } from './handle.js';
import { connectPostgres } from './postgres.js';
import { lockDataDir } from './lock.js';
import { sessionLine } from './session-line.js';

export * from './handle.js';

/**
 * Opens the database: PostgreSQL when a URL is given, else the embedded PGlite (in memory when
 * dataDir is null, else under dataDir/pglite). Applies the committed migrations as the connecting
 * user, then works as APP_ROLE.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  poolSize?: number;
  /** PGlite: start from this data folder dump (`dump()`), e.g. an already migrated template. */
  template?: Blob;
  /** The migrations folder to apply (an earlier release's, in the upgrade test); this release's by default. */
  migrations?: string;
}): Promise<Database> {
  const migrationsFolder = opts.migrations ?? MIGRATIONS_DIR;
  if (opts.url) return connectPostgres(opts.url, opts.poolSize ?? 10, migrationsFolder);

  compileWasmOnce();
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  let unlock = () => {};
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(path.join(opts.dataDir, 'pglite.lock'));
  }
  let client;
  try {
    client = await PGlite.create(dir, {
      extensions: { pg_trgm, btree_gin, btree_gist },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(opts.template ? { loadDataDir: opts.template } : {}),
    });
    await migrate(drizzle({ client, schema }), { migrationsFolder });
  } catch (err) {
    await client?.close().catch(() => undefined);
    unlock();
    throw err;
  }
  // PGlite is one session: from here on, everything runs as the app role.
  await client.query(`set role ${APP_ROLE}`);

  type Client = typeof client;
  // PGlite is one session in this process. A scoped statement sets the scope for the session when
  // it differs from the last one, then runs: one call per statement while the scope stays the
  // same. The session's line keeps another statement from changing the scope in between;
  // transactions set theirs transaction-locally, so the session's stays as it was.
  const SET_SESSION_SCOPE = "select set_config('app.tenant', $1, false), set_config('role', $2, false)";
  let sessionScope: Scope | null = null;
  // Every use of the session waits in its line (session-line.ts): a turn of the event loop before
  // each, single statements and transactions served in turn.
  const line = sessionLine();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => line.run('statement', work);
  const scopedClient = (scope: Scope) =>
    ({
      query: (text: string, params?: unknown[], options?: object) =>
        exclusive(async () => {
          if (sessionScope !== scope) {
            sessionScope = null;
            await client.query(SET_SESSION_SCOPE, scopeParams(scope));
            sessionScope = scope;
          }
          return client.query(text, params, options);
        }),
    }) as unknown as Client;
  const scoped = scopeCache((scope) => drizzle({ client: scopedClient(scope) }) as unknown as Db);
  return {
    kind: 'pglite',
    scoped,
    // A transaction holds the session from BEGIN to COMMIT (its turn) and gives the loop back
    // before each of its statements, so a burst of heavy writes never holds it for long.
    transaction: (scope, fn) =>
      line.run('transaction', () =>
        client.transaction(async (t) => {
          await t.query(SET_SCOPE, scopeParams(scope));
          const yielding = {
            query: async (text: string, params?: unknown[], options?: object) => {
              await yieldToLoop();
              return t.query(text, params, options);
            },
          };
          return fn(drizzle({ client: yielding as unknown as Client }) as unknown as Db);
        }),
      ),
    analyze: () =>
      exclusive(async () => {
        sessionScope = null;
        await client.exec(`reset role; analyze; set role ${APP_ROLE}`);
      }),
    dump: () => exclusive(() => client.dumpDataDir('none')),
    jobs: {
      // As the owner (the queue's schema is its own), between the app's statements: the scope is
      // set again by the next scoped statement. A failed batch of statements leaves no open
      // transaction behind.
      executeSql: (text, values) =>
        exclusive(async () => {
          sessionScope = null;
          await client.exec('reset role');
          try {
            if (values?.length) return await client.query(text, values);
            return (await client.exec(text)).at(-1) ?? { rows: [] };
          } catch (err) {
            if (!values?.length) await client.exec('rollback').catch(() => undefined);
            throw err;
          } finally {
            await client.exec(`set role ${APP_ROLE}`);
          }
        }),
    },
    sessionQueue: () => line.stats(),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * Settings PGlite starts with, beside its own. The buffer cache: initdb's 128 MB lives in PGlite's
 * WebAssembly memory, which is touched at start and never given back, so the embedded server idled
 * at about 530 MB (PostgreSQL's: 230 MB). 16 MB (2,048 pages) holds what a request reads (a class's
 * month of attendance is about 250 pages), the operating system's file cache keeps the rest of the
 * data folder close, and the bench's requests cost the same CPU time as with 128 MB: the server
 * idles about 110 MB lower (docs/performance.md).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * PGlite's 9 MB of WebAssembly is compiled by V8's baseline compiler (Liftoff) only, without the
 * optimizing tier (TurboFan) recompiling the functions that run most. That second compilation ran
 * at every start (PostgreSQL's own start runs enough of its code) on V8's background threads: about
 * 2.5 s of CPU, and 60–80 MB of the allocator's memory that stayed with the process, so the server
 * idled at 270–300 MB instead of 210–240. Measured on the demo school, requests served one after
 * another cost the same server CPU either way (dashboard, student pages and search, notifications:
 * 2–7 ms each, within the machine's noise; docs/performance.md). Set before PGlite's module is
 * compiled; a Node whose V8 lacks the flag ignores it. Node 22 and 24 do not take it at run time
 * (measured: the same memory as without it), so the built server also gets it on its command line
 * (SERVER_NODE_OPTIONS, scripts/build-server.mjs); here it still serves Node 20 and the tests' tsx.
 */
function compileWasmOnce(): void {
  v8.setFlagsFromString('--liftoff-only');
}

/** One turn of the event loop: it accepts and reads sockets before the next statement runs. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
