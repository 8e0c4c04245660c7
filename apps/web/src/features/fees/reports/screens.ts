import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

// The overview (hub), the overdue instalments and the reports.
const FeesHubPage = lazy(() => import('./FeesHubPage'));
const DuesPage = lazy(() => import('./DuesPage'));
const ReportsPage = lazy(() => import('./ReportsPage'));

/** Fees, part "reports": its screens by route path (../screens.ts spreads them). */
export const FEE_REPORTS_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/feesdetails': FeesHubPage,
  '/feedues': DuesPage,
  '/feereports': ReportsPage,
};
