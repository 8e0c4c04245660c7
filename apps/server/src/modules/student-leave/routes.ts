import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { askStudentLeave, cancelStudentLeave, decideStudentLeave, listStudentLeave, openStudentLeaveFile } from './service.js';

/** Leave asked by parents (issue 43): the requests, asking, deciding, cancelling and the file. */
export default async function studentLeaveRoutes(app: App) {
  serve(app, API.studentLeaveList, (deps, caller, req) => listStudentLeave(deps, caller, req.query));
  serve(app, API.studentLeaveAsk, (deps, caller, req) => askStudentLeave(deps, caller, req.body), 'Leave asked for');
  serve(app, API.studentLeaveDecide, (deps, caller, req) => decideStudentLeave(deps, caller, req.params.leaveId, req.body), 'Leave decided');
  serve(app, API.studentLeaveCancel, (deps, caller, req) => cancelStudentLeave(deps, caller, req.params.leaveId, req.body), 'Leave cancelled');
  app.route({
    ...fromContract(API.studentLeaveFile),
    handler: async (req, reply) => {
      const file = await openStudentLeaveFile(app.deps, app.deps.storage, requireCaller(req), req.params.leaveId);
      return sendDownload(reply, { mime: file.mime, fileName: file.originalName, body: file.stream, size: file.size });
    },
  });
}
