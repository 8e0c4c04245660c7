import { lazyScreens } from '../../../lib/screen';

/** Fees, part "counter" (issue 25): its screen by route path (../screens.ts spreads it). */
export const FEE_COUNTER_SCREENS = lazyScreens({
  '/feecounter': () => import('./FeeCounterPage'),
});
