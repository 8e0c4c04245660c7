import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { getProfile, updateProfile } from './service.js';

export default async function accountRoutes(app: App) {
  serve(app, API.profile, (deps, caller, req) => getProfile(deps, caller, req.params.userId));

  app.route({
    ...fromContract(API.profileUpdate),
    handler: async (req) => ({
      message: 'Profile saved',
      result: await updateProfile(app.deps, requireCaller(req), req.params.userId, req.body),
    }),
  });
}
