import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const SchemePage = lazy(() => import('./scheme/SchemePage'));
const ReviewPage = lazy(() => import('./review/ReviewPage'));
const MarksPage = lazy(() => import('./marks/MarksPage'));
const NotesPage = lazy(() => import('./notes/NotesPage'));
const ClassResultsPage = lazy(() => import('./reportcard/ClassResultsPage'));
const ReportCardPage = lazy(() => import('./reportcard/ReportCardPage'));
const ChildResultsPage = lazy(() => import('./reportcard/ChildResultsPage'));
const MyResultsPage = lazy(() => import('./reportcard/MyResultsPage'));
const AnalysisPage = lazy(() => import('./analysis/AnalysisPage'));

/** The screens of exams (issue 11), by route path (routes.tsx spreads them). */
export const EXAM_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/examscheme': SchemePage,
  '/exams': ReviewPage,
  '/marks': MarksPage,
  '/examremarks': NotesPage,
  '/examresults/:assignClassId': ClassResultsPage,
  '/reportcard/:studentId': ReportCardPage,
  '/childresults': ChildResultsPage,
  '/myresults': MyResultsPage,
  '/examanalysis': AnalysisPage,
};
