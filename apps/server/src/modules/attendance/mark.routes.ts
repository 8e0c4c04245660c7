import type { App } from '../../http/types.js';

/** Marking attendance, the day's class list and the logs (to be built). */
export default async function markRoutes(_app: App) {}
