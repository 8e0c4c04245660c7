import type { Redis } from 'ioredis';
import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { readiness } from './service.js';

/**
 * Liveness (the process answers, nothing else asked) and readiness (the database, and Redis when
 * set); `/api/health` stays readiness's alias for scripts and Playwright's webServer.
 */
export default async function healthRoutes(app: App, opts: { redis?: Redis }) {
  app.route({ ...fromContract(API.healthLive), handler: async () => ({ result: { status: 'ok' as const } }) });
  for (const def of [API.healthReady, API.health]) {
    app.route({ ...fromContract(def), handler: async () => ({ result: await readiness(app.deps, opts.redis) }) });
  }
}
