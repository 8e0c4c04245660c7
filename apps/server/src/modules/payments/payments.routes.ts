import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { markInstalmentPaid, reverseInstalment } from './payments.js';
import { reverseWithRefund } from './online.js';

/** Payments, part "payments": an instalment marked paid at the office, and reversals with or without a gateway refund (payments.ts, online.ts). */
export default async function paymentRoutes(app: App) {
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
