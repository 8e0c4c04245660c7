import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

const ParentFeesPage = lazy(() => import('./StudentFeesPages').then((m) => ({ default: m.ParentFeesPage })));
const StudentFeesPage = lazy(() => import('./StudentFeesPages').then((m) => ({ default: m.StudentFeesPage })));

/** Fees, part "student": its screens by route path (../screens.ts spreads them). */
export const FEE_STUDENT_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/studentfeedata': ParentFeesPage,
  '/studentclassfees': StudentFeesPage,
};
