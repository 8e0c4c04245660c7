import type { App } from '../../http/types.js';

/** The notices routes (issue 10); registered in app.ts. */
export default async function noticesRoutes(app: App) {
  void app;
}
