import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { feeCollection, feeDues, feeDuesByClass, feeOutstanding, feeSummary } from './reports.js';

/** Fees, part "reports": the overview, dues, collection and outstanding reports; the reminder job is started with every job in jobs/index.ts. */
export default async function reportsRoutes(app: App) {
  app.route({
    ...fromContract(API.feeSummary),
    handler: async (req) => ({ result: await feeSummary(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeDues),
    handler: async (req) => ({ result: await feeDues(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeDuesByClass),
    handler: async (req) => ({ result: await feeDuesByClass(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeCollection),
    handler: async (req) => ({ result: await feeCollection(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeOutstanding),
    handler: async (req) => ({ result: await feeOutstanding(app.deps, requireCaller(req), req.query) }),
  });
}
