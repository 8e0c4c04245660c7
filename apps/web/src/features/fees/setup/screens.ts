import { lazyScreens } from '../../../lib/screen';

/** Fees, part "setup": its screens by route path (../screens.ts spreads them). */
export const FEE_SETUP_SCREENS = lazyScreens({
  '/AddFeetype': () => import('./FeeTypesPage'),
  '/viewall_fees': () => import('./AllFeesPage'),
  '/AddClassFee': () => import('./ClassFeePage'),
});
