import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { ping } from '../../db/client.js';
import { fromContract } from '../../http/route.js';
import { asPlatform } from '../../policy/index.js';

export default async function healthRoutes(app: App) {
  app.route({
    ...fromContract(API.health),
    handler: async () => {
      await ping(asPlatform(app.deps));
      return { result: { status: 'ok' as const, database: 'ok' as const } };
    },
  });
}
