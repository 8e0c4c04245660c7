import { lazyScreens } from '../../lib/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const MESSAGE_SCREENS = lazyScreens({
  '/messages': () => import('./MessagesPage'),
  '/messages/new': () => import('./ComposePage'),
  '/messages/usage': () => import('./UsagePage'),
  '/messages/:messageId': () => import('./MessagePage'),
  '/inbox/:messageId': () => import('./InboxMessagePage'),
});
