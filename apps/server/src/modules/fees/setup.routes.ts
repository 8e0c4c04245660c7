import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { createFeeType, getClassFee, listAllFees, listFeeTypes, saveClassFee, setFeeTypeStatus, updateFeeType } from './setup.js';

/** Fees, part "setup": fee types and class fees (setup.ts). */
export default async function setupRoutes(app: App) {
  serve(app, API.feeTypeList, (deps, caller, req) => listFeeTypes(deps, caller, req.query));
  serve(app, API.feeTypeCreate, (deps, caller, req) => createFeeType(deps, caller, req.body), 'Fee type added');
  serve(app, API.feeTypeUpdate, (deps, caller, req) => updateFeeType(deps, caller, req.params.feeTypeId, req.body), 'Saved');
  serve(app, API.feeTypeStatus, (deps, caller, req) => setFeeTypeStatus(deps, caller, req.params.feeTypeId, req.body.status), 'Saved');
  serve(app, API.allFees, (deps, caller, req) => listAllFees(deps, caller, req.query));
  serve(app, API.classFeeGet, (deps, caller, req) => getClassFee(deps, caller, req.params.assignClassId));
  serve(app, API.classFeeSave, (deps, caller, req) => saveClassFee(deps, caller, req.params.assignClassId, req.body), 'Saved');
}
