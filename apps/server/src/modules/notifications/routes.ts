import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { listNotifications, markAllRead, setLanguage } from './service.js';

export default async function notificationRoutes(app: App) {
  serve(app, API.notifications, (deps, caller, req) => listNotifications(deps, caller, req.query));

  app.route({
    ...fromContract(API.notificationsRead),
    handler: async (req) => {
      await markAllRead(app.deps, requireCaller(req));
      return { result: { unread: 0 as const } };
    },
  });

  app.route({
    ...fromContract(API.notificationsLanguage),
    handler: async (req) => {
      await setLanguage(app.deps, requireCaller(req), req.body.language);
      return { result: { language: req.body.language } };
    },
  });
}
