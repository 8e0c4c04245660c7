import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { dashboardCounts, dashboardHome, parentDashboard } from './service.js';

export default async function dashboardRoutes(app: App) {
  serve(app, API.dashboard, (deps, caller, req) => dashboardCounts(deps, caller, req.query));
  serve(app, API.parentDashboard, (deps, caller) => parentDashboard(deps, caller));
  serve(app, API.dashboardHome, (deps, caller, req) => dashboardHome(deps, caller, req.query));
}
