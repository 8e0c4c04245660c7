import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

const FeeRecordsPage = lazy(() => import('./FeeRecordsPage'));
const EmiPage = lazy(() => import('./EmiPage'));

/** Fees, part "records": its screens by route path (../screens.ts spreads them). */
export const FEE_RECORDS_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/addfeerecord': FeeRecordsPage,
  '/addfeeemi': EmiPage,
};
