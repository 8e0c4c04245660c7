import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import {
  assignStudents,
  autoRollNumbers,
  moveStudent,
  promote,
  setRollNumbers,
  unassignStudent,
  unassignedStudents,
} from './enrolment.js';

/** Students into classes, roll numbers, year-end promotion. */
export default async function enrolmentRoutes(app: App) {
  app.route({
    ...fromContract(API.assignStudents),
    handler: async (req) => {
      const result = await assignStudents(app.deps, requireCaller(req), req.body);
      return { message: `${new Set(req.body.studentIds).size} students assigned`, result };
    },
  });
  app.route({
    ...fromContract(API.moveStudent),
    handler: async (req) => ({ message: 'Moved', result: await moveStudent(app.deps, requireCaller(req), req.params.userId, req.body.assignClassId) }),
  });
  app.route({
    ...fromContract(API.unassignStudent),
    handler: async (req) => {
      await unassignStudent(app.deps, requireCaller(req), req.params.userId, req.query.sessionId);
      return { message: 'Removed from the class' };
    },
  });
  app.route({
    ...fromContract(API.unassignedStudents),
    handler: async (req) => ({ result: await unassignedStudents(app.deps, requireCaller(req), req.params.sessionId, req.query) }),
  });
  app.route({
    ...fromContract(API.autoRollNumbers),
    handler: async (req) => ({ message: 'Roll numbers given', result: await autoRollNumbers(app.deps, requireCaller(req), req.body.assignClassId, req.body.order) }),
  });
  app.route({
    ...fromContract(API.setRollNumbers),
    handler: async (req) => ({ message: 'Roll numbers saved', result: await setRollNumbers(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.promote),
    handler: async (req) => {
      const result = await promote(app.deps, requireCaller(req), req.body);
      return { message: result.dryRun ? 'Preview' : `${result.promoted.length} students promoted`, result };
    },
  });
}
