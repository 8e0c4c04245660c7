import type { App } from '../../http/types.js';
import { analysisRoutes } from './analysis.routes.js';
import { marksRoutes } from './marks.routes.js';
import { reportRoutes } from './report.routes.js';
import { schemeRoutes } from './scheme.routes.js';

/** The exams routes (issue 11), one file per part; registered in app.ts. */
export default async function examsRoutes(app: App) {
  await schemeRoutes(app);
  await marksRoutes(app);
  await reportRoutes(app);
  await analysisRoutes(app);
}
