import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { sendAnswer, serializeAnswer } from '../../db/versions.js';
import { attendanceDayDetail, attendanceMonth, attendanceSummary } from './views.js';

/** Month views, one date's detail and the dashboards' summary. */
export default async function viewRoutes(app: App) {
  app.route({
    ...fromContract(API.attendanceMonth),
    handler: async (req, reply) =>
      sendAnswer(
        reply,
        await attendanceMonth(app.deps, requireCaller(req), req.params.assignClassId, req.params.monthId, req.query.periodic, (view) => serializeAnswer(reply, view)),
      ),
  });
  app.route({
    ...fromContract(API.attendanceDayDetail),
    handler: async (req) => ({
      result: await attendanceDayDetail(app.deps, requireCaller(req), req.params.assignClassId, req.params.monthId, req.params.date),
    }),
  });
  serve(app, API.attendanceSummary, (deps, caller, req) => attendanceSummary(deps, caller, req.query));
}
