import { lazyScreens } from '../../lib/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const MESSAGING_SETTINGS_SCREENS = lazyScreens({
  '/messagingsettings': () => import('./MessagingSettingsPage'),
  '/platformmessaging': () => import('./PlatformMessagingPage'),
});
