import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const PeriodsPage = lazy(() => import('./PeriodsPage'));
const PeriodFormPage = lazy(() => import('./PeriodFormPage'));
const TimetableEditorPage = lazy(() => import('./TimetableEditorPage'));
const ViewTimetablePage = lazy(() => import('./ViewTimetablePage'));
const TeacherWeekPage = lazy(() => import('./TeacherWeekPage'));
const StudentTimetablePage = lazy(() => import('./StudentTimetablePage').then((m) => ({ default: m.StudentTimetablePage })));
const ParentTimetablePage = lazy(() => import('./StudentTimetablePage').then((m) => ({ default: m.ParentTimetablePage })));

/** The screens of periods and timetables, by route path (routes.tsx spreads them). */
export const TIMETABLE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/period_datapage': PeriodsPage,
  '/addclass_periods': PeriodFormPage,
  '/timetable': TimetableEditorPage,
  '/viewtimetable': ViewTimetablePage,
  '/ClassTimetable': TeacherWeekPage,
  '/parenttimetable': ParentTimetablePage,
  '/studenttimetable': StudentTimetablePage,
};
