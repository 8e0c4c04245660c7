import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

const FeeCounterPage = lazy(() => import('./FeeCounterPage'));

/** Fees, part "counter" (issue 25): its screen by route path (../screens.ts spreads it). */
export const FEE_COUNTER_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/feecounter': FeeCounterPage,
};
