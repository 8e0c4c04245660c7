import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createFeeRecords, deleteFeeRecord, listFeeRecords, updateFeeRecord } from './records.js';
import { planInstalments } from './instalments.js';

/** Fees, part "records": students' fee records and instalment plans (records.ts, instalments.ts); their payments are modules/payments. */
export default async function recordsRoutes(app: App) {
  serve(app, API.feeRecordList, (deps, caller, req) => listFeeRecords(deps, caller, req.query));
  serve(app, API.feeRecordCreate, (deps, caller, req) => createFeeRecords(deps, caller, req.body), 'Fee records added');
  serve(app, API.feeRecordUpdate, (deps, caller, req) => updateFeeRecord(deps, caller, req.params.feeRecordId, req.body), 'Fee record updated');
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
