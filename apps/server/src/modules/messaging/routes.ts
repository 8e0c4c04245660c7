import type { FastifyRequest } from 'fastify';
import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { getPreferences, savePreferences, type Evidence } from './preferences.js';
import { sendMobileCode, verifyMobileCode } from './mobile.js';

const evidenceOf = (req: FastifyRequest): Evidence => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/** A person's channels beyond the bell, and the mobile number they go to (issue 24). */
export default async function messagingRoutes(app: App) {
  app.route({
    ...fromContract(API.notificationPreferences),
    handler: async (req) => ({ result: await getPreferences(app.deps, requireCaller(req)) }),
  });
  app.route({
    ...fromContract(API.notificationPreferencesSave),
    handler: async (req) => ({ message: 'Preferences saved', result: await savePreferences(app.deps, requireCaller(req), req.body, evidenceOf(req)) }),
  });
  app.route({
    ...fromContract(API.mobileCode),
    handler: async (req) => ({ message: 'Code sent', result: await sendMobileCode(app.deps, requireCaller(req), req.body.mobile) }),
  });
  app.route({
    ...fromContract(API.mobileVerify),
    handler: async (req) => ({ message: 'Mobile number verified', result: await verifyMobileCode(app.deps, requireCaller(req), req.body.code) }),
  });
}
