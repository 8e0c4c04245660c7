import underPressure from '@fastify/under-pressure';
import { API } from '@shala/contract';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { App } from './types.js';
import { METRICS_PATH, type MetricsHooks } from './metrics.js';

/** Answered whatever the load: liveness (a busy node is alive) and the metrics that show the load. */
const NEVER_SHED = new Set([API.healthLive.url, METRICS_PATH]);

/**
 * Overload shedding: while the event loop lags (or the heap, the RSS or the loop's utilization pass
 * their thresholds), a request is answered at once with 503 UNAVAILABLE (reason `overloaded`) and
 * Retry-After, instead of queueing until it times out. Readiness is shed too, so a load balancer
 * sends such a node less. Thresholds from the SHED_* settings; 0 turns a check off.
 */
export async function registerShedding(app: App, config: Config, metrics: MetricsHooks) {
  const seconds = config.SHED_RETRY_AFTER_SECONDS;
  const overloaded = () =>
    new AppError('UNAVAILABLE', `The server is overloaded. Please try again in ${seconds} seconds.`, { reason: 'overloaded', params: { seconds } });
  // The first samples cover start-up's own work (compiling every route's schemas blocks the loop
  // for a while before the first request): pressure counts from two samples after ready on.
  let armed = false;
  app.addHook('onReady', async () => {
    setTimeout(() => (armed = true), 2 * config.SHED_SAMPLE_MS).unref();
  });
  await app.register(underPressure, {
    sampleInterval: config.SHED_SAMPLE_MS,
    maxEventLoopDelay: config.SHED_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.SHED_EVENT_LOOP_UTILIZATION,
    maxHeapUsedBytes: config.SHED_HEAP_USED_MB * 1024 * 1024,
    maxRssBytes: config.SHED_RSS_MB * 1024 * 1024,
    retryAfter: seconds,
    // A rejected promise goes to the app's error handler: the 503 leaves in the error envelope.
    pressureHandler: async (req, reply, type) => {
      if (!armed || (req.routeOptions.url && NEVER_SHED.has(req.routeOptions.url))) return;
      metrics.shed(type);
      reply.header('retry-after', String(seconds));
      throw overloaded();
    },
  });
}
