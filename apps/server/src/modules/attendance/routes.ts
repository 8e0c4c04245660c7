import type { App } from '../../http/types.js';
import markRoutes from './mark.routes.js';
import viewRoutes from './views.routes.js';

/**
 * Attendance, in two parts of one module:
 * - mark: a class's day (or period), saving it atomically with its log and absence alerts, the logs (mark.ts);
 * - views: the month view, one date's detail, the dashboards' summary (views.ts).
 * Who may read or mark a class: policy/attendance.ts; what kind of day a date is: calendar/days.ts.
 */
export default async function attendanceRoutes(app: App) {
  await markRoutes(app);
  await viewRoutes(app);
}
