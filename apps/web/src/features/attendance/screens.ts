import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

// Marking, one day's list and the logs.
const MarkAttendancePage = lazy(() => import('./MarkAttendancePage'));
const ViewAttendancePage = lazy(() => import('./ViewAttendancePage'));
const AttendanceLogsPage = lazy(() => import('./AttendanceLogsPage'));
// The month view.
const MonthPage = lazy(() => import('./MonthPage'));

/** The screens of attendance, by route path (routes.tsx spreads them). */
export const ATTENDANCE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/attendance': MarkAttendancePage,
  '/viewattendance/:date': ViewAttendancePage,
  '/attendancelogs': AttendanceLogsPage,
  '/getattendancedata': MonthPage,
};
