import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

const UpiClaimsPage = lazy(() => import('./UpiClaimsPage'));

/** Fees, part "UPI": the office's list of parents' UPI references to confirm (../screens.ts spreads it). */
export const FEE_UPI_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/feeupiclaims': UpiClaimsPage,
};
