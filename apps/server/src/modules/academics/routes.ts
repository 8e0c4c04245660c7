import type { App } from '../../http/types.js';
import structureRoutes from './structure.routes.js';
import assignRoutes from './assign.routes.js';
import enrolmentRoutes from './enrolment.routes.js';

/**
 * Academics, in three parts of one module:
 * - structure: sessions, master data, subjects, classes and sections (structure.ts);
 * - assign: the subjects and teachers of a class, class details, teachers' and students' views (assign.ts);
 * - enrolment: students into classes, roll numbers, year-end promotion (enrolment.ts).
 * Shared reads (a class's summary and details) are in read.ts; access rules in policy/academics.ts.
 */
export default async function academicsRoutes(app: App) {
  await structureRoutes(app);
  await assignRoutes(app);
  await enrolmentRoutes(app);
}
