import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const MessagesPage = lazy(() => import('./MessagesPage'));
const ComposePage = lazy(() => import('./ComposePage'));
const MessagePage = lazy(() => import('./MessagePage'));
const UsagePage = lazy(() => import('./UsagePage'));
const InboxMessagePage = lazy(() => import('./InboxMessagePage'));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const MESSAGE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/messages': MessagesPage,
  '/messages/new': ComposePage,
  '/messages/usage': UsagePage,
  '/messages/:messageId': MessagePage,
  '/inbox/:messageId': InboxMessagePage,
};
