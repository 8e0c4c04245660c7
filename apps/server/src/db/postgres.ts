import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.js';
import { APP_ROLE, MIGRATIONS_DIR, SET_SCOPE, SET_SCOPE_CUSTOM_PLAN, isPlannedForValues, scopeCache, scopeParams, type Database, type Db, type Scope } from './handle.js';

const SET_SCOPE_NAME = 'shala_set_scope';
const SET_SCOPE_CUSTOM_PLAN_NAME = 'shala_set_scope_custom_plan';

interface Connection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(msg: { text: string; name: string; types: unknown[] }): void;
  bind(msg: { statement: string; values: unknown[] }): void;
  execute(msg: { portal: string; rows?: number }): void;
}

/**
 * One statement in its scope, in one round trip: the extended-protocol messages of SET_SCOPE
 * (set_config of the tenant and the role, transaction-local) and of the statement go out together
 * before a single Sync, so both run in one implicit transaction and the scope holds for that
 * statement alone. SET_SCOPE is prepared once per connection; its row and completion are not
 * reported. A statement planned for its values (`planForValues`) is preceded by
 * SET_SCOPE_CUSTOM_PLAN instead, which also asks for a custom plan for that statement alone.
 */
class TenantQuery extends pg.Query {
  private settingDone = false;
  private readonly customPlan: boolean;
  constructor(
    config: pg.QueryConfig,
    private readonly scope: Scope,
  ) {
    super(config);
    this.customPlan = isPlannedForValues(config.name);
  }
  requiresPreparation() {
    return true;
  }
  prepare(connection: Connection) {
    // A statement planned for its values (handle.ts) sets plan_cache_mode with its scope.
    const [name, text] = this.customPlan ? [SET_SCOPE_CUSTOM_PLAN_NAME, SET_SCOPE_CUSTOM_PLAN] : [SET_SCOPE_NAME, SET_SCOPE];
    if (!connection.parsedStatements[name] && !connection.submittedNamedStatements[name]) {
      connection.parse({ text, name, types: [] });
      // The statement is parsed from now on; pg records only the active query's own name.
      connection.parsedStatements[name] = text;
    }
    connection.bind({ statement: name, values: scopeParams(this.scope) });
    connection.execute({ portal: '' });
    // @ts-expect-error pg's Query.prepare is not in its type definitions
    super.prepare(connection);
  }
  handleDataRow(msg: unknown) {
    // @ts-expect-error not in pg's type definitions
    if (this.settingDone) super.handleDataRow(msg);
  }
  handleCommandComplete(msg: unknown, connection: unknown) {
    if (!this.settingDone) {
      this.settingDone = true;
      return;
    }
    // @ts-expect-error not in pg's type definitions
    super.handleCommandComplete(msg, connection);
  }
}

/** A pg client-like object whose every query runs through TenantQuery in `scope`. */
function tenantClient(pool: pg.Pool, scope: Scope) {
  return {
    query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
      return new Promise((resolve, reject) => {
        pool.connect((err, client, release) => {
          if (err || !client) return reject(err);
          const q = new TenantQuery({ ...config, values: values ?? config.values }, scope);
          q.on('error', (e: Error) => {
            release();
            reject(e);
          });
          q.on('end', (result: pg.QueryResult) => {
            release();
            resolve(result);
          });
          client.query(q);
        });
      });
    },
  };
}

/** The code of the warning a transaction gives when it is asked a statement while one still runs. */
export const CONCURRENT_QUERY_WARNING = 'SHALA_CONCURRENT_QUERY';

/**
 * A transaction's connection runs one statement at a time. node-postgres queues a second one (a
 * `Promise.all` over `tx`), deprecated since pg 8.16 and gone in pg 9, where it fails: while the
 * transaction holds the connection, such a call gives a warning with its stack (the tests fail on
 * it: test/no-concurrent-queries.ts), and the statement still runs, queued as today. Returns what
 * takes the watch off before the connection goes back to the pool.
 */
function watchOneAtATime(client: pg.PoolClient): () => void {
  type Query = (...args: unknown[]) => Promise<unknown>;
  const target = client as unknown as { query: Query };
  const original = target.query;
  let running = 0;
  target.query = function (this: unknown, ...args: unknown[]) {
    if (running > 0) {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const stack = new Error().stack;
      Error.stackTraceLimit = limit;
      const text = (args[0] as { text?: string } | string | undefined);
      process.emitWarning('A transaction was asked a statement while one still ran (Promise.all over tx?)', {
        code: CONCURRENT_QUERY_WARNING,
        detail: `${(typeof text === 'string' ? text : text?.text ?? '').slice(0, 300)}\n${stack ?? ''}`,
      });
    }
    running++;
    return original.apply(client, args).finally(() => running--);
  };
  return () => {
    delete (target as Partial<typeof target>).query;
  };
}

/** The migrations run as the connecting user; the app's pool works as APP_ROLE. */
export async function connectPostgres(url: string, poolSize: number, migrationsFolder = MIGRATIONS_DIR): Promise<Database> {
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    // Several app nodes may start at once: one applies the migrations, the others wait.
    await owner.query('select pg_advisory_lock(727274)');
    await migrate(drizzle({ client: owner, schema }), { migrationsFolder });
  } finally {
    await owner.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await owner.end();
  }

  // Hot statements are prepared; their plans depend on the school only through parameters that
  // the indexes serve, so a generic plan is kept instead of planning each execution again.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c role=${APP_ROLE} -c plan_cache_mode=force_generic_plan` });
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.warn(`database: idle connection lost: ${err.message}`);
  });
  const scoped = scopeCache((scope) => drizzle({ client: tenantClient(pool, scope) as unknown as pg.Pool }) as unknown as Db);

  return {
    kind: 'postgres',
    scoped,
    async transaction(scope, fn) {
      const client = await pool.connect();
      const unwatch = watchOneAtATime(client);
      let broken: Error | undefined;
      try {
        // BEGIN and the scope in one round trip (simple protocol; the scope and role are checked
        // constants: a uuid or PLATFORM, and one of our two role names).
        const [tenant, role] = scopeParams(scope);
        await client.query(`begin; select set_config('app.tenant', '${tenant}', true), set_config('role', '${role}', true)`);
        const result = await fn(drizzle({ client }) as unknown as Db);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        unwatch();
        client.release(broken);
      }
    },
    async analyze() {
      const owner = new pg.Client({ connectionString: url });
      await owner.connect();
      await owner.query('analyze').finally(() => owner.end());
    },
    jobs: { url },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => pool.end(),
  };
}
