import type { App } from '../../http/types.js';

/** Month views, day detail and the dashboards' summary (to be built). */
export default async function viewRoutes(_app: App) {}
