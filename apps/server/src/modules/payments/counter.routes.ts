import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { closeCounterDay, collectAtCounter, counterDay, searchCounter } from './counter.js';

/** Payments, part "counter": find a student, collect its instalments as one batch, the day's collection and its closing (the batch's receipt: student.routes.ts). */
export default async function counterRoutes(app: App) {
  app.route({
    ...fromContract(API.feeCounterSearch),
    handler: async (req) => ({ result: await searchCounter(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeCounterCollect),
    handler: async (req) => ({ result: await collectAtCounter(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.feeCounterDay),
    handler: async (req) => ({ result: await counterDay(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeCounterClose),
    handler: async (req) => ({ result: await closeCounterDay(app.deps, requireCaller(req), req.body) }),
  });
}
