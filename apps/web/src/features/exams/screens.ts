import { lazyScreens } from '../../lib/screen';

/** The screens of exams (issue 11), by route path (routes.tsx spreads them). */
export const EXAM_SCREENS = lazyScreens({
  '/examscheme': () => import('./scheme/SchemePage'),
  '/exams': () => import('./review/ReviewPage'),
  '/marks': () => import('./marks/MarksPage'),
  '/examremarks': () => import('./notes/NotesPage'),
  '/examresults/:assignClassId': () => import('./reportcard/ClassResultsPage'),
  '/reportcard/:studentId': () => import('./reportcard/ReportCardPage'),
  '/childresults': () => import('./reportcard/ChildResultsPage'),
  '/myresults': () => import('./reportcard/MyResultsPage'),
  '/examanalysis': () => import('./analysis/AnalysisPage'),
});
