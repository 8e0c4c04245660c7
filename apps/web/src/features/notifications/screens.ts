import type { ComponentType } from 'react';
import type { ScreenProps } from '../../app/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const NOTIFICATION_SCREENS: Record<string, ComponentType<ScreenProps>> = {};
