import type { App } from '../../http/types.js';

/** Fees, part "student": see routes.ts. */
export default async function studentRoutes(app: App) {
  void app;
}
