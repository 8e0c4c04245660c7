import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { everyRole, setupApp, type TestEnv } from './helpers.js';

/**
 * Liveness, readiness and Prometheus metrics: what a load balancer and a monitoring system rely on.
 * On PGlite and, with TEST_DATABASE_URL, PostgreSQL; with TEST_REDIS_URL, readiness asks Redis too.
 */
const TOKEN = 'metrics-token-0123456789abcdef';

describe('liveness and readiness', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupApp();
  });
  afterAll(() => env?.close());

  it('answer without a session, never stored by a cache, and are not rate-limited', async () => {
    const live = await env.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ result: { status: 'ok' } });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await env.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ result: { status: 'ok', database: 'ok' } });
    // /api/health is readiness's alias (Playwright and scripts wait on it).
    expect((await env.app.inject({ url: '/api/health' })).json()).toEqual(ready.json());
    // A probe every few seconds from several balancers never turns into 429s.
    const many = await Promise.all(Array.from({ length: 60 }, (_, i) => env.app.inject({ url: i % 2 ? '/api/health/live' : '/api/health/ready' })));
    expect(many.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
  });

  it('metrics are off (404) unless METRICS_TOKEN is set', async () => {
    const res = await env.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
  });
});

/** Redis behind a TCP relay the test can cut and restore: a Redis that goes away and comes back. */
async function relayTo(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    open,
  };
}

if (process.env.TEST_REDIS_URL) describe('readiness with Redis', () => {
  it('asks Redis too: 503 naming redis while it is gone, ready again when it is back; stops cleanly without it', async () => {
    const relay = await relayTo(process.env.TEST_REDIS_URL!);
    const env = await setupApp({ REDIS_URL: relay.url() });
    try {
      const ok = await env.app.inject({ url: '/api/health/ready' });
      expect(ok.json()).toEqual({ result: { status: 'ok', database: 'ok', redis: 'ok' } });
      await relay.cut();
      const down = await env.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ error: 'UNAVAILABLE', reason: 'not_ready', params: { failed: 'redis' } });
      expect((await env.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      await relay.open();
      const end = Date.now() + 10_000;
      let again = await env.app.inject({ url: '/api/health/ready' });
      while (again.statusCode !== 200 && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
        again = await env.app.inject({ url: '/api/health/ready' });
      }
      expect(again.json()).toEqual({ result: { status: 'ok', database: 'ok', redis: 'ok' } });
      // A node stopped while Redis is out of reach stops cleanly (no unhandled rejection).
      await relay.cut();
    } finally {
      await env.close();
      await relay.cut();
    }
  });
});

describe('Prometheus metrics', () => {
  it('refuses a token shorter than 16 characters at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  describe('with METRICS_TOKEN', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await setupApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => env?.close());
    const scrape = (authorization?: string) => env.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

    it('need the bearer token: none, a wrong one or another scheme answer 401 in the envelope', async () => {
      for (const auth of [undefined, 'Bearer wrong-token-0123456789abcdef', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
        const res = await scrape(auth);
        expect(res.statusCode, String(auth)).toBe(401);
        expect(res.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      // A session token is no metrics token.
      const { users } = await everyRole(env);
      expect((await scrape(`Bearer ${users[111].token}`)).statusCode).toBe(401);
    });

    it('count requests and their latency per route pattern and status class, with the process figures', async () => {
      const { users } = await everyRole(env);
      const principal = users[113];
      const student = users[116];
      for (let i = 0; i < 3; i++) {
        const res = await env.app.inject({ url: `/api/school/student/${student.id}`, headers: { token: principal.token } });
        expect(res.statusCode).toBe(200);
      }
      // A student may not read the students' route: a 4xx of the same pattern.
      expect((await env.app.inject({ url: `/api/school/student/${student.id}`, headers: { token: student.token } })).statusCode).toBe(403);
      expect((await env.app.inject({ url: '/api/nope/123' })).statusCode).toBe(404);

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      const route = 'route="/api/school/student/:userId"';
      expect(text).toContain(`shala_http_requests_total{method="GET",${route},status_class="2xx"} 3`);
      expect(text).toContain(`shala_http_requests_total{method="GET",${route},status_class="4xx"} 1`);
      expect(text).toContain(`shala_http_request_duration_seconds_count{method="GET",${route},status_class="2xx"} 3`);
      expect(text).toMatch(new RegExp(`shala_http_request_duration_seconds_bucket\\{le="0.1",method="GET",${route.replace(/[/:]/g, '\\$&')},status_class="2xx"\\} \\d`));
      expect(text).toContain('shala_http_requests_total{method="GET",route="unmatched",status_class="4xx"} 1');
      // Labels are patterns: no id, no raw URL.
      expect(text).not.toContain(student.id);
      expect(text).not.toContain('/api/nope');
      // The process: event-loop delay, heap, CPU.
      for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_user_seconds_total', 'shala_http_shed_total']) {
        expect(text).toContain(`# TYPE ${name}`);
      }
      // PostgreSQL: the app pool's connections; PGlite is one session and has no pool.
      if (env.database.kind === 'postgres') {
        expect(text).toMatch(/shala_db_pool_connections\{state="total"\} [1-9]/);
        expect(text).toMatch(/shala_db_pool_connections\{state="idle"\} \d/);
        expect(text).toContain('shala_db_pool_connections{state="waiting"} 0');
        expect(text).toContain('shala_db_pool_max 4');
      } else {
        expect(text).not.toContain('shala_db_pool_connections');
      }
    });

    it('with the database gone: readiness answers 503 in the envelope naming it; liveness and metrics still answer', async () => {
      await env.database.close();
      // Closed here already: the env's own close skips it.
      env.database.close = async () => {};
      const ready = await env.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: 'UNAVAILABLE',
        message: 'Not ready: database not answering.',
        reason: 'not_ready',
        params: { failed: 'database' },
      });
      expect((await env.app.inject({ url: '/api/health' })).statusCode).toBe(503);
      const live = await env.app.inject({ url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ result: { status: 'ok' } });
      const metrics = await scrape(`Bearer ${TOKEN}`);
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('shala_http_requests_total{method="GET",route="/api/health/ready",status_class="5xx"} 1');
    });
  });
});
