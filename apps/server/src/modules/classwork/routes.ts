import type { App } from '../../http/types.js';

/** The classwork routes (issue 10); registered in app.ts. */
export default async function classworkRoutes(app: App) {
  void app;
}
