import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { feeCollection, feeDues, feeDuesByClass, feeOutstanding, feeSummary } from './reports.js';

/** Fees, part "reports": the overview, dues, collection and outstanding reports; the reminder job is started with every job in jobs/index.ts. */
export default async function reportsRoutes(app: App) {
  serve(app, API.feeSummary, (deps, caller, req) => feeSummary(deps, caller, req.query));
  serve(app, API.feeDues, (deps, caller, req) => feeDues(deps, caller, req.query));
  serve(app, API.feeDuesByClass, (deps, caller, req) => feeDuesByClass(deps, caller, req.query));
  serve(app, API.feeCollection, (deps, caller, req) => feeCollection(deps, caller, req.query));
  serve(app, API.feeOutstanding, (deps, caller, req) => feeOutstanding(deps, caller, req.query));
}
