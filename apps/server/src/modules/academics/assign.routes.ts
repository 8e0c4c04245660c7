import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { assignClass, assignTeacherSubject, assignedClass, classTeacherSubjects, studentClass, teacherClasses } from './assign.js';

/** The subjects and teachers of a class, class details, teachers' and students' views. */
export default async function assignRoutes(app: App) {
  serve(app, API.assignedClass, (deps, caller, req) => assignedClass(deps, caller, req.params.assignClassId));
  serve(app, API.assignClass, (deps, caller, req) => assignClass(deps, caller, req.body), 'Saved');
  serve(app, API.assignTeacherSubject, (deps, caller, req) => assignTeacherSubject(deps, caller, req.body), 'Saved');
  serve(app, API.classTeacherSubjects, (deps, caller, req) => classTeacherSubjects(deps, caller, req.params.assignClassId));
  serve(app, API.teacherClasses, (deps, caller, req) => teacherClasses(deps, caller, req.query));
  serve(app, API.studentClass, (deps, caller, req) => studentClass(deps, caller, req.params.userId, req.query.sessionId));
}
