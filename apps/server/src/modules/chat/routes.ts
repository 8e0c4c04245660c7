import type { App } from '../../http/types.js';

/** The chat routes (issue 10); registered in app.ts. */
export default async function chatRoutes(app: App) {
  void app;
}
