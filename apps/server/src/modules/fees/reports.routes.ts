import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { startJobQueue, type JobQueue } from '../../jobs/queue.js';
import { feeCollection, feeDues, feeDuesByClass, feeOutstanding, feeSummary } from './reports.js';
import { FEE_REMINDER_JOB } from './reminders.js';

/** Fees, part "reports": the overview, dues, collection and outstanding reports; the reminder job (see routes.ts). */
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

  // Parents' reminders of instalments due soon and overdue: a job in the PostgreSQL job queue
  // (pg-boss), on a schedule and once at start, unless JOBS=off (the tests' default).
  let queue: JobQueue | null = null;
  app.addHook('onReady', async () => {
    if (app.deps.config.JOBS) queue = await startJobQueue(app.deps, [FEE_REMINDER_JOB]);
  });
  // Before the database closes (its onClose hook): no job is left running on a closed pool.
  app.addHook('preClose', async () => {
    await queue?.stop();
    queue = null;
  });
}
