import { lazyScreens } from '../../../lib/screen';

/** Fees, part "reports": the overview (hub), the overdue instalments and the reports, by route path (../screens.ts spreads them). */
export const FEE_REPORTS_SCREENS = lazyScreens({
  '/feesdetails': () => import('./FeesHubPage'),
  '/feedues': () => import('./DuesPage'),
  '/feereports': () => import('./ReportsPage'),
});
