import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createPeriod, deletePeriod, getTimetable, listPeriods, saveTimetable, teacherWeek, updatePeriod } from './service.js';

/** Periods of a session and the timetables of its classes. */
export default async function timetableRoutes(app: App) {
  app.route({
    ...fromContract(API.periodList),
    handler: async (req) => ({ result: await listPeriods(app.deps, requireCaller(req), req.params.sessionId) }),
  });
  app.route({
    ...fromContract(API.periodCreate),
    handler: async (req) => ({ message: 'Period added', result: await createPeriod(app.deps, requireCaller(req), req.params.sessionId, req.body) }),
  });
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
  app.route({
    ...fromContract(API.timetableTeacher),
    handler: async (req) => ({ result: await teacherWeek(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.timetableGet),
    handler: async (req) => ({ result: await getTimetable(app.deps, requireCaller(req), req.params.assignClassId) }),
  });
  app.route({
    ...fromContract(API.timetableSave),
    handler: async (req) => ({ message: 'Timetable saved', result: await saveTimetable(app.deps, requireCaller(req), req.params.assignClassId, req.body) }),
  });
}
