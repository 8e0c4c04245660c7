import { API } from '@shala/contract';
import type { App } from '../../app.js';
import { ping } from '../../db/client.js';
import { fromContract } from '../../http/route.js';

export default async function healthRoutes(app: App) {
  app.route({
    ...fromContract(API.health),
    handler: async () => {
      await ping(app.deps.db);
      return { result: { status: 'ok' as const, database: 'ok' as const } };
    },
  });
}
