import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLATFORM } from '../src/db/client.js';
import { setupApp, type TestEnv } from './helpers.js';

/**
 * Overload shedding: a node whose event loop lags answers at once with 503, Retry-After and the
 * error envelope instead of letting requests queue into timeouts. The thresholds here are tiny and
 * the loop is really blocked; the defaults (1 s of mean delay) never trip in the other tests.
 */
const TOKEN = 'metrics-token-0123456789abcdef';

/** Keeps the event loop busy, as a burst of CPU work does. */
function blockLoop(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* busy */
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('overload shedding', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupApp({ SHED_EVENT_LOOP_DELAY_MS: '1', SHED_SAMPLE_MS: '50', SHED_RETRY_AFTER_SECONDS: '7', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => env?.close());

  const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ url, headers });

  it('answers 503 with Retry-After in the envelope while the loop lags, keeps liveness and metrics, and recovers', async () => {
    // The sampler runs right after the blocked stretch, so the requests sent just after see the lag.
    let answers = null;
    for (let attempt = 0; attempt < 10 && answers?.[0].statusCode !== 503; attempt++) {
      blockLoop(300);
      await sleep(5);
      answers = await Promise.all([get('/api/health/ready'), get('/api/dashboard'), get('/api/health/live'), get('/metrics', { authorization: `Bearer ${TOKEN}` })]);
    }
    const [ready, dashboard, live, metrics] = answers!;
    for (const shed of [ready, dashboard]) {
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('7');
      expect(shed.json()).toEqual({
        error: 'UNAVAILABLE',
        message: 'The server is overloaded. Please try again in 7 seconds.',
        reason: 'overloaded',
        params: { seconds: 7 },
      });
    }
    // Shed before the session check: no work is done for a shed request, not even a 401.
    expect(dashboard.json().error).toBe('UNAVAILABLE');
    // A busy node is alive, and its metrics show why it sheds.
    expect(live.statusCode).toBe(200);
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/shala_http_shed_total\{type="eventLoopDelay"\} [1-9]/);

    // With the loop free again, the node answers as before. The threshold is 1 ms, which a loaded
    // machine's own lag can cross again between two requests: each answer is awaited until the
    // node is no longer shedding.
    const recovered = async (url: string) => {
      const end = Date.now() + 10_000;
      let res = await get(url);
      while (res.statusCode === 503 && Date.now() < end) {
        await sleep(60);
        res = await get(url);
      }
      return res;
    };
    expect((await recovered('/api/health/ready')).json()).toEqual({ result: { status: 'ok', database: 'ok' } });
    expect((await recovered('/api/dashboard')).statusCode).toBe(401);
  });
});

/**
 * On the embedded database the loop turns between statements, so overload shows as statements
 * waiting for the one session: with a tiny SHED_DB_WAIT_MS, a statement held in line sheds
 * requests; once the line is empty, a request is served at once, before any new sample.
 */
if (!process.env.TEST_DATABASE_URL) describe('overload shedding on the embedded database', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupApp({ SHED_DB_WAIT_MS: '1', SHED_SAMPLE_MS: '50', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => env?.close());

  it('sheds while statements wait too long for the session, and serves as soon as none waits', async () => {
    let release = () => {};
    const held = env.database.transaction(PLATFORM, () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = env.db.execute(sql`select 1`);
    let dashboard = await env.app.inject({ url: '/api/dashboard' });
    for (let attempt = 0; attempt < 100 && dashboard.statusCode !== 503; attempt++) {
      await sleep(20);
      dashboard = await env.app.inject({ url: '/api/dashboard' });
    }
    expect(dashboard.statusCode).toBe(503);
    expect(dashboard.json()).toMatchObject({ error: 'UNAVAILABLE', reason: 'overloaded' });
    const metrics = await env.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(/shala_http_shed_total\{type="databaseWait"\} [1-9]/);
    expect(metrics.body).toMatch(/shala_db_session_waiting 1/);

    release();
    await Promise.all([held, waiting]);
    expect((await env.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
    expect((await env.app.inject({ url: '/api/health/ready' })).json()).toEqual({ result: { status: 'ok', database: 'ok' } });
  });
});
