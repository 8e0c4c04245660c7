import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { clearAuth, isSignedIn } from '../api/auth';
import { configureClient } from '../api/client';
import { i18n } from '../i18n';

/**
 * Wires the API client to the app: the UI language goes out as Accept-Language, and a call that
 * answers 401 UNAUTHENTICATED (expired or revoked session) clears the cookies and goes to `/`.
 */
export function wireClient(queryClient: QueryClient, goHome: () => void): void {
  configureClient({
    language: () => i18n.language || 'en',
    onUnauthenticated: () => {
      const wasSignedIn = isSignedIn();
      clearAuth();
      queryClient.clear();
      if (wasSignedIn) {
        notifications.show({ id: 'session-ended', color: 'orange', message: i18n.t('errors.UNAUTHENTICATED') });
        goHome();
      }
    },
  });
}
