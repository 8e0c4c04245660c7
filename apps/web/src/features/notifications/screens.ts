import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const NotificationsPage = lazy(() => import('./NotificationsPage'));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const NOTIFICATION_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/notifications': NotificationsPage,
};
