import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { listAttendanceLogs } from './logs.js';
import { attendanceDayView, saveAttendance } from './mark.js';

/** Marking attendance, the day's class list and the logs. */
export default async function markRoutes(app: App) {
  app.route({
    ...fromContract(API.attendanceSave),
    handler: async (req) => ({ message: 'Saved', result: await saveAttendance(app.deps, requireCaller(req), req.params, req.body) }),
  });
  app.route({
    ...fromContract(API.attendanceDay),
    handler: async (req) => ({ result: await attendanceDayView(app.deps, requireCaller(req), req.params) }),
  });
  app.route({
    ...fromContract(API.attendancePeriod),
    handler: async (req) => ({ result: await attendanceDayView(app.deps, requireCaller(req), req.params) }),
  });
  app.route({
    ...fromContract(API.attendanceLogs),
    handler: async (req) => ({ result: await listAttendanceLogs(app.deps, requireCaller(req), req.query) }),
  });
}
