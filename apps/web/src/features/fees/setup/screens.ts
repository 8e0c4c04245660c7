import type { ComponentType } from 'react';
import type { ScreenProps } from '../../../app/screen';

/** Fees, part "setup": its screens by route path (../screens.ts spreads them). */
export const FEE_SETUP_SCREENS: Record<string, ComponentType<ScreenProps>> = {};
