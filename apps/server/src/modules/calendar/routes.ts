import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { calendarMonth, createHoliday, deleteHoliday, holidayNotices, listHolidays, updateHoliday } from './service.js';

/** Holidays, holiday notices and the month calendar. */
export default async function calendarRoutes(app: App) {
  serve(app, API.holidayList, (deps, caller, req) => listHolidays(deps, caller, req.params.sessionId, req.query));
  serve(app, API.holidayNotices, (deps, caller, req) => holidayNotices(deps, caller, req.query.sessionId));
  serve(app, API.holidayCreate, (deps, caller, req) => createHoliday(deps, caller, req.body), 'Holiday added');
  serve(app, API.holidayUpdate, (deps, caller, req) => updateHoliday(deps, caller, req.params.holidayId, req.body), 'Saved');
  app.route({
    ...fromContract(API.holidayDelete),
    handler: async (req) => {
      await deleteHoliday(app.deps, requireCaller(req), req.params.holidayId);
      return { message: 'Holiday removed' };
    },
  });
  serve(app, API.calendar, (deps, caller, req) => calendarMonth(deps, caller, req.params.monthId, req.query));
}
