import { lazyScreens } from '../../lib/screen';

/** The screens of holidays and the calendar, by route path (routes.tsx spreads them). */
export const CALENDAR_SCREENS = lazyScreens({
  '/holidays': () => import('./HolidaysPage'),
  '/viewholidays': () => import('./ViewHolidaysPage'),
  '/parentviewcalender': () => import('./ParentCalendarPage'),
});
