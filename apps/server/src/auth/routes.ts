import { API } from '@shala/contract';
import type { App } from '../http/types.js';
import { fromContract } from '../http/route.js';
import { requireCaller } from './sessions.js';
import * as auth from './service.js';

export default async function authRoutes(app: App) {
  app.route({
    ...fromContract(API.signin),
    handler: async (req, reply) => {
      const result = await auth.signin(app.deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
      // This browser is now a known device for this id (auth/device.ts).
      reply.header('set-cookie', app.deps.deviceCookies.issue(result.loginId, req.protocol === 'https'));
      return { message: 'Login successful', result };
    },
  });

  app.route({
    ...fromContract(API.forgot),
    handler: async (req) => {
      await auth.forgot(app.deps, req.body.loginId);
      return { message: auth.FORGOT_MESSAGE };
    },
  });

  app.route({
    ...fromContract(API.reset),
    handler: async (req) => {
      await auth.reset(app.deps, req.body);
      return { message: auth.RESET_MESSAGE };
    },
  });

  app.route({
    ...fromContract(API.signout),
    handler: async (req) => {
      await auth.signout(app.deps, requireCaller(req));
      return { message: 'Logged out' };
    },
  });

  app.route({
    ...fromContract(API.changePassword),
    handler: async (req) => {
      await auth.changePassword(app.deps, requireCaller(req), req.body);
      return { message: 'Password changed' };
    },
  });
}
