import { lazyScreens } from '../../lib/screen';

/** The screens of attendance, by route path (routes.tsx spreads them): marking, one day's list, the logs, the month. */
export const ATTENDANCE_SCREENS = lazyScreens({
  '/attendance': () => import('./MarkAttendancePage'),
  '/viewattendance/:date': () => import('./ViewAttendancePage'),
  '/attendancelogs': () => import('./AttendanceLogsPage'),
  '/getattendancedata': () => import('./MonthPage'),
});
