import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const MessagingSettingsPage = lazy(() => import('./MessagingSettingsPage'));
const PlatformMessagingPage = lazy(() => import('./PlatformMessagingPage'));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const MESSAGING_SETTINGS_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/messagingsettings': MessagingSettingsPage,
  '/platformmessaging': PlatformMessagingPage,
};
