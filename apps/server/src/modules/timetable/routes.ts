import type { App } from '../../http/types.js';

/** Periods and timetables (to be built). */
export default async function timetableRoutes(_app: App) {}
