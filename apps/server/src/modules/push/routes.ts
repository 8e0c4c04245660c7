import type { App } from '../../http/types.js';

/** The push routes (issue 10); registered in app.ts. */
export default async function pushRoutes(app: App) {
  void app;
}
