import type { ComponentType } from 'react';
import type { ScreenProps } from '../../app/screen';

/** The screens of attendance, by route path (routes.tsx spreads them). */
export const ATTENDANCE_SCREENS: Record<string, ComponentType<ScreenProps>> = {};
