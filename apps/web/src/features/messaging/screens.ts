import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const NotificationSettingsPage = lazy(() => import('./NotificationSettingsPage'));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const MESSAGING_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/notificationsettings': NotificationSettingsPage,
};
