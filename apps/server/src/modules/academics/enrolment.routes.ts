import type { App } from '../../http/types.js';

/** Students into classes, roll numbers, year-end promotion. */
export default async function enrolmentRoutes(_app: App) {}
