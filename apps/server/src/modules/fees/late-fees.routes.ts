import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { lateFeeSettings, saveLateFeeRule, waiveLateFee } from './late-fees.js';

/** Fees, part "late fees": a session's rule and a late fee waived (late-fees.ts); the job is started with every job in jobs/index.ts. */
export default async function lateFeeRoutes(app: App) {
  app.route({
    ...fromContract(API.lateFeeGet),
    handler: async (req) => ({ result: await lateFeeSettings(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.lateFeeSave),
    handler: async (req) => ({ message: 'Late-fee rule saved', result: await saveLateFeeRule(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.lateFeeWaive),
    handler: async (req) => ({ message: 'Late fee waived', result: await waiveLateFee(app.deps, requireCaller(req), req.params.emiId, req.body) }),
  });
}
