import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { lateFeeSettings, saveLateFeeRule, waiveLateFee } from './late-fees.js';

/** Fees, part "late fees": a session's rule and a late fee waived (late-fees.ts); the job is started with every job in jobs/index.ts. */
export default async function lateFeeRoutes(app: App) {
  serve(app, API.lateFeeGet, (deps, caller, req) => lateFeeSettings(deps, caller, req.query));
  serve(app, API.lateFeeSave, (deps, caller, req) => saveLateFeeRule(deps, caller, req.body), 'Late-fee rule saved');
  serve(app, API.lateFeeWaive, (deps, caller, req) => waiveLateFee(deps, caller, req.params.emiId, req.body), 'Late fee waived');
}
