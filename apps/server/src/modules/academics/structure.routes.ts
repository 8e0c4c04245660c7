import { API } from '@shala/contract';
import type { FastifyReply } from 'fastify';
import type { App } from '../../http/types.js';
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
  app.route({
    ...fromContract(API.sessions),
    handler: async (req) => ({ result: await listSessions(app.deps, requireCaller(req)) }),
  });
  app.route({
    ...fromContract(API.sessionCreate),
    handler: async (req) => ({ message: 'Session added', result: await createSession(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.sessionUpdate),
    handler: async (req) => ({ message: 'Saved', result: await updateSession(app.deps, requireCaller(req), req.params.sessionId, req.body) }),
  });
  app.route({
    ...fromContract(API.sessionCurrent),
    handler: async (req) => ({ message: 'Current session changed', result: await setCurrentSession(app.deps, requireCaller(req), req.params.sessionId) }),
  });

  // Master data
  app.route({ ...fromContract(API.masterData), handler: async (_req, reply) => cached(reply, masterData()) });
  app.route({ ...fromContract(API.masterSubjects), handler: async (_req, reply) => cached(reply, masterSubjects()) });
  app.route({
    ...fromContract(API.masterWeeks),
    handler: async (req) => ({ result: await masterWeeks(app.deps, requireCaller(req)) }),
  });
  app.route({
    ...fromContract(API.masterWeeksUpdate),
    handler: async (req) => ({ message: 'Saved', result: await setSundayWorking(app.deps, requireCaller(req), req.body.sundayWorking) }),
  });

  // Subjects
  app.route({
    ...fromContract(API.subjectList),
    handler: async (req) => ({ result: await listSubjects(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.subjectCreate),
    handler: async (req) => ({ message: 'Subject added', result: await createSubject(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.subjectUpdate),
    handler: async (req) => ({ message: 'Saved', result: await updateSubject(app.deps, requireCaller(req), req.params.subjectId, req.body) }),
  });
  app.route({
    ...fromContract(API.subjectStatus),
    handler: async (req) => {
      const result = await setSubjectStatus(app.deps, requireCaller(req), req.params.subjectId, req.body.status);
      return { message: result.status ? 'Activated' : 'Deactivated', result };
    },
  });

  // Classes and sections
  app.route({
    ...fromContract(API.classList),
    handler: async (req) => ({ result: await listClasses(app.deps, requireCaller(req), req.query.sessionId, req.query) }),
  });
  app.route({
    ...fromContract(API.assignedClassList),
    handler: async (req) => ({ result: await listClasses(app.deps, requireCaller(req), req.params.sessionId, req.query) }),
  });
  app.route({
    ...fromContract(API.classCreate),
    handler: async (req) => ({ message: 'Class added', result: await createClass(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.classUpdate),
    handler: async (req) => ({ message: 'Saved', result: await updateClass(app.deps, requireCaller(req), req.params.assignClassId, req.body) }),
  });
  app.route({
    ...fromContract(API.classDelete),
    handler: async (req) => {
      await deleteClass(app.deps, requireCaller(req), req.params.assignClassId);
      return { message: 'Class removed' };
    },
  });
}
