import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { listSessions } from './service.js';

export default async function academicsRoutes(app: App) {
  app.route({
    ...fromContract(API.sessions),
    handler: async (req) => ({ result: await listSessions(app.deps, requireCaller(req)) }),
  });
}
