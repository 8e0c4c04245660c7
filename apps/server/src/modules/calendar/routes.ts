import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { calendarMonth, createHoliday, deleteHoliday, holidayNotices, listHolidays, updateHoliday } from './service.js';

/** Holidays, holiday notices and the month calendar. */
export default async function calendarRoutes(app: App) {
  app.route({
    ...fromContract(API.holidayList),
    handler: async (req) => ({ result: await listHolidays(app.deps, requireCaller(req), req.params.sessionId, req.query) }),
  });
  app.route({
    ...fromContract(API.holidayNotices),
    handler: async (req) => ({ result: await holidayNotices(app.deps, requireCaller(req), req.query.sessionId) }),
  });
  app.route({
    ...fromContract(API.holidayCreate),
    handler: async (req) => ({ message: 'Holiday added', result: await createHoliday(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.holidayUpdate),
    handler: async (req) => ({ message: 'Saved', result: await updateHoliday(app.deps, requireCaller(req), req.params.holidayId, req.body) }),
  });
  app.route({
    ...fromContract(API.holidayDelete),
    handler: async (req) => {
      await deleteHoliday(app.deps, requireCaller(req), req.params.holidayId);
      return { message: 'Holiday removed' };
    },
  });
  app.route({
    ...fromContract(API.calendar),
    handler: async (req) => ({ result: await calendarMonth(app.deps, requireCaller(req), req.params.monthId, req.query) }),
  });
}
