import { lazyScreens } from '../../../lib/screen';

/** Fees, part "UPI": the office's list of parents' UPI references to confirm (../screens.ts spreads it). */
export const FEE_UPI_SCREENS = lazyScreens({
  '/feeupiclaims': () => import('./UpiClaimsPage'),
});
