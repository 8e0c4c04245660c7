import type { ComponentType } from 'react';
import type { ScreenProps } from '../../app/screen';

/** The screens of attendance, by route path (routes.tsx spreads them). */
export const ATTENDANCE_SCREENS: Record<string, ComponentType<ScreenProps>> = {};

// The month views (attendance-views slice), kept at the bottom: the marking screens are listed above.
import { lazy as lazyScreen } from 'react';
ATTENDANCE_SCREENS['/getattendancedata'] = lazyScreen(() => import('./MonthPage'));
