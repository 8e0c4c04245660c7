import type { ComponentType } from 'react';
import type { ScreenProps } from '../../../app/screen';

/** Fees, part "student": its screens by route path (../screens.ts spreads them). */
export const FEE_STUDENT_SCREENS: Record<string, ComponentType<ScreenProps>> = {};
