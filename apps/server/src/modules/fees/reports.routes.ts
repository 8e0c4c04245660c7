import type { App } from '../../http/types.js';

/** Fees, part "reports": see routes.ts. */
export default async function reportsRoutes(app: App) {
  void app;
}
