import { loadAllTexts } from '../i18n';

/** The signed-in layout's chunk (with the dashboard, chunks.ts) and its screens' map. */
export const loadLayout = () => import('./layout/AppLayout');
export const loadSignedIn = () => import('./signedIn');

let started = false;

/**
 * Fetches what the signed-in layout needs (its code, every text of the language, the screens'
 * map) ahead of the sign-in: the sign-in form calls it when it is first touched, so on a slow phone
 * the code arrives while the person types (or at least while the sign-in itself is on its way),
 * not after it. Never on the page's load: a visitor who does not sign in does not fetch it.
 */
export function prefetchSignedIn(): void {
  if (started) return;
  started = true;
  void Promise.all([loadLayout(), loadAllTexts(), loadSignedIn()]).catch(() => {
    started = false;
  });
}
