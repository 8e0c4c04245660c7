import { lazyScreens } from '../../../lib/screen';

/** Fees, part "student": its screens by route path (../screens.ts spreads them). */
export const FEE_STUDENT_SCREENS = lazyScreens({
  '/studentfeedata': () => import('./StudentFeesPages').then((m) => ({ default: m.ParentFeesPage })),
  '/studentclassfees': () => import('./StudentFeesPages').then((m) => ({ default: m.StudentFeesPage })),
});
