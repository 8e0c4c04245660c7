import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../../lib/screen';

const LateFeePage = lazy(() => import('./LateFeePage'));

/** Fees, part "late fees": its screen by route path (../screens.ts spreads it). */
export const FEE_LATE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/latefee': LateFeePage,
};
