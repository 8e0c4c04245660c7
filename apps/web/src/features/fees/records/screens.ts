import type { ComponentType } from 'react';
import type { ScreenProps } from '../../../app/screen';

/** Fees, part "records": its screens by route path (../screens.ts spreads them). */
export const FEE_RECORDS_SCREENS: Record<string, ComponentType<ScreenProps>> = {};
