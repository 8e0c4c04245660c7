import { lazyScreens } from '../../lib/screen';

/** Leave asked by parents (issue 43), by route path (signedIn.tsx spreads them): the parent's requests, the school's to decide. */
export const LEAVE_SCREENS = lazyScreens({
  '/leave': () => import('./ParentLeavePage'),
  '/leaverequests': () => import('./LeaveRequestsPage'),
});
