import { lazyScreens } from '../../../lib/screen';

/** Fees, part "records": its screens by route path (../screens.ts spreads them). */
export const FEE_RECORDS_SCREENS = lazyScreens({
  '/addfeerecord': () => import('./FeeRecordsPage'),
  '/addfeeemi': () => import('./EmiPage'),
});
