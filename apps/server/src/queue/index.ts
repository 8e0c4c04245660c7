import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConnection } from '../db/client.js';
import { safeError } from '../log.js';

/**
 * Scheduled work in a PostgreSQL job queue (pg-boss 10): jobs are rows in the database (schema
 * `pgboss`), so a schedule and a job waiting to run survive a restart, and with several app nodes
 * each job runs once (workers take jobs with FOR UPDATE SKIP LOCKED; one node at a time turns a
 * schedule into a job). On PostgreSQL pg-boss opens its own small pool on DATABASE_URL (the tables'
 * owner); on the embedded PGlite it runs its SQL in the one session through `Database.jobs`.
 *
 * Started when the app is ready and stopped before it closes, unless JOBS=off (the tests' default).
 * The queue knows no job: the app's list is jobs/index.ts, and a job's `run` is given the app's
 * deps (`D`: the queue asks of them only a log, and the database's connection for pg-boss).
 */

/** What the queue itself uses of the deps it hands to the jobs. */
export interface QueueDeps {
  log: FastifyBaseLogger;
}

export interface JobSpec<T extends object, D> {
  /** The queue's name (letters, digits, `-`, `_`). */
  name: string;
  /** When to run, a cron expression in UTC (pg-boss checks schedules every 30 s); none: only when sent. */
  cron?: string;
  /** Also run once when the server starts. */
  atStart: boolean;
  /** How often an idle worker looks for a job of this queue (default 30 s). */
  pollingIntervalSeconds?: number;
  /** `stately` (the default): at most one waiting and one running; `standard`: every job sent runs. */
  policy?: 'stately' | 'standard';
  run(deps: D, data: T): Promise<unknown>;
}

/**
 * Sends a job from a request: into the queue when it runs (JOBS on), else run in this process
 * right after the answer. Either way the request does the same small work whatever the job is for.
 */
export interface JobSender<D> {
  send<T extends object>(spec: JobSpec<T, D>, data: T): Promise<void>;
  /**
   * Runs a job in this process now, queue or not (work this node should do at once: a push). A run
   * of it under way here is followed by one more, not by one per call.
   */
  runHere<T extends object>(spec: JobSpec<T, D>, data: T): void;
  /** Resolves when the jobs run in this process are done (close, tests). */
  idle(): Promise<void>;
  /** The running queue, or null when it stops. */
  attach(boss: PgBoss | null): void;
}

export function createJobSender<D extends QueueDeps>(deps: () => D): JobSender<D> {
  let boss: PgBoss | null = null;
  const running = new Set<Promise<unknown>>();
  const again = new Map<string, boolean>();
  return {
    async send(spec, data) {
      if (boss) {
        await boss.send(spec.name, data);
        return;
      }
      const run = new Promise((resolve) => setImmediate(resolve))
        .then(() => spec.run(deps(), data))
        .catch((err: unknown) => deps().log.warn({ job: spec.name, err: safeError(err) }, 'job failed'))
        .finally(() => running.delete(run));
      running.add(run);
    },
    runHere(spec, data) {
      if (again.has(spec.name)) {
        again.set(spec.name, true);
        return;
      }
      again.set(spec.name, false);
      const run = (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        do {
          again.set(spec.name, false);
          await spec.run(deps(), data).catch((err: unknown) => deps().log.warn({ job: spec.name, err: safeError(err) }, 'job failed'));
        } while (again.get(spec.name));
        again.delete(spec.name);
      })().finally(() => running.delete(run));
      running.add(run);
    },
    async idle() {
      while (running.size) await Promise.all(running);
    },
    attach(next) {
      boss = next;
    },
  };
}

export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** pg-boss's connection: its own pool on PostgreSQL, the shared session on PGlite. */
export function bossOptions(jobs: JobsConnection): PgBoss.ConstructorOptions {
  const connection: PgBoss.ConstructorOptions =
    'url' in jobs
      ? { connectionString: jobs.url, max: 2, application_name: 'shala-jobs' }
      : { db: { executeSql: (text: string, values: unknown[]) => jobs.executeSql(text, values) } };
  return {
    ...connection,
    schema: 'pgboss',
    // Polling is a query each time: once a minute is plenty for work scheduled every half hour.
    cronWorkerIntervalSeconds: 30,
    maintenanceIntervalSeconds: 600,
    // Finished jobs are kept a week for inspection (`select * from pgboss.archive`).
    deleteAfterDays: 7,
  };
}

/**
 * Runs `fn` again when PostgreSQL broke a deadlock by aborting it (40P01). Nodes started together
 * on a new database each create the same queues: pg-boss inserts the queue's row and attaches its
 * partition to the job table in one statement, and two nodes doing that at once can wait on each
 * other. PostgreSQL aborts one; on the next try the row is there and the call does nothing.
 */
export async function retryDeadlock<T>(fn: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/**
 * Starts the queue with these jobs: each gets its queue (at most one waiting and one running:
 * policy `stately`), its schedule and a worker; those marked `atStart` are also sent now. A failed
 * run is retried twice by pg-boss and logged; it never stops the server.
 */
export async function startJobQueue<D extends QueueDeps & { data: { jobs: JobsConnection } }>(deps: D, specs: readonly JobSpec<any, D>[]): Promise<JobQueue> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const boss = new PgBoss(bossOptions(deps.data.jobs));
  boss.on('error', (err: unknown) => deps.log.warn({ err: safeError(err) }, 'job queue error'));
  await boss.start();
  for (const spec of specs) {
    await retryDeadlock(() => boss.createQueue(spec.name, { name: spec.name, policy: spec.policy ?? 'stately', retryLimit: 2, retryDelay: 60, expireInMinutes: 15 }));
    if (spec.cron) await retryDeadlock(() => boss.schedule(spec.name, spec.cron!, {}, { tz: 'UTC' }));
    if (spec.atStart) await boss.send(spec.name, {});
    await boss.work<object>(spec.name, { pollingIntervalSeconds: spec.pollingIntervalSeconds ?? 30 }, async (jobs) => {
      for (const job of jobs) {
        try {
          const outcome = await spec.run(deps, job.data ?? {});
          deps.log.info({ job: spec.name, outcome }, 'job done');
        } catch (err) {
          deps.log.warn({ job: spec.name, err: safeError(err) }, 'job failed');
          throw err;
        }
      }
    });
  }
  return {
    boss,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/**
 * One run of `run` at a time for each key (an app's deps) in this process: a kick while it runs asks
 * for one more run when it ends, not one per kick. Work a user waits for (a batch of PDFs) starts at
 * once this way, and the job queue's schedule is the safety net for what a restart left behind.
 */
export function singleFlight<K extends object>(run: (key: K) => Promise<unknown>, onError: (key: K, err: unknown) => void): (key: K) => void {
  const state = new WeakMap<K, { again: boolean }>();
  return (key) => {
    const running = state.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const flight = { again: false };
    state.set(key, flight);
    void (async () => {
      do {
        flight.again = false;
        await run(key).catch((err: unknown) => onError(key, err));
      } while (flight.again);
    })().finally(() => state.delete(key));
  };
}
