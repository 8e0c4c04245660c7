import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { listAttendanceLogs } from './logs.js';
import { attendanceDayView, saveAttendance } from './mark.js';

/** Marking attendance, the day's class list and the logs. */
export default async function markRoutes(app: App) {
  serve(app, API.attendanceSave, (deps, caller, req) => saveAttendance(deps, caller, req.params, req.body), 'Saved');
  serve(app, API.attendanceDay, (deps, caller, req) => attendanceDayView(deps, caller, req.params));
  serve(app, API.attendancePeriod, (deps, caller, req) => attendanceDayView(deps, caller, req.params));
  serve(app, API.attendanceLogs, (deps, caller, req) => listAttendanceLogs(deps, caller, req.query));
}
