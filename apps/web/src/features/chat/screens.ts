import { lazyScreens } from '../../lib/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const CHAT_SCREENS = lazyScreens({
  '/chat': () => import('./ChatPage').then((m) => ({ default: m.ChatPage })),
});
