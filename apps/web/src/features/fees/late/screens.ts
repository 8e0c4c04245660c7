import { lazyScreens } from '../../../lib/screen';

/** Fees, part "late fees": its screen by route path (../screens.ts spreads it). */
export const FEE_LATE_SCREENS = lazyScreens({
  '/latefee': () => import('./LateFeePage'),
});
