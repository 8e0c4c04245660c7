import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { studentFeesFor } from './student.js';

/** A student's fees (for the school, its parent, itself) and its PDF receipts. */
export default async function studentRoutes(app: App) {
  app.route({
    ...fromContract(API.studentFees),
    handler: async (req) => ({ result: await studentFeesFor(app.deps, requireCaller(req), req.params) }),
  });
}
