import { lazyScreens } from '../../lib/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const MESSAGING_SCREENS = lazyScreens({
  '/notificationsettings': () => import('./NotificationSettingsPage'),
});
