import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const ChatPage = lazy(() => import('./ChatPage').then((m) => ({ default: m.ChatPage })));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const CHAT_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/chat': ChatPage,
};
