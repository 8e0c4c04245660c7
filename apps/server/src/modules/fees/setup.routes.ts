import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createFeeType, getClassFee, listAllFees, listFeeTypes, saveClassFee, setFeeTypeStatus, updateFeeType } from './setup.js';

/** Fees, part "setup": fee types and class fees (setup.ts). */
export default async function setupRoutes(app: App) {
  app.route({
    ...fromContract(API.feeTypeList),
    handler: async (req) => ({ result: await listFeeTypes(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.feeTypeCreate),
    handler: async (req) => ({ message: 'Fee type added', result: await createFeeType(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.feeTypeUpdate),
    handler: async (req) => ({ message: 'Saved', result: await updateFeeType(app.deps, requireCaller(req), req.params.feeTypeId, req.body) }),
  });
  app.route({
    ...fromContract(API.feeTypeStatus),
    handler: async (req) => ({ message: 'Saved', result: await setFeeTypeStatus(app.deps, requireCaller(req), req.params.feeTypeId, req.body.status) }),
  });
  app.route({
    ...fromContract(API.allFees),
    handler: async (req) => ({ result: await listAllFees(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.classFeeGet),
    handler: async (req) => ({ result: await getClassFee(app.deps, requireCaller(req), req.params.assignClassId) }),
  });
  app.route({
    ...fromContract(API.classFeeSave),
    handler: async (req) => ({ message: 'Saved', result: await saveClassFee(app.deps, requireCaller(req), req.params.assignClassId, req.body) }),
  });
}
