import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createPeriod, deletePeriod, getTimetable, listPeriods, saveTimetable, teacherWeek, updatePeriod } from './service.js';

/** Periods of a session and the timetables of its classes. */
export default async function timetableRoutes(app: App) {
  serve(app, API.periodList, (deps, caller, req) => listPeriods(deps, caller, req.params.sessionId));
  serve(app, API.periodCreate, (deps, caller, req) => createPeriod(deps, caller, req.params.sessionId, req.body), 'Period added');
  app.route({
    ...fromContract(API.periodUpdate),
    handler: async (req) => ({
      message: 'Saved',
      result: await updatePeriod(app.deps, requireCaller(req), req.params.sessionId, req.params.periodId, req.body),
    }),
  });
  app.route({
    ...fromContract(API.periodDelete),
    handler: async (req) => {
      await deletePeriod(app.deps, requireCaller(req), req.params.sessionId, req.params.periodId);
      return { message: 'Period removed' };
    },
  });
  serve(app, API.timetableTeacher, (deps, caller, req) => teacherWeek(deps, caller, req.query));
  serve(app, API.timetableGet, (deps, caller, req) => getTimetable(deps, caller, req.params.assignClassId));
  serve(app, API.timetableSave, (deps, caller, req) => saveTimetable(deps, caller, req.params.assignClassId, req.body), 'Timetable saved');
}
