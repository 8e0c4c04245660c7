import { API } from '@shala/contract';
import type { FastifyReply } from 'fastify';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import {
  createClass,
  createSession,
  createSubject,
  deleteClass,
  listClasses,
  listSessions,
  listSubjects,
  masterData,
  masterSubjects,
  masterWeeks,
  setCurrentSession,
  setSubjectStatus,
  setSundayWorking,
  updateClass,
  updateSession,
  updateSubject,
} from './structure.js';

/** Master lists change only with a release: the browser may keep them for a day. */
function cached<T>(reply: FastifyReply, result: T) {
  reply.header('cache-control', 'private, max-age=86400');
  return { result };
}

/** Sessions, master data, subjects, classes and sections. */
export default async function structureRoutes(app: App) {
  // Sessions
  serve(app, API.sessions, (deps, caller) => listSessions(deps, caller));
  serve(app, API.sessionCreate, (deps, caller, req) => createSession(deps, caller, req.body), 'Session added');
  serve(app, API.sessionUpdate, (deps, caller, req) => updateSession(deps, caller, req.params.sessionId, req.body), 'Saved');
  serve(app, API.sessionCurrent, (deps, caller, req) => setCurrentSession(deps, caller, req.params.sessionId), 'Current session changed');

  // Master data
  app.route({ ...fromContract(API.masterData), handler: async (_req, reply) => cached(reply, masterData()) });
  app.route({ ...fromContract(API.masterSubjects), handler: async (_req, reply) => cached(reply, masterSubjects()) });
  serve(app, API.masterWeeks, (deps, caller) => masterWeeks(deps, caller));
  serve(app, API.masterWeeksUpdate, (deps, caller, req) => setSundayWorking(deps, caller, req.body.sundayWorking), 'Saved');

  // Subjects
  serve(app, API.subjectList, (deps, caller, req) => listSubjects(deps, caller, req.query));
  serve(app, API.subjectCreate, (deps, caller, req) => createSubject(deps, caller, req.body), 'Subject added');
  serve(app, API.subjectUpdate, (deps, caller, req) => updateSubject(deps, caller, req.params.subjectId, req.body), 'Saved');
  app.route({
    ...fromContract(API.subjectStatus),
    handler: async (req) => {
      const result = await setSubjectStatus(app.deps, requireCaller(req), req.params.subjectId, req.body.status);
      return { message: result.status ? 'Activated' : 'Deactivated', result };
    },
  });

  // Classes and sections
  serve(app, API.classList, (deps, caller, req) => listClasses(deps, caller, req.query.sessionId, req.query));
  serve(app, API.assignedClassList, (deps, caller, req) => listClasses(deps, caller, req.params.sessionId, req.query));
  serve(app, API.classCreate, (deps, caller, req) => createClass(deps, caller, req.body), 'Class added');
  serve(app, API.classUpdate, (deps, caller, req) => updateClass(deps, caller, req.params.assignClassId, req.body), 'Saved');
  app.route({
    ...fromContract(API.classDelete),
    handler: async (req) => {
      await deleteClass(app.deps, requireCaller(req), req.params.assignClassId);
      return { message: 'Class removed' };
    },
  });
}
