import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import type { App } from './types.js';

export const METRICS_PATH = '/metrics';

/** What the shedding reports to the metrics (a no-op when metrics are off). */
export interface MetricsHooks {
  shed(type: string): void;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant time whatever the length or content of the header sent. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * Prometheus metrics at /metrics, only where METRICS_TOKEN is set (else no route: 404), read with
 * `Authorization: Bearer <token>`. Requests are labelled by the route's pattern
 * (`/api/school/student/:userId`, never the URL: a bounded set), method and status class; the
 * PostgreSQL pool's connections (PGlite: its session's line) and the process's own figures (event-loop delay, heap, CPU, open
 * handles) come with them.
 */
export function registerMetrics(app: App, config: Config, database: Database): MetricsHooks {
  const token = config.METRICS_TOKEN;
  if (!token) return { shed() {} };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({ name: 'shala_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'shala_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const shed = new Counter({ name: 'shala_http_shed_total', help: 'Requests answered 503 by overload shedding, by the check that tripped', labelNames: ['type'], registers: [registry] });
  const stats = database.poolStats;
  if (stats) {
    new Gauge({
      name: 'shala_db_pool_connections',
      help: 'PostgreSQL app pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
    new Gauge({ name: 'shala_db_pool_max', help: 'PostgreSQL app pool size', registers: [registry], collect() { this.set(stats().max); } });
  }
  const line = database.sessionQueue;
  if (line) {
    new Gauge({ name: 'shala_db_session_waiting', help: 'PGlite: statements waiting for the one session now', registers: [registry], collect() { this.set(line().waiting); } });
    new Counter({ name: 'shala_db_session_turns_total', help: 'PGlite: statements and transactions that got the session', registers: [registry], collect() { this.reset(); this.inc(line().started); } });
    new Counter({
      name: 'shala_db_session_wait_seconds_total',
      help: 'PGlite: time they waited for it, in all (divided by the turns: the mean wait)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(line().waitedMs / 1000);
      },
    });
  }

  app.addHook('onResponse', async (req, reply) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!tokenMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required.');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
  return { shed: (type) => shed.inc({ type }) };
}
