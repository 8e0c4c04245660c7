import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createFeeRecords, deleteFeeRecord, listFeeRecords, updateFeeRecord } from './records.js';
import { planInstalments } from './instalments.js';

/** Fees, part "records": students' fee records and instalment plans (records.ts, instalments.ts); their payments are modules/payments. */
export default async function recordsRoutes(app: App) {
  app.route({
    ...fromContract(API.feeRecordList),
    handler: async (req) => ({ result: await listFeeRecords(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeRecordCreate),
    handler: async (req) => ({ message: 'Fee records added', result: await createFeeRecords(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.feeRecordUpdate),
    handler: async (req) => ({ message: 'Fee record updated', result: await updateFeeRecord(app.deps, requireCaller(req), req.params.feeRecordId, req.body) }),
  });
  app.route({
    ...fromContract(API.feeRecordDelete),
    handler: async (req) => {
      await deleteFeeRecord(app.deps, requireCaller(req), req.params.feeRecordId);
      return { message: 'Fee record removed' };
    },
  });
  app.route({
    ...fromContract(API.emiPlan),
    // The spec's message (section 7).
    handler: async (req) => ({ message: 'Fee record EMI added successfully!', result: await planInstalments(app.deps, requireCaller(req), req.body) }),
  });
}
