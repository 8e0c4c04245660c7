import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createFeeRecords, deleteFeeRecord, listFeeRecords, updateFeeRecord } from './records.js';
import { markInstalmentPaid, planInstalments, reverseInstalment } from './payments.js';
import { reverseWithRefund } from './online.js';

/** Fees, part "records": students' fee records, instalment plans, payments and reversals (records.ts, payments.ts). */
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
  app.route({
    ...fromContract(API.emiMarkPaid),
    handler: async (req) => {
      const result = await markInstalmentPaid(app.deps, requireCaller(req), req.params.emiId, req.body);
      return { message: result.created ? 'Payment recorded' : 'Already paid', result };
    },
  });
  app.route({
    ...fromContract(API.emiReverse),
    handler: async (req) => {
      const caller = requireCaller(req);
      // An online payment may be refunded at the gateway: recorded pending with the reversal, then asked for.
      const { refund } = req.body;
      const result = refund ? await reverseWithRefund(app.deps, caller, req.params.emiId, { reason: req.body.reason, refund }) : await reverseInstalment(app.deps, caller, req.params.emiId, req.body);
      return { message: 'Payment reversed', result };
    },
  });
}
