import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { applyStaffLeave, cancelStaffLeave, createLeaveType, decideStaffLeave, leaveBalances, listLeaveTypes, listStaffLeave, openStaffLeaveFile, saveLeaveBalance, updateLeaveType } from './leave.js';
import { checkIn, checkinQr, getStaffSettings, saveStaffSettings } from './checkin.js';
import { saveSubstitutions, substitutionDay, substitutionsMine } from './substitutions.js';
import { substitutionRegisterPdf } from './substitution-pdf.js';
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

  // Staff leave (issue 42): types, balances, applications, decisions, cancelling, the document.
  serve(app, API.leaveTypeList, (deps, caller) => listLeaveTypes(deps, caller));
  serve(app, API.leaveTypeCreate, (deps, caller, req) => createLeaveType(deps, caller, req.body), 'Leave type added');
  serve(app, API.leaveTypeUpdate, (deps, caller, req) => updateLeaveType(deps, caller, req.params.leaveTypeId, req.body), 'Leave type saved');
  serve(app, API.leaveBalanceList, (deps, caller, req) => leaveBalances(deps, caller, req.query.userId));
  serve(app, API.leaveBalanceSave, (deps, caller, req) => saveLeaveBalance(deps, caller, req.body), 'Balance saved');
  serve(app, API.staffLeaveList, (deps, caller, req) => listStaffLeave(deps, caller, req.query));
  serve(app, API.staffLeaveApply, (deps, caller, req) => applyStaffLeave(deps, caller, req.body), 'Leave applied for');
  serve(app, API.staffLeaveDecide, (deps, caller, req) => decideStaffLeave(deps, caller, req.params.leaveId, req.body), 'Leave decided');
  serve(app, API.staffLeaveCancel, (deps, caller, req) => cancelStaffLeave(deps, caller, req.params.leaveId, req.body), 'Leave cancelled');
  app.route({
    ...fromContract(API.staffLeaveFile),
    handler: async (req, reply) => {
      const file = await openStaffLeaveFile(app.deps, app.deps.storage, requireCaller(req), req.params.leaveId);
      return sendDownload(reply, { mime: file.mime, fileName: file.originalName, body: file.stream, size: file.size });
    },
  });

  // Self check-in and the staff settings (issue 42)
  serve(app, API.staffCheckinQr, (deps, caller) => checkinQr(deps, caller));
  serve(app, API.staffCheckin, (deps, caller, req) => checkIn(deps, caller, req.body), 'Checked in');
  serve(app, API.staffSettingsGet, (deps, caller) => getStaffSettings(deps, caller));
  serve(app, API.staffSettingsSave, (deps, caller, req) => saveStaffSettings(deps, caller, req.body), 'Staff settings saved');
  // Substitution: the arrangement register (issue 42)
  serve(app, API.substitutionDay, (deps, caller, req) => substitutionDay(deps, caller, req.query.date));
  serve(app, API.substitutionSave, (deps, caller, req) => saveSubstitutions(deps, caller, req.body), 'Arrangements saved');
  serve(app, API.substitutionMine, (deps, caller, req) => substitutionsMine(deps, caller, req.query));
  app.route({
    ...fromContract(API.substitutionRegister),
    handler: async (req, reply) =>
      sendDownload(reply, {
        mime: 'application/pdf',
        fileName: `arrangements-${req.query.date}-${req.query.lang}.pdf`,
        body: await substitutionRegisterPdf(app.deps, requireCaller(req), req.query),
      }),
  });
}
