import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { createStaffMember, listStaffMembers, saveStaffAttendance, staffAttendanceDay, staffAttendanceMonth, staffAttendanceMonthCsv } from './service.js';

/** The staff register (issue 42): staff without a sign-in, a date's register, the month's and its CSV. */
export default async function staffRoutes(app: App) {
  serve(app, API.staffMemberList, (deps, caller, req) => listStaffMembers(deps, caller, req.query));
  serve(app, API.staffMemberCreate, (deps, caller, req) => createStaffMember(deps, caller, req.body), 'Staff member added');
  serve(app, API.staffAttendanceDay, (deps, caller, req) => staffAttendanceDay(deps, caller, req.query.date));
  serve(app, API.staffAttendanceSave, (deps, caller, req) => saveStaffAttendance(deps, caller, req.body), 'Staff register saved');
  serve(app, API.staffAttendanceMonth, (deps, caller, req) => staffAttendanceMonth(deps, caller, req.query.month));
  app.route({
    ...fromContract(API.staffAttendanceMonthCsv),
    handler: async (req, reply) =>
      sendDownload(reply, {
        mime: 'text/csv; charset=utf-8',
        fileName: `staff-attendance-${req.query.month}.csv`,
        body: Buffer.from(await staffAttendanceMonthCsv(app.deps, requireCaller(req), req.query)),
      }),
  });
}
