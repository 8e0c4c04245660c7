import { lazyScreens } from '../../lib/screen';

/** The staff register (issue 42), by route path (signedIn.tsx spreads them): the day's and month's register, the staff without a sign-in, leave, self check-in. */
export const STAFF_SCREENS = lazyScreens({
  '/staffattendance': () => import('./StaffAttendancePage'),
  '/staffmembers': () => import('./StaffMembersPage'),
  '/staffleave': () => import('./StaffLeavePage'),
  '/checkin': () => import('./CheckinPage'),
  // The arrangement (substitution) register.
  '/substitutions': () => import('./SubstitutionsPage'),
});
