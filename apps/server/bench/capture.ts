// The statements the server sends while a bench request runs (bench only: `BENCH_CAPTURE=1`),
// so that the scale bench (scale.ts) can print each one's plan. Every query of the app goes
// through pg's Client.query; a tenant statement (db/postgres.ts) carries its scope and `customPlan`.
import pg from 'pg';
import type { FastifyInstance } from 'fastify';

export interface Captured {
  text: string;
  values: unknown[];
  /** A school id, 'platform', or null (a statement of a transaction). */
  scope: string | null;
  /** Planned for its values on each run (`planForValues`), not generically. */
  customPlan?: boolean;
}

let sink: Captured[] | null = null;

export function installCapture(app: FastifyInstance) {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[]; scope?: string; customPlan?: boolean }, unknown];
    if (sink) {
      if (typeof config === 'string') sink.push({ text: config, values: Array.isArray(values) ? values : [], scope: null });
      else if (config && typeof config.text === 'string') {
        sink.push({ text: config.text, values: config.values ?? (Array.isArray(values) ? values : []), scope: config.scope ?? null, customPlan: config.customPlan ?? false });
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  app.post('/bench/capture/start', { schema: { hide: true } }, async () => {
    sink = [];
    return { result: { ok: true } };
  });
  app.post('/bench/capture/stop', { schema: { hide: true } }, async () => {
    const got = sink ?? [];
    sink = null;
    return { result: got };
  });
}
