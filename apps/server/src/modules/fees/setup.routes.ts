import type { App } from '../../http/types.js';

/** Fees, part "setup": see routes.ts. */
export default async function setupRoutes(app: App) {
  void app;
}
