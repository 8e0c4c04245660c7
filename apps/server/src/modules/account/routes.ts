import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { getProfile, updateProfile } from './service.js';

export default async function accountRoutes(app: App) {
  app.route({
    ...fromContract(API.profile),
    handler: async (req) => ({ result: await getProfile(app.deps, requireCaller(req), req.params.userId) }),
  });

  app.route({
    ...fromContract(API.profileUpdate),
    handler: async (req) => ({
      message: 'Profile saved',
      result: await updateProfile(app.deps, requireCaller(req), req.params.userId, req.body),
    }),
  });
}
