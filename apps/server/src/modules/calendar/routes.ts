import type { App } from '../../http/types.js';

/** Holidays, holiday notices and the month calendar (to be built). */
export default async function calendarRoutes(_app: App) {}
