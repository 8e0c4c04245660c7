import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { claimUpi, confirmUpiClaim, getUpiSettings, listUpiClaims, rejectUpiClaim, saveUpiSettings, upiPayOf } from './upi.js';

/** Payments, part "UPI": the school's UPI id, an instalment's link and QR code, parents' references and the office's decisions (upi.ts). */
export default async function upiRoutes(app: App) {
  app.route({ ...fromContract(API.upiSettingsGet), handler: async (req) => ({ result: await getUpiSettings(app.deps, requireCaller(req)) }) });
  app.route({ ...fromContract(API.upiSettingsSave), handler: async (req) => ({ message: 'UPI settings saved', result: await saveUpiSettings(app.deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.feeUpiPay), handler: async (req) => ({ result: await upiPayOf(app.deps, requireCaller(req), req.params.emiId) }) });
  app.route({
    ...fromContract(API.feeUpiClaim),
    handler: async (req) => ({ message: 'UPI reference sent to the school', result: await claimUpi(app.deps, requireCaller(req), req.params.emiId, req.body) }),
  });
  app.route({ ...fromContract(API.feeUpiClaims), handler: async (req) => ({ result: await listUpiClaims(app.deps, requireCaller(req), req.query) }) });
  app.route({
    ...fromContract(API.feeUpiConfirm),
    handler: async (req) => ({ message: 'Payment recorded', result: await confirmUpiClaim(app.deps, requireCaller(req), req.params.claimId, req.body) }),
  });
  app.route({
    ...fromContract(API.feeUpiReject),
    handler: async (req) => ({ message: 'UPI reference rejected', result: await rejectUpiClaim(app.deps, requireCaller(req), req.params.claimId, req.body) }),
  });
}
