import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { dashboardCounts, parentDashboard } from './service.js';

export default async function dashboardRoutes(app: App) {
  app.route({
    ...fromContract(API.dashboard),
    handler: async (req) => ({ result: await dashboardCounts(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.parentDashboard),
    handler: async (req) => ({ result: await parentDashboard(app.deps, requireCaller(req)) }),
  });
}
