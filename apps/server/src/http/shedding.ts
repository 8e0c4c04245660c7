import underPressure from '@fastify/under-pressure';
import { API } from '@shala/contract';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import type { App } from './types.js';
import { METRICS_PATH, type MetricsHooks } from './metrics.js';

/** Answered whatever the load: liveness (a busy node is alive) and the metrics that show the load. */
const NEVER_SHED = new Set([API.healthLive.url, METRICS_PATH]);

/** The check that tripped, as the metrics name it, when the database's line is too long. */
const DATABASE_WAIT = 'databaseWait';

/**
 * Overload shedding: while the event loop lags (or the heap, the RSS or the loop's utilization pass
 * their thresholds), a request is answered at once with 503 UNAVAILABLE (reason `overloaded`) and
 * Retry-After, instead of queueing until it times out. Readiness is shed too, so a load balancer
 * sends such a node less. Thresholds from the SHED_* settings; 0 turns a check off.
 *
 * On the embedded database the loop's delay is not where overload shows: each statement runs on
 * this thread and gives the loop back before the next (`db/client.ts`), so under more work than
 * the one session can do, the loop keeps turning while statements wait longer for their turn.
 * There, the wait is sampled too (SHED_DB_WAIT_MS): while a sample's statements waited longer on
 * average (or the oldest still waiting has), requests are shed, but only while some statement is
 * still waiting: once the line is empty a request would be served at once, so it is.
 */
export async function registerShedding(app: App, config: Config, metrics: MetricsHooks, database: Database) {
  const seconds = config.SHED_RETRY_AFTER_SECONDS;
  const overloaded = () =>
    new AppError('UNAVAILABLE', `The server is overloaded. Please try again in ${seconds} seconds.`, { reason: 'overloaded', params: { seconds } });
  // The first samples cover start-up's own work (compiling every route's schemas blocks the loop
  // for a while before the first request): pressure counts from two samples after ready on.
  let armed = false;
  app.addHook('onReady', async () => {
    setTimeout(() => (armed = true), 2 * config.SHED_SAMPLE_MS).unref();
  });
  const line = config.SHED_DB_WAIT_MS > 0 ? database.sessionQueue : undefined;
  let last = line?.();
  // under-pressure's external health check, sampled as often as the rest: false sheds.
  const lineShort = async () => {
    if (!line || !last) return true;
    const now = line();
    const turns = now.started - last.started;
    const meanWait = turns ? (now.waitedMs - last.waitedMs) / turns : 0;
    last = now;
    return Math.max(meanWait, now.oldestWaitMs) <= config.SHED_DB_WAIT_MS;
  };
  await app.register(underPressure, {
    sampleInterval: config.SHED_SAMPLE_MS,
    maxEventLoopDelay: config.SHED_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.SHED_EVENT_LOOP_UTILIZATION,
    maxHeapUsedBytes: config.SHED_HEAP_USED_MB * 1024 * 1024,
    maxRssBytes: config.SHED_RSS_MB * 1024 * 1024,
    ...(line ? { healthCheck: lineShort, healthCheckInterval: config.SHED_SAMPLE_MS } : {}),
    retryAfter: seconds,
    // A rejected promise goes to the app's error handler: the 503 leaves in the error envelope.
    pressureHandler: async (req, reply, type) => {
      if (!armed || (req.routeOptions.url && NEVER_SHED.has(req.routeOptions.url))) return;
      const waiting = type === 'healthCheck';
      if (waiting && !line?.().waiting) return;
      metrics.shed(waiting ? DATABASE_WAIT : type);
      reply.header('retry-after', String(seconds));
      throw overloaded();
    },
  });
}
