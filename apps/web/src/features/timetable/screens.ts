import type { ComponentType } from 'react';
import type { ScreenProps } from '../../app/screen';

/** The screens of periods and timetables, by route path (routes.tsx spreads them). */
export const TIMETABLE_SCREENS: Record<string, ComponentType<ScreenProps>> = {};
