import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { pushKey, subscribe, unsubscribe } from './service.js';

/** Web Push subscriptions (issue 10): the key, subscribe and unsubscribe this browser. */
export default async function pushRoutes(app: App) {
  app.route({
    ...fromContract(API.pushKey),
    handler: async (req) => {
      requireCaller(req);
      return { result: pushKey(app.deps) };
    },
  });

  app.route({
    ...fromContract(API.pushSubscribe),
    handler: async (req) => {
      await subscribe(app.deps, requireCaller(req), req.body);
      return { result: { subscribed: true as const } };
    },
  });

  app.route({
    ...fromContract(API.pushUnsubscribe),
    handler: async (req) => {
      await unsubscribe(app.deps, requireCaller(req), req.body.endpoint);
      return { result: { subscribed: false as const } };
    },
  });
}
