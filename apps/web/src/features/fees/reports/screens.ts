import type { ComponentType } from 'react';
import type { ScreenProps } from '../../../app/screen';

/** Fees, part "reports": its screens by route path (../screens.ts spreads them). */
export const FEE_REPORTS_SCREENS: Record<string, ComponentType<ScreenProps>> = {};
