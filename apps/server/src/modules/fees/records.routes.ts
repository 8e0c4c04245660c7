import type { App } from '../../http/types.js';

/** Fees, part "records": see routes.ts. */
export default async function recordsRoutes(app: App) {
  void app;
}
