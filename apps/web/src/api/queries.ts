import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_PAGES, type NotificationPage } from '@shala/contract';
import { call } from './client';
import { useAuth } from './auth';

export const queryKeys = {
  profile: (userId: string | null) => ['profile', userId] as const,
  sessions: ['sessions'] as const,
  notifications: ['notifications'] as const,
  dashboard: ['dashboard'] as const,
};

/** The signed-in user's profile (header avatar and /profile). */
export function useProfile() {
  const { userId } = useAuth();
  return useQuery({
    queryKey: queryKeys.profile(userId),
    queryFn: ({ signal }) => call('profile', { params: { userId: userId ?? '' }, signal }),
    enabled: !!userId,
  });
}

const sessionsQuery = queryOptions({
  queryKey: queryKeys.sessions,
  queryFn: ({ signal }) => call('sessions', { signal }),
  staleTime: 5 * 60_000,
});

/** Academic sessions of the caller's school (empty for the platform owner). */
export function useSessions(enabled = true) {
  return useQuery({ ...sessionsQuery, enabled });
}

export function useNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => call('notifications', { query: { page: 1, pageSize: DASHBOARD_PAGES.notifications }, signal }),
  });
}

/** Marks every notification read; the badge drops to 0 at once. */
/**
 * Tells the server the language the user reads (the picker's), once per sign-in and on each change:
 * Web Push to the user is written in it. A failure is left: the next page load tells it again.
 */
export function useReportLanguage(language: string): void {
  const { token } = useAuth();
  useEffect(() => {
    if (!token) return;
    call('notificationsLanguage', { body: { language: language === 'hi' ? 'hi' : 'en' } }).catch(() => undefined);
  }, [token, language]);
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('notificationsRead'),
    onMutate: async () => {
      await client.cancelQueries({ queryKey: queryKeys.notifications });
      const previous = client.getQueryData<NotificationPage>(queryKeys.notifications);
      if (previous) client.setQueryData<NotificationPage>(queryKeys.notifications, { ...previous, unread: 0 });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) client.setQueryData(queryKeys.notifications, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
