import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
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
  serve(app, API.moveStudent, (deps, caller, req) => moveStudent(deps, caller, req.params.userId, req.body.assignClassId), 'Moved');
  app.route({
    ...fromContract(API.unassignStudent),
    handler: async (req) => {
      await unassignStudent(app.deps, requireCaller(req), req.params.userId, req.query.sessionId);
      return { message: 'Removed from the class' };
    },
  });
  serve(app, API.unassignedStudents, (deps, caller, req) => unassignedStudents(deps, caller, req.params.sessionId, req.query));
  serve(app, API.autoRollNumbers, (deps, caller, req) => autoRollNumbers(deps, caller, req.body.assignClassId, req.body.order), 'Roll numbers given');
  serve(app, API.setRollNumbers, (deps, caller, req) => setRollNumbers(deps, caller, req.body), 'Roll numbers saved');
  app.route({
    ...fromContract(API.promote),
    handler: async (req) => {
      const result = await promote(app.deps, requireCaller(req), req.body);
      return { message: result.dryRun ? 'Preview' : `${result.promoted.length} students promoted`, result };
    },
  });
}
