import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

/** The screens of holidays and the calendar, by route path (routes.tsx spreads them). */
export const CALENDAR_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/holidays': lazy(() => import('./HolidaysPage')),
  '/viewholidays': lazy(() => import('./ViewHolidaysPage')),
  '/parentviewcalender': lazy(() => import('./ParentCalendarPage')),
};
