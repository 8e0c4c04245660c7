import { lazyScreens } from '../../lib/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const NOTIFICATION_SCREENS = lazyScreens({
  '/notifications': () => import('./NotificationsPage'),
});
