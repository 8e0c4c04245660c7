import { lazyScreens } from '../../lib/screen';

/** The screens of periods and timetables, by route path (routes.tsx spreads them). */
export const TIMETABLE_SCREENS = lazyScreens({
  '/period_datapage': () => import('./PeriodsPage'),
  '/addclass_periods': () => import('./PeriodFormPage'),
  '/timetable': () => import('./TimetableEditorPage'),
  '/viewtimetable': () => import('./ViewTimetablePage'),
  '/ClassTimetable': () => import('./TeacherWeekPage'),
  '/parenttimetable': () => import('./StudentTimetablePage').then((m) => ({ default: m.ParentTimetablePage })),
  '/studenttimetable': () => import('./StudentTimetablePage').then((m) => ({ default: m.StudentTimetablePage })),
});
