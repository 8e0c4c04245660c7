import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { REALTIME_CLIENT, REALTIME_EVENTS } from '@shala/contract';
import { queryKeys } from '../../api/queries';

/**
 * Live notifications: one socket.io connection per signed-in tab (settings of spec section 9).
 * On 'notification' the notifications query is refreshed, so the badge goes up.
 */
export function useRealtimeNotifications(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const socket = io({
      path: REALTIME_CLIENT.path,
      transports: [...REALTIME_CLIENT.transports],
      timeout: REALTIME_CLIENT.timeout,
      reconnectionDelay: REALTIME_CLIENT.reconnectionDelay,
      reconnectionDelayMax: REALTIME_CLIENT.reconnectionDelayMax,
      randomizationFactor: REALTIME_CLIENT.randomizationFactor,
      reconnectionAttempts: REALTIME_CLIENT.reconnectionAttempts,
      auth: { token },
    });
    socket.on(REALTIME_EVENTS.notification, () => {
      void client.invalidateQueries({ queryKey: queryKeys.notifications });
    });
    socket.on('connect_error', (error) => {
      console.warn('Realtime connection failed:', error.message);
    });
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [token, client]);
}
