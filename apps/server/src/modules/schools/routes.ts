import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createPerson } from '../people/service.js';
import { assertSchool, createSchool, getSchool, listSchools, setSchoolStatus, updateSchool } from './service.js';

export default async function schoolRoutes(app: App) {
  app.route({
    ...fromContract(API.schoolList),
    handler: async (req) => ({ result: await listSchools(app.deps, req.query) }),
  });
  app.route({
    ...fromContract(API.schoolCreate),
    handler: async (req) => ({
      message: req.body.isDraft ? 'Saved as draft' : 'School added',
      result: await createSchool(app.deps, req.body, requireCaller(req).userId),
    }),
  });
  app.route({
    ...fromContract(API.schoolGet),
    handler: async (req) => ({ result: await getSchool(app.deps, req.params.schoolId) }),
  });
  app.route({
    ...fromContract(API.schoolUpdate),
    handler: async (req) => ({ message: 'Saved', result: await updateSchool(app.deps, req.params.schoolId, req.body, requireCaller(req).userId) }),
  });
  app.route({
    ...fromContract(API.schoolStatus),
    handler: async (req) => {
      const result = await setSchoolStatus(app.deps, req.params.schoolId, req.body.status);
      return { message: result.status ? 'Activated' : 'Deactivated', result };
    },
  });
  app.route({
    ...fromContract(API.schoolAdminCreate),
    handler: async (req) => {
      await assertSchool(app.deps, req.params.schoolId);
      return {
        message: 'Account created',
        result: await createPerson(app.deps, requireCaller(req), 'systemAdmins', req.body, { schoolId: req.params.schoolId }),
      };
    },
  });
}
