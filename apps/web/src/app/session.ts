import { notifications } from '@mantine/notifications';
import { clearAuth, isSignedIn } from '../api/auth';
import { configureClient } from '../api/http';
import { i18n } from '../i18n';

interface Clearable {
  clear(): void;
}

/** Caches of signed-in data (the query client), emptied when the session ends. */
const caches = new Set<Clearable>();

export function registerCache(cache: Clearable): void {
  caches.add(cache);
}

/**
 * Wires the API client to the app: the UI language goes out as Accept-Language, and a call that
 * answers 401 UNAUTHENTICATED (expired or revoked session) clears the cookies and the caches and
 * goes to `/`.
 */
export function wireClient(goHome: () => void, cache?: Clearable): void {
  if (cache) registerCache(cache);
  configureClient({
    language: () => i18n.language || 'en',
    onUnauthenticated: () => {
      const wasSignedIn = isSignedIn();
      clearAuth();
      for (const c of caches) c.clear();
      if (wasSignedIn) {
        notifications.show({ id: 'session-ended', color: 'orange', message: i18n.t('errors.UNAUTHENTICATED') });
        goHome();
      }
    },
  });
}
