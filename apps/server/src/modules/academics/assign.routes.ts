import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { assignClass, assignTeacherSubject, assignedClass, classTeacherSubjects, studentClass, teacherClasses } from './assign.js';

/** The subjects and teachers of a class, class details, teachers' and students' views. */
export default async function assignRoutes(app: App) {
  app.route({
    ...fromContract(API.assignedClass),
    handler: async (req) => ({ result: await assignedClass(app.deps, requireCaller(req), req.params.assignClassId) }),
  });
  app.route({
    ...fromContract(API.assignClass),
    handler: async (req) => ({ message: 'Saved', result: await assignClass(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.assignTeacherSubject),
    handler: async (req) => ({ message: 'Saved', result: await assignTeacherSubject(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.classTeacherSubjects),
    handler: async (req) => ({ result: await classTeacherSubjects(app.deps, requireCaller(req), req.params.assignClassId) }),
  });
  app.route({
    ...fromContract(API.teacherClasses),
    handler: async (req) => ({ result: await teacherClasses(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.studentClass),
    handler: async (req) => ({ result: await studentClass(app.deps, requireCaller(req), req.params.userId, req.query.sessionId) }),
  });
}
